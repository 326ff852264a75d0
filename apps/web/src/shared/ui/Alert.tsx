import type { ReactNode } from 'react';

interface AlertProps {
  tone: 'danger' | 'info';
  children: ReactNode;
}

/** A message box. Danger alerts are announced at once (role=alert); info ones politely. */
export function Alert({ tone, children }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <span className="alert__icon" aria-hidden="true">
        {tone === 'danger' ? '!' : 'i'}
      </span>
      <div className="alert__body">{children}</div>
    </div>
  );
}
