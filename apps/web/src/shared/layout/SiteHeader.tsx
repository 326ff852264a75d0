import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../ui/icons';

/** The top bar: the product mark and name, and the page's own links on the right. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <BrandMark className="brand__mark" />
          <span className="brand__name">HomeView &amp; InfoCare</span>
        </Link>
        {children ? (
          <nav aria-label="Account" className="site-header__actions">
            {children}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
