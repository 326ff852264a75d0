import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { todayQuery } from './features/my-home/queries';
import { isLazyPage } from './shared/layout/lazyPage';
import { getStoredUser } from './shared/storage';

// Before the first render, for the screen the app opens on: its first read goes into the query cache
// (taking the request openingScreen.ts already sent, so it lands before React renders when it came back
// in time) and the render waits for the page's code. Without this /my-home fetched its code, rendered a
// loading screen, then asked for its data: one after the other, which kept its largest paint over a
// second at 4× CPU slowdown (`npm run bench web-lcp`).

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
