import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** The buttons; the first one marked `data-autofocus` gets the focus when the dialog opens. */
  actions: ReactNode;
  onClose: () => void;
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * A modal dialog: labelled by its title, focus moved inside and kept there, Escape closes, the page behind
 * is inert (not reachable by keyboard or screen reader) and focus returns where it was on close.
 */
export function Dialog({ title, children, actions, onClose }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = dialog.closest('.dialog-backdrop');
    const background = Array.from(document.body.children).filter(
      (el) => el !== host && !el.hasAttribute('inert'),
    );
    for (const el of background) el.setAttribute('inert', '');
    document.body.classList.add('has-dialog');
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus();

    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const el of background) el.removeAttribute('inert');
      document.body.classList.remove('has-dialog');
      previous?.focus();
    };
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(focusable));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
