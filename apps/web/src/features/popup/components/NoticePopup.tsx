import { useState } from 'react';
import { Dialog } from '../../../shared/ui/Dialog';
import { useMarkPopupRead, usePopups } from '../queries';

/** The first unread notice as a modal; Okay or Escape closes it and marks it read for good (spec §4). */
export function NoticePopup() {
  const popups = usePopups();
  const markRead = useMarkPopupRead();
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set());
  const popup = popups.data?.find((p) => !dismissed.has(p.popup_id));
  if (!popup) return null;

  const close = () => {
    setDismissed((ids) => new Set(ids).add(popup.popup_id));
    markRead.mutate(popup.popup_id);
  };

  return (
    <Dialog
      key={popup.popup_id}
      title={popup.title}
      onClose={close}
      actions={
        <button type="button" className="button button--primary" data-autofocus onClick={close}>
          Okay
        </button>
      }
    >
      <p className="dialog__message">{popup.message}</p>
    </Dialog>
  );
}
