import { type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** The buttons; the first one marked `data-autofocus` gets the focus when the dialog opens. */
  actions: ReactNode;
  onClose: () => void;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the page behind inert (keyboard and
 * screen readers stay inside), Escape raises `cancel`, which closes it through onClose, and focus returns
 * where it was on close. Labelled by its title, described by its body.
 */
export function Dialog({ title, children, actions, onClose }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    document.body.classList.add('has-dialog');
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      document.body.classList.remove('has-dialog');
      previous?.focus();
    };
  }, []);

  // Escape: the browser fires `cancel`; the dialog stays under React's control, so onClose unmounts it.
  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCloseRef.current();
  };

  return createPortal(
    <dialog
      ref={ref}
      className="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={cancel}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="dialog__body">
        {children}
      </div>
      <div className="dialog__actions">{actions}</div>
    </dialog>,
    document.body,
  );
}
