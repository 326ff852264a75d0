import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { IngestError } from '../../features/readings/ingest';
import { receive } from '../../features/readings/receive';
import { homeGasUnits } from '../../features/suppliers/gas-files';
import { HttpError } from '../../http/errors';
import { hangUpAfterAnswer } from '../../http/hang-up';
import { parse } from '../../http/validate';
import type { Fuel } from '../../shared/fuel';
import { houseTariffs } from '../../shared/tariff-book';
import {
  ParseError,
  type Reading,
  type ReadingsUnits,
  readingsFormatFrom,
  readingsLayout,
  readReadingsJson,
} from '../formats';
import { parseJsonYielding } from '../json';
import { houseOfKey } from '../keys';
import { BatchTooLarge, parseCsvLinedYielding, yieldingSlices } from '../lined';
import { type PowerBatch, readPowerBatch } from '../power';
import { powerQuery, readingsQuery } from './schemas';
import { checkBatchSpan } from './span';

// Ingest for devices and scripts, outside /api/v3 (README "Ingest API"): a house key as a Bearer token
// instead of a session, so no CSRF token; JSON or CSV bodies; each batch all or nothing.

export const READINGS_PATH = '/api/ingest/v1/readings';
export const POWER_PATH = '/api/ingest/v1/appliance-power';
export const INGEST_BODY_LIMIT = 10 * 1024 * 1024;
export const INGEST_BATCH_LIMIT = 100_000;

const UNSUPPORTED =
  'Unsupported content type: send application/json ({"readings":[…]}) or text/csv (with ?format=).';

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<number> {
  const header = request.headers.authorization;
  const bearer = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  const challenge = { 'www-authenticate': 'Bearer realm="ingest"' };
  if (!bearer?.[1]) {
    throw new HttpError(
      401,
      "Send the house's ingest key as Authorization: Bearer <key> (npm run admin -- api-key --house <id> makes one).",
      undefined,
      challenge,
    );
  }
  const houseId = await houseOfKey(ctx.db, bearer[1]);
  if (houseId === null)
    throw new HttpError(401, 'The ingest key is not known; ask for a new one.', undefined, challenge);
  return houseId;
}

/** A text/csv or JSON body as the scope's parsers leave it, unparsed ('' when there was none). */
const bodyText = (request: FastifyRequest): string => (typeof request.body === 'string' ? request.body : '');

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** 400 naming the row (CSV: its line) and field, 413 with the limit; anything else is not ours. */
function refuse(reply: FastifyReply, error: unknown, lines: readonly number[] | null): FastifyReply {
  if (error instanceof ParseError) return reply.code(400).send(error.toJSON());
  if (error instanceof BatchTooLarge) return reply.code(413).send({ error: error.message });
  if (error instanceof IngestError) {
    if (error.index === null) return reply.code(400).send({ error: error.message, field: error.field });
    if (lines === null) {
      return reply
        .code(400)
        .send({ error: error.message, field: `readings[${error.index}].${error.field}`, row: null });
    }
    const row = lines[error.index] ?? null;
    return reply.code(400).send(new ParseError(row, error.field, error.detail).toJSON());
  }
  throw error;
}

const nowSeconds = (ctx: AppContext): number => Math.floor(ctx.clock.now().getTime() / 1000);

interface ReadingsBatch {
  rows: Reading[];
  lines: number[] | null;
  replace: boolean;
  fuel: Fuel | undefined;
}

/**
 * A gas file is read as `npm run import` reads it (features/suppliers/gas-files.ts): m³ at the home's
 * dated calorific value, an Octopus file that does not say its unit in the unit of the home's gas meter.
 */
async function unitsOf(ctx: AppContext, houseId: number, fuel: Fuel | undefined): Promise<ReadingsUnits> {
  if (fuel !== 'gas') return { fuel: 'electricity' };
  const zone = (await houseTariffs(ctx.db, houseId))?.zone;
  if (zone === undefined) return { fuel };
  const home = await homeGasUnits(ctx.db, { id: houseId, time_zone: zone });
  return { fuel, calorificAt: home.calorificAt, ...(home.meterUnit === 'm3' ? { gasUnit: 'm3' } : {}) };
}

