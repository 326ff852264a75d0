import type { DashboardItem, LoginResponse } from '@homeview/contract/web';
import type { StoredSession } from '../../shared/storage';

/**
 * What the login answer stores (spec §3): the title and id of the account user come from the type-1
 * (HomeView) item, the dependant's id, title and alert count from the type-2 (InfoCare) item.
 */
export function sessionFromLogin(username: string, response: LoginResponse): StoredSession {
  const home = response.dashboard.find((item) => item.dashboard_type === 1);
  const care = response.dashboard.find((item) => item.dashboard_type === 2);
  return {
    user: {
      username,
      already_set_up: response.already_set_up,
      user_id: home?.user_id ?? null,
      user_title: home?.title ?? null,
      dependant_user_id: care?.dependant_user_id ?? null,
      dependant_title: care?.title ?? null,
      num_alerts: care?.num_alerts ?? 0,
    },
    csrfToken: response.csrftoken,
    spId: firstNonNull(response.dashboard, (item) => item.sp_id),
    houseId: home?.user_house_id ?? null,
    userId: home?.user_id ?? null,
    dependantUserId: care?.dependant_user_id ?? null,
    isDemoUser: response.dashboard.some((item) => item.demo_user),
  };
}

function firstNonNull(items: DashboardItem[], pick: (item: DashboardItem) => number | null): number | null {
  for (const item of items) {
    const value = pick(item);
    if (value !== null) return value;
  }
  return null;
}

/** Router state of the move from /login to / (spec §4: the previous path is 'login'). */
export const fromLoginState = { from: 'login' } as const;

export function cameFromLogin(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { from?: unknown }).from === fromLoginState.from
  );
}

/** Where the chooser sends a user who has just logged in (spec-decisions "After login"). */
export function afterLoginPath(alreadySetUp: boolean, dashboard: DashboardItem[]): string {
  if (!alreadySetUp) return '/initial-setup';
  const care = dashboard.find((item) => item.dashboard_type === 2);
  if (care && care.num_alerts > 0) return '/parents-home';
  return '/';
}

/**
 * Where a `next` parameter of /login may send the user once signed in: a path of this site only. An
 * absolute URL, a protocol-relative `//host` (or `/\host`, which browsers read the same way) or anything
 * that resolves to another origin is ignored (an open redirect), and so is /login itself. Null: none.
 */
export function safeNextPath(next: string | null, origin: string): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // Control characters (a tab or newline inside "//") are dropped by URL parsers: refuse them outright.
  if ([...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /login address that comes back to `path` (this site's path, with its query) once signed in. */
export const loginReturningTo = (path: string) => `/login?next=${encodeURIComponent(path)}`;
