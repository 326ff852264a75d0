// The browser-side session (spec §3 "Stored session user" and the values stored beside it).
// Everything lives in localStorage under these keys, so the session survives a reload and is shared by
// the tabs of one browser; `clearSession()` removes every one of them (logout, opening /login, any 401).
//
//   hv.user               JSON StoredUser: username, already_set_up, user_id, user_title,
//                         dependant_user_id, dependant_title, num_alerts
//   hv.csrftoken          the CSRF token from the login answer, sent as X-CSRFToken on every write
//   hv.sp_id              the service point id (first dashboard item that has one)
//   hv.house_id           the HomeView house id (type-1 item's user_house_id); the Account page shows the
//                         HomeView card only when it is set
//   hv.user_id            the account user's id (type-1 item), used for HomeView reads and writes
//   hv.dependant_user_id  the dependant's id (type-2 item), used for InfoCare reads and writes
//   hv.is_demo_user       "true" when any dashboard item has demo_user (hides Correct/Incorrect on alerts)

export const storageKeys = {
  user: 'hv.user',
  csrfToken: 'hv.csrftoken',
  spId: 'hv.sp_id',
  houseId: 'hv.house_id',
  userId: 'hv.user_id',
  dependantUserId: 'hv.dependant_user_id',
  isDemoUser: 'hv.is_demo_user',
} as const;

/** The stored session user of spec §3. It never crosses the wire: it is built from the login answer. */
export interface StoredUser {
  username: string;
  already_set_up: boolean;
  user_id: number | null;
  user_title: string | null;
  dependant_user_id: number | null;
  dependant_title: string | null;
  num_alerts: number;
}

/** Everything written at login. */
export interface StoredSession {
  user: StoredUser;
  csrfToken: string;
  spId: number | null;
  houseId: number | null;
  userId: number | null;
  dependantUserId: number | null;
  isDemoUser: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (privacy mode): behave as logged out
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the session then lasts only as long as the server cookie is honoured.
  }
}

function readId(key: string): number | null {
  const raw = read(key);
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

const nullableNumber = (v: unknown): v is number | null =>
  v === null || (typeof v === 'number' && Number.isFinite(v));
const nullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.username === 'string' &&
    typeof v.already_set_up === 'boolean' &&
    nullableNumber(v.user_id) &&
    nullableString(v.user_title) &&
    nullableNumber(v.dependant_user_id) &&
    nullableString(v.dependant_title) &&
    typeof v.num_alerts === 'number'
  );
}

// useSyncExternalStore needs a stable snapshot: parse once per distinct raw string.
let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

export function getStoredUser(): StoredUser | null {
  const raw = read(storageKeys.user);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      cachedUser = isStoredUser(parsed) ? parsed : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export const getCsrfToken = (): string | null => read(storageKeys.csrfToken);
export const getSpId = (): number | null => readId(storageKeys.spId);
export const getHouseId = (): number | null => readId(storageKeys.houseId);
export const getUserId = (): number | null => readId(storageKeys.userId);
export const getDependantUserId = (): number | null => readId(storageKeys.dependantUserId);
export const getIsDemoUser = (): boolean => read(storageKeys.isDemoUser) === 'true';

const idOrNull = (n: number | null): string | null => (n === null ? null : String(n));

export function saveSession(session: StoredSession): void {
  write(storageKeys.user, JSON.stringify(session.user));
  write(storageKeys.csrfToken, session.csrfToken);
  write(storageKeys.spId, idOrNull(session.spId));
  write(storageKeys.houseId, idOrNull(session.houseId));
  write(storageKeys.userId, idOrNull(session.userId));
  write(storageKeys.dependantUserId, idOrNull(session.dependantUserId));
  write(storageKeys.isDemoUser, session.isDemoUser ? 'true' : null);
  notify();
}

export function clearSession(): void {
  for (const key of Object.values(storageKeys)) write(key, null);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Subscribe to session changes in this tab and in other tabs of the same browser. */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('hv.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
