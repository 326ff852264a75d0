import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { todayQuery } from './features/my-home/queries';
import { call } from './shared/api';
import { isLazyPage } from './shared/layout/lazyPage';
import { getStoredUser } from './shared/storage';

// The screen the app opens on gets its code and its first read asked for at once, in two steps:
// - startOpeningScreen runs when main.tsx imports this module, before React renders anything: it sends
//   the page's chunk request and its read (nothing here waits on React);
// - startFirstScreen, before the first render, puts that read into the query cache (so it lands before
//   React renders when it came back in time, and the page never asks twice) and waits for the page's code.
// Without this /my-home fetched its code, rendered a loading screen, then asked for its data: one after
// the other, which kept its largest paint over a second at 4× CPU slowdown (`npm run bench web-lcp`).

/** A query's key with a queryFn that hands out a read already sent. */
type StartedRead = { queryKey: QueryKey; queryFn: () => Promise<unknown> };

/** What to start for a screen: its page's code, and its first read for the stored user. */
type FirstScreen = { page: () => Promise<unknown>; read: (userId: number) => StartedRead };

/** The one table of first screens, by route path. */
const firstScreens: Record<string, FirstScreen> = {
  '/my-home': {
    page: () => import('./features/my-home/pages/TodayPage'),
    read: (user_id) => started(todayQuery(user_id), call('energyToday', { fields: { user_id } })),
  },
};

function started(options: { queryKey: QueryKey }, read: Promise<unknown>): StartedRead {
  read.catch(() => undefined); // the query that takes it sees the failure; untaken, it is not unhandled
  return { queryKey: options.queryKey, queryFn: () => read };
}

/** The reads started at opening, by pathname, each handed to the cache once. */
const opened = new Map<string, StartedRead>();

/** Starts the opening screen's code and read; exported for tests, run once below. */
export function startOpeningScreen(pathname: string): void {
  const screen = firstScreens[pathname];
  if (screen === undefined) return;
  screen.page().catch(() => undefined); // a failure shows when the page renders (RouteError)
  const userId = getStoredUser()?.user_id;
  if (userId != null) opened.set(pathname, screen.read(userId));
}

/** How long the first render waits for the page's code before showing the loading screen instead. */
export const PAGE_WAIT_MS = 500;

/**
 * Puts the read for `pathname` into the cache (the one started at opening, else a new one) and starts
 * the page's code; resolves once the code is there (or failed, or PAGE_WAIT_MS passed). Rendering after
 * that draws the page at once: a page that suspends on its first render shows the loading screen, and
 * React then holds the page back for a while (its fallback throttle).
 */
export function startFirstScreen(
  routes: RouteObject[],
  client: QueryClient,
  pathname: string,
): Promise<void> {
  const matched = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (matched === undefined) return Promise.resolve();
  const screen = matched.path === undefined ? undefined : firstScreens[matched.path];
  const userId = getStoredUser()?.user_id;
  const read = opened.get(pathname) ?? (screen && userId != null ? screen.read(userId) : undefined);
  opened.delete(pathname);
  if (read !== undefined) void client.prefetchQuery(read);
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

startOpeningScreen(window.location.pathname);
