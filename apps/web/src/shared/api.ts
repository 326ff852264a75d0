// The one way the app talks to /api/v3 (spec §7). Every call is named after an entry of the contract's
// `endpointPaths` (its method and path); the contract's types say what it sends and answers. The schemas
// stay out of the bundle: the web's tests check every request and answer against them (src/test/app.tsx),
// the server's tests check the server's answers. Bodies are
// form-encoded, cookies are sent (same origin), and every state-changing call carries the CSRF token in
// X-CSRFToken.
import {
  type EndpointName,
  type EndpointParams,
  type EndpointRequest,
  type EndpointResponse,
  endpointPaths,
  pathFor,
} from '@homeview/contract/web';
import { clearSession, getCsrfToken } from './storage';
import { statusTextFor } from './statusText';

/** A form or query value. Objects and arrays are sent as a JSON string (popups_read, tariff). */
type FieldValue = string | number | boolean | null | undefined | object;

export interface CallOptions<K extends EndpointName> {
  /** Form fields (POST) or query parameters (GET), as the contract's request schema outputs them. */
  fields?: EndpointRequest<K>;
  /** The `:id` of paths that have one. */
  params?: EndpointParams<K>;
  signal?: AbortSignal;
  /**
   * Whether a 401 means the session is gone: then the stored session is cleared, which sends the user to
   * /login. Defaults to true for every endpoint the contract does not mark public (login, logout...).
   */
  authenticated?: boolean;
  /** Overrides the stored CSRF token (logout sends the token it has just cleared). */
  csrfToken?: string | null;
}

/** A non-2xx answer. `message` is what the danger alert shows (spec-decisions "Error display"). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly serverMessage: string | null,
    readonly field: string | null = null,
  ) {
    super(serverMessage ? `${statusText}: ${serverMessage}` : statusText);
  }
}

/** What to show for any failure: the ApiError text, or a plain sentence when the server was unreachable. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Could not reach the server. Check your connection and try again.';
}

function encode(fields: object | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields ?? {}) as [string, FieldValue][]) {
    if (value === undefined) continue;
    if (value === null) params.append(name, '');
    else if (typeof value === 'object') params.append(name, JSON.stringify(value));
    else params.append(name, String(value));
  }
  return params;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorBodyOf(body: unknown): { error: string | null; field: string | null } {
  if (typeof body !== 'object' || body === null) return { error: null, field: null };
  const { error, field } = body as Record<string, unknown>;
  return {
    error: typeof error === 'string' && error.trim() !== '' ? error : null,
    field: typeof field === 'string' ? field : null,
  };
}

/**
 * A GET endpoint's address with its query, for a link the browser follows itself (a file to download,
 * such as compare's `format=csv`): same origin, so the session cookie goes with it, as with `call`.
 */
export function hrefFor<K extends EndpointName>(name: K, fields: EndpointRequest<K>): string {
  const query = encode(fields).toString();
  return query === '' ? endpointPaths[name].path : `${endpointPaths[name].path}?${query}`;
}

export async function call<K extends EndpointName>(
  name: K,
  options: CallOptions<K> = {},
): Promise<EndpointResponse<K>> {
  const endpoint = endpointPaths[name];
  const { fields, signal } = options;
  const authenticated = options.authenticated ?? !('public' in endpoint);

  const headers: Record<string, string> = { Accept: 'application/json' };
  let url = options.params ? pathFor(name, options.params as Record<string, string | number>) : endpoint.path;
  let body: URLSearchParams | undefined;
  if (endpoint.method === 'GET') {
    const query = encode(fields).toString();
    if (query) url += `?${query}`;
  } else {
    body = encode(fields);
    const token = options.csrfToken === undefined ? getCsrfToken() : options.csrfToken;
    if (token) headers['X-CSRFToken'] = token;
  }

  const response = await fetch(url, {
    method: endpoint.method,
    headers,
    body,
    credentials: 'include',
    signal,
  });
  const data = await readJson(response);

  if (!response.ok) {
    if (response.status === 401 && authenticated) clearSession();
    const { error, field } = errorBodyOf(data);
    throw new ApiError(response.status, statusTextFor(response.status, response.statusText), error, field);
  }
  return data as EndpointResponse<K>;
}
