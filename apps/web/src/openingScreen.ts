import type { EndpointName, EndpointRequest, EndpointResponse } from '@homeview/contract/web';
import { call } from './shared/api';
import { getStoredUser } from './shared/storage';

// The first thing the app runs (main.tsx imports it before React, the router and the rest): for the
// screen the browser opened, the page's code and its first read are asked for now, while the app's own
// code is still being evaluated, not after it has rendered (firstScreen.ts then waits for them). It needs
// none of React, so nothing heavy runs before the requests go out.

/** What to start for each screen, by path, for the stored user. */
const opening: Record<string, { page: () => Promise<unknown>; read: (userId: number) => void }> = {
  '/my-home': {
    page: () => import('./features/my-home/pages/TodayPage'),
    read: (user_id) => startRead('energyToday', { user_id }),
  },
};

const started = new Map<string, Promise<unknown>>();
const keyOf = (name: EndpointName, fields: object) => `${name} ${JSON.stringify(fields)}`;

function startRead<K extends EndpointName>(name: K, fields: EndpointRequest<K>): void {
  const read = call(name, { fields });
  read.catch(() => undefined); // whoever takes it sees the failure; untaken, it is not an unhandled one
  started.set(keyOf(name, fields), read);
}

/** The read started at opening for this call and fields, handed out once (later reads ask again). */
export function takeStartedRead<K extends EndpointName>(
  name: K,
  fields: EndpointRequest<K>,
): Promise<EndpointResponse<K>> | undefined {
  const key = keyOf(name, fields);
  const read = started.get(key);
  started.delete(key);
  return read as Promise<EndpointResponse<K>> | undefined;
}

/** Starts the opening screen's code and read; exported for tests, run once below. */
export function startOpeningScreen(pathname: string): void {
  const screen = opening[pathname];
  if (screen === undefined) return;
  screen.page().catch(() => undefined); // a failure shows when the page renders (RouteError)
  const userId = getStoredUser()?.user_id;
  if (userId != null) screen.read(userId);
}

startOpeningScreen(window.location.pathname);
