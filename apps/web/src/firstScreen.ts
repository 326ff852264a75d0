import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { todayQuery } from './features/my-home/queries';
import { isLazyPage } from './shared/layout/lazyPage';
import { getStoredUser } from './shared/storage';

// The screen the app opens on: its code and its first read start together, as soon as the app's code
// runs, instead of one after the other (code, then render, then the read the page asks for). Without it
// /my-home's read went out only once its chunk had arrived and rendered, which kept its largest paint
// over a second on a slow phone (`npm run bench web-lcp`). The page's own query then finds the read in
// flight or done (same key) and does not ask again.

/** Reads worth starting before a page's code arrives, by route path, for the stored user. */
const firstReads: Record<string, (client: QueryClient, userId: number) => Promise<unknown>> = {
  '/my-home': (client, userId) => client.prefetchQuery(todayQuery(userId)),
};

/** How long the first render waits for the page's code before showing the loading screen instead. */
export const PAGE_WAIT_MS = 500;

/**
 * Starts the page's code and first read for `pathname`; resolves once the code is there (or failed, or
 * PAGE_WAIT_MS passed). Rendering after that draws the page at once: a page that suspends on its first
 * render shows the loading screen, and React then holds the page back for a while (its fallback throttle).
 */
export function startFirstScreen(
  routes: RouteObject[],
  client: QueryClient,
  pathname: string,
): Promise<void> {
  const matched = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (matched === undefined) return Promise.resolve();
  const userId = getStoredUser()?.user_id;
  const read = matched.path === undefined ? undefined : firstReads[matched.path];
  if (read !== undefined && userId != null) void read(client, userId);
  const page = (matched.element as { type?: unknown } | null | undefined)?.type;
  if (!isLazyPage(page)) return Promise.resolve();
  return Promise.race([
    page.preload().then(
      () => undefined,
      () => undefined, // the failure shows when the page renders (RouteError)
    ),
    new Promise<void>((resolve) => setTimeout(resolve, PAGE_WAIT_MS)),
  ]);
}
