import type { ReactNode } from 'react';

interface PageProps {
  /** wide: up to 1280 px (dashboards); narrow: up to 600 px (forms). Spec §9. */
  width?: 'wide' | 'narrow';
  className?: string;
  children: ReactNode;
}

/** The main landmark of a screen; ScrollToTop focuses it after navigation. */
export function Page({ width = 'wide', className, children }: PageProps) {
  return (
    <main id="main" tabIndex={-1} className={`page page--${width}${className ? ` ${className}` : ''}`}>
      {children}
    </main>
  );
}
