import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountBody, STANDIN_ACCOUNT, STANDIN_KEY } from './octopus-account';
import { consumptionPage } from './octopus-consumption';
import { NO_FAULTS, type StandinFaults } from './octopus-faults';
import { answerProducts, isProductPath } from './octopus-products';

// A local stand-in for the Octopus Energy REST API (../shared/design/suppliers.md), for tests (no test
// reaches the internet) and for the demo's Octopus-connected home (DEMO_SUPPLIER: ../octopus-home.ts).
// It serves the documented shapes (GET /v1/accounts/{number}/ and each meter serial's consumption with
// `next` pages, HTTP Basic with the key as the user) from real data (octopus-series.ts). Its parts: the
// account (octopus-account.ts), the consumption pages (octopus-consumption.ts), the public products
// (octopus-products.ts; Agile's real 2020 prices per half-hour: octopus-agile.ts), and the faults
// (octopus-faults.ts): 5xx bursts, 429 with Retry-After, requests that never answer, a smaller page size
// and a page sent twice, rows outside the asked range, slots hidden
// until released (late data), a meter swap, an export MPAN, a gas MPRN (an SMETS2 meter: m³), answers that
// are not JSON, figures that are no energy (negative, not a number), and 401 for any other key. This file
// routes a request and answers the faults that replace an answer.

export interface StandinCall {
  path: string;
  kind: 'account' | 'consumption' | 'products' | 'other';
  serial?: string;
  point?: string;
  from?: string;
  to?: string;
  page?: number;
  status: number;
}

export interface OctopusStandin {
  url: string;
  faults: StandinFaults;
  calls: StandinCall[];
  /** Consumption calls of one serial (or all). */
  consumptionCalls(serial?: string): StandinCall[];
  close(): Promise<void>;
}

const ACCOUNT_PATH = /^\/v1\/accounts\/([^/]+)\/$/;
const CONSUMPTION_PATH = /^\/v1\/(electricity|gas)-meter-points\/([^/]+)\/meters\/([^/]+)\/consumption\/$/;
const BASIC = `Basic ${Buffer.from(`${STANDIN_KEY}:`).toString('base64')}`;

/** The request as the tests read it back. */
function callOf(url: URL): StandinCall {
  const consumption = CONSUMPTION_PATH.exec(url.pathname);
  if (consumption)
    return {
      path: url.pathname,
      kind: 'consumption',
      status: 200,
      point: decodeURIComponent(consumption[2] as string),
      serial: decodeURIComponent(consumption[3] as string),
      from: url.searchParams.get('period_from') ?? undefined,
      to: url.searchParams.get('period_to') ?? undefined,
      page: Number(url.searchParams.get('page') ?? 1),
    };
  const kind = ACCOUNT_PATH.test(url.pathname)
    ? 'account'
    : isProductPath(url.pathname)
      ? 'products'
      : 'other';
  return { path: url.pathname, kind, status: 200 };
}

type Answer = (status: number, body: unknown, headers?: Record<string, string>) => void;

/**
 * The consumption faults that take the place of an answer, each counted down as it is used; true when
 * one answered (or chose never to).
 */
function consumptionFault(
  faults: StandinFaults,
  call: StandinCall,
  res: ServerResponse,
  answer: Answer,
): boolean {
  if (faults.hangSerial !== null && faults.hangSerial === call.serial) {
    call.status = 0;
    return true; // never answers
  }
  if (faults.hang > 0) {
    faults.hang -= 1;
    call.status = 0;
    return true; // never answers
  }
  if (faults.errors5xx > 0) {
    faults.errors5xx -= 1;
    answer(503, { detail: 'Service unavailable' });
    return true;
  }
  if (faults.badShape > 0) {
    faults.badShape -= 1;
    answer(200, { count: 'many', results: 'soon' });
    return true;
  }
  if (faults.badJson > 0 && (faults.badJsonSerial === null || faults.badJsonSerial === call.serial)) {
    faults.badJson -= 1;
    call.status = 200;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"count": 1, "next": null, "previous": null, "results": [{"consumption": NaN}]}');
    return true;
  }
  if (faults.rateLimited > 0) {
    faults.rateLimited -= 1;
    answer(429, { detail: 'Request was throttled.' }, { 'retry-after': String(faults.retryAfterS) });
    return true;
  }
  return false;
}

export async function startOctopusStandin(initial: Partial<StandinFaults> = {}): Promise<OctopusStandin> {
  const faults: StandinFaults = { ...NO_FAULTS(), ...initial };
  const calls: StandinCall[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const call = callOf(url);
    calls.push(call);
    const answer: Answer = (status, body, headers = {}) => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    if (call.kind === 'products') {
      call.status = answerProducts(res, url, faults);
      return;
    }
    if (req.headers.authorization !== BASIC || faults.refuseAll)
      return answer(401, { detail: 'Authentication credentials were not provided.' });
    if (call.kind === 'account') {
      const number = decodeURIComponent(ACCOUNT_PATH.exec(url.pathname)?.[1] as string);
      return number === STANDIN_ACCOUNT
        ? answer(200, accountBody(faults))
        : answer(404, { detail: 'Not found.' });
    }
    if (call.kind !== 'consumption') return answer(404, { detail: 'Not found.' });
    if (consumptionFault(faults, call, res, answer)) return;
    const page = consumptionPage(faults, url, call.point as string, call.serial as string);
    answer(page.status, page.body);
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    calls,
    consumptionCalls: (serial) =>
      calls.filter((c) => c.kind === 'consumption' && (serial === undefined || c.serial === serial)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
