// Test helpers: render the real routes (AppRoutes) in a memory router, and stub `fetch` with canned
// answers that the contract's schemas check, both ways: the request the app sends and the answer the stub
// gives back.
import { type Endpoint, type EndpointName, endpoints } from '@homeview/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/preact';
import { useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type To,
  useLocation,
  useNavigate,
} from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { AppRoutes } from '../routes';
import { preloadPages } from '../shared/layout/lazyPage';

// Screens are code-split (shared/layout/lazyPage): fetch them all before any test renders one.
await preloadPages();

const contractViolations: string[] = [];

afterEach(() => {
  const violations = contractViolations.splice(0);
  expect(violations, 'requests and answers that break the contract').toEqual([]);
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

/** What tests see of the app's router: where it is, each place it goes, and a way to send it elsewhere. */
export interface TestRouter {
  state: { location: Location };
  subscribe: (listener: (state: { location: Location }) => void) => void;
  navigate: (to: To) => Promise<void>;
}

/** Inside the router: reports every location the app reaches to the TestRouter, and lends it navigate. */
function RouterProbe({
  onLocation,
  lend,
}: {
  onLocation: (l: Location) => void;
  lend: (n: NavigateFunction) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  lend(navigate);
  useLayoutEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

/** Renders `path` (the app's AppRoutes in a memory router); `queryClient` defaults to one that never retries. */
export function renderApp(
  path: string,
  state?: unknown,
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  }),
) {
  const [pathname = path, search] = path.split('?');
  const listeners: Array<(state: { location: Location }) => void> = [];
  let navigate: NavigateFunction | undefined;
  const router: TestRouter = {
    state: { location: { pathname, search: '', hash: '', state, key: 'default' } },
    subscribe: (listener) => listeners.push(listener),
    navigate: async (to) => {
      await act(async () => {
        await navigate?.(to);
      });
    },
  };
  const onLocation = (location: Location) => {
    router.state = { location };
    for (const listener of listeners) listener(router.state);
  };
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search: search === undefined ? '' : `?${search}`, state }]}>
        <RouterProbe onLocation={onLocation} lend={(n) => (navigate = n)} />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export interface Reply {
  status?: number;
  statusText?: string;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: URLSearchParams;
  credentials: RequestCredentials | undefined;
}

type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

const reasons: Record<number, string> = { 200: 'OK', 401: 'Unauthorized', 500: 'Internal Server Error' };

const byRoute = Object.entries(endpoints as Record<EndpointName, Endpoint>).flatMap(([name, e]) =>
  [e.path, ...(e.aliases ?? [])].map((path) => ({
    name,
    endpoint: e,
    method: e.method,
    pattern: new RegExp(`^${path.replace(/:[a-z_]+/g, '([^/]+)')}$`),
  })),
);

/** The contract's entry for a request, with its path parameters. */
function endpointFor(method: string, path: string) {
  for (const route of byRoute) {
    const match = route.method === method ? route.pattern.exec(path) : null;
    if (match) return { ...route, id: match[1] };
  }
  return undefined;
}

/** Checks a request and its answer against the contract; a mismatch fails the test (see afterEach). */
function checkAgainstContract(call: RecordedCall, path: string, reply: Reply): void {
  const route = endpointFor(call.method, path);
  if (!route) {
    contractViolations.push(`${call.method} ${path} is not a call of the contract`);
    return;
  }
  const fields = call.method === 'GET' ? new URL(call.url, 'http://test').searchParams : call.body;
  const problems = [
    route.endpoint.request.safeParse(Object.fromEntries(fields)).error,
    route.id === undefined ? undefined : route.endpoint.params?.safeParse({ id: route.id }).error,
    (reply.status ?? 200) < 300 ? route.endpoint.response.safeParse(reply.body).error : undefined,
  ];
  for (const problem of problems) {
    if (problem) contractViolations.push(`${route.name} (${call.url}): ${problem.message}`);
  }
}

/** Takes the contract violations recorded so far (for a test that provokes one on purpose). */
export function takeContractViolations(): string[] {
  return contractViolations.splice(0);
}

/**
 * Replaces `fetch`. Handlers are keyed "METHOD /path/" (path without the /api/v3 base and query); an
 * unhandled call fails the test loudly, and so does a request or answer the contract does not allow. Returns every call made, in order.
 */
export function stubApi(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const call: RecordedCall = {
      method,
      url,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: new URLSearchParams(init.body instanceof URLSearchParams ? init.body : undefined),
      credentials: init.credentials,
    };
    calls.push(call);
    const path = url.replace(/^\/api\/v3/, '').replace(/\?.*$/, '');
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected call ${method} ${url}`);
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    checkAgainstContract(call, url.replace(/\?.*$/, ''), reply);
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      statusText: reply.statusText ?? reasons[status] ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** A promise the test settles by hand (to look at loading states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Chooses an option as a browser does: the value, then `change`. Testing Library's fireEvent.change sends
 * `input` under preact/compat, which listens for `change` on a select.
 */
export function chooseOption(select: HTMLElement, value: string): void {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
