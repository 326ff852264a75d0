import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from './lazyPage';
import { ScrollToTop } from './ScrollToTop';

/** The frame around every screen. Each page renders its own header and a <main id="main">. */
export function Root() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
