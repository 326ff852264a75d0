import { messages } from '@homeview/contract/web';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../shared/ui/Spinner';

interface Props {
  hasMore: boolean;
  loading: boolean;
  /** The last page failed: wait for the button rather than retrying on every scroll. */
  failed: boolean;
  empty: boolean;
  onMore: () => void;
}

/**
 * The end of the alert list: loads the next page when it scrolls into view (and by its button, for
 * keyboards and browsers without IntersectionObserver), or says there is nothing more (spec §8).
 */
export function MoreAlerts({ hasMore, loading, failed, empty, onMore }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const wanted = hasMore && !loading && !failed;

  useEffect(() => {
    const node = sentinel.current;
    if (!wanted || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [wanted, onMore]);

  if (!hasMore) {
    return <p className="alert-list__end">{empty ? messages.noAlerts : messages.noMoreAlerts}</p>;
  }
  return (
    <div ref={sentinel} className="alert-list__more">
      {loading ? (
        <p role="status" className="alert-list__loading">
          <Spinner /> Loading more alerts
        </p>
      ) : (
        <button type="button" className="button button--secondary" onClick={onMore}>
          {failed ? 'Try again' : 'Show older alerts'}
        </button>
      )}
    </div>
  );
}
