import { readToday, todayKey } from './features/my-home/todayRead';
import { getStoredUser } from './shared/storage';

// The app opens in two steps, so that the opened screen never waits behind the app's own code:
// 1. main.ts, the entry (this module and the few it imports: no React, no router, no query library), asks
//    at once for the opened screen's code and its first read;
// 2. app.tsx, once the app's code is in, hands that read to the query cache and renders when the page's
//    code and its read are both there (firstScreen.ts), so the first paint is the page with its figures.
// Before, /my-home asked for its code and its data only once the whole app had been evaluated, then drew
// a loading screen and drew again: its largest paint was over a second at 4× CPU slowdown
// (`npm run bench web-lcp`).

/** A read the opening started: its query key and the answer on its way. */
export interface OpenedRead {
  queryKey: readonly unknown[];
  answer: Promise<unknown>;
}

interface OpeningScreen {
  page: () => Promise<unknown>;
  key: (userId: number) => readonly unknown[];
  read: (userId: number) => Promise<unknown>;
}

/** The screens worth starting before the app, by pathname: the ones a person opens the app on. */
const openingScreens: Record<string, OpeningScreen> = {
  '/my-home': { page: () => import('./features/my-home/pages/TodayPage'), key: todayKey, read: readToday },
};

/** Starts the code and, for a stored user, the read of the screen at `pathname`. */
export function startOpeningScreen(pathname: string): OpenedRead | undefined {
  const screen = openingScreens[pathname];
  if (screen === undefined) return undefined;
  // The read first: the server's answer is the longer wait; the code's requests start just after it.
  const userId = getStoredUser()?.user_id;
  const answer = userId == null ? undefined : screen.read(userId);
  answer?.catch(() => undefined); // the query that takes it sees the failure; untaken, it is not unhandled
  screen.page().catch(() => undefined); // a failure shows when the page renders (RouteError)
  return userId == null || answer === undefined ? undefined : { queryKey: screen.key(userId), answer };
}
