// Test helpers: render the real route table in a memory router, and stub `fetch` with canned answers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { routes } from '../routes';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

export function renderApp(path: string, state?: unknown) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state }] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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

/**
 * Replaces `fetch`. Handlers are keyed "METHOD /path/" (path without the /api/v3 base and query); an
 * unhandled call fails the test loudly. Returns every call made, in order.
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
