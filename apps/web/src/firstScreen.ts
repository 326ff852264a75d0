import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import type { OpenedRead } from './openingScreen';
import { isLazyPage } from './shared/layout/lazyPage';

/** How long the first render waits for the page's code and read before drawing what it has. */
export const PAGE_WAIT_MS = 500;

/**
 * Puts the read the opening started (openingScreen.ts) into the cache, so the page takes it instead of
 * asking again, and resolves once the page's code and that read are in (or failed, or PAGE_WAIT_MS
 * passed). Rendering then draws the page with its figures in one pass: a page that suspends on its first
 * render draws the loading screen first, and one whose read is out draws its loading state, each a
 * paint and a layout more before the one a person waits for.
 */
export function startFirstScreen(
  routes: RouteObject[],
  client: QueryClient,
  pathname: string,
  opened?: OpenedRead,
): Promise<void> {
  const waits: Promise<unknown>[] = [];
  if (opened !== undefined) {
    void client.prefetchQuery({ queryKey: opened.queryKey, queryFn: () => opened.answer });
    waits.push(opened.answer);
  }
  const page = (matchRoutes(routes, pathname)?.at(-1)?.route.element as { type?: unknown } | undefined)?.type;
  if (isLazyPage(page)) waits.push(page.preload());
  if (waits.length === 0) return Promise.resolve();
  return Promise.race([
    Promise.allSettled(waits).then(() => undefined), // a failure shows when the page renders
    new Promise<void>((resolve) => setTimeout(resolve, PAGE_WAIT_MS)),
  ]);
}
