import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * On every route change (spec §2): scroll to the top and move focus to the main landmark, so keyboard
 * and screen-reader users start at the new page's content. The first render keeps the browser's focus.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    if (document.body.classList.contains('has-dialog')) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