async function readingsBatch(
  ctx: AppContext,
  request: FastifyRequest,
  houseId: number,
): Promise<ReadingsBatch> {
  const query = parse(readingsQuery, request.query);
  const replace = query.mode === 'replace';
  const { fuel } = query;
  const type = mediaType(request);
  if (type === 'text/csv') {
    const format = readingsFormatFrom(query.format);
    if (!format.ok) throw format.error;
    const parsed = await parseCsvLinedYielding(
      bodyText(request),
      readingsLayout(format.value, await unitsOf(ctx, houseId, fuel)),
      INGEST_BATCH_LIMIT,
    );
    return { ...parsed, replace, fuel };
  }
  if (type !== 'application/json') throw new HttpError(415, UNSUPPORTED);
  if (query.format !== undefined) throw new ParseError(null, 'format', 'is only for text/csv bodies');
  const body = await parseJsonYielding(bodyText(request));
  const list = (body as { readings?: unknown } | null)?.readings;
  if (Array.isArray(list) && list.length > INGEST_BATCH_LIMIT) throw new BatchTooLarge(INGEST_BATCH_LIMIT);
  return { rows: await readReadingsJson(body), lines: null, replace, fuel };
}

async function powerBatch(request: FastifyRequest): Promise<PowerBatch> {
  const query = parse(powerQuery, request.query);
  if (mediaType(request) !== 'text/csv') throw new HttpError(415, 'Unsupported content type: send text/csv.');
  const options = {
    interval_s: query.interval_s,
    ...(query.naive_time_zone === undefined ? {} : { naiveTimeZone: query.naive_time_zone }),
    onUnmapped: query.unmapped,
  };
  return readPowerBatch(yieldingSlices(bodyText(request)), options, INGEST_BATCH_LIMIT);
}

export function ingestRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    // Text bodies only here: the rest of the app keeps refusing anything but forms and JSON.
    scope.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    // JSON too is left as text here, and parsed by the route a slice at a time (parseJsonYielding).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const mb = INGEST_BODY_LIMIT / 1024 / 1024;
        throw new HttpError(
          413,
          `The body is larger than ${mb} MB (${INGEST_BODY_LIMIT} bytes), the limit; split it.`,
        );
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new HttpError(415, UNSUPPORTED);
      if (error instanceof ParseError || error instanceof BatchTooLarge) return refuse(reply, error, null);
      throw error;
    });

    // The key is checked when the request arrives, before its body is read or parsed: without a known
    // key, a 10 MB body costs nothing but the bytes on the wire.
    const houses = new WeakMap<FastifyRequest, number>();
    scope.addHook('onRequest', async (request, reply) => {
      try {
        houses.set(request, await authenticate(ctx, request));
      } catch (error) {
        hangUpAfterAnswer(request.raw, reply.raw); // the rest of the refused body is not read
        throw error;
      }
    });
    const houseOf = (request: FastifyRequest): number => {
      const houseId = houses.get(request);
      if (houseId === undefined) throw new Error('ingest route without its onRequest key check');
      return houseId;
    };

    scope.post(READINGS_PATH, { bodyLimit: INGEST_BODY_LIMIT }, async (request, reply) => {
      const houseId = houseOf(request);
      const batch = await readingsBatch(ctx, request, houseId);
      checkBatchSpan(batch.rows);
      try {
        // Stored (in the batch's fuel), then InfoCare told that data arrived (features/readings/receive).
        return await receive(
          ctx.db,
          [houseId],
          nowSeconds(ctx),
          (intake) => intake.readings(houseId, batch.rows, { replace: batch.replace }),
          batch.fuel === undefined ? {} : { fuel: batch.fuel },
        );
      } catch (error) {
        return refuse(reply, error, batch.lines);
      }
    });

    scope.post(POWER_PATH, { bodyLimit: INGEST_BODY_LIMIT }, async (request, reply) => {
      const houseId = houseOf(request);
      const batch = await powerBatch(request);
      checkBatchSpan(batch.readings);
      try {
        const result = await receive(ctx.db, [houseId], nowSeconds(ctx), async (intake) => {
          // The measured uses first: the readings' estimates then leave out the types the file measures.
          const events = await intake.events(houseId, batch.events);
          return { readings: await intake.readings(houseId, batch.readings), events };
        });
        return {
          stored: result.readings.stored + result.events.stored,
          duplicates: result.readings.duplicates + result.events.duplicates,
          ...result,
          skipped_columns: batch.skipped,
        };
      } catch (error) {
        return refuse(reply, error, batch.lines);
      }
    });
  });
}
