import { type DeviceKind, type DevicesResponse, endpoints, readingMwh } from '@homeview/contract';
import { dayOf, localDate } from '@homeview/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import {
  applianceByName,
  applianceKeyOf,
  DeviceError,
  type DeviceRow,
  listDevices,
  registerDevice,
  unregisterDevice,
} from './registry';
import { CATALOGUE_APPLIANCES } from '../appliances-catalogue/catalogue';
import type { AuthContext } from '../accounts/sessions';
import { requireUser } from '../../http/auth';
import { badRequest, notFound, tooManyRequests } from '../../http/errors';
import { parse } from '../../http/validate';
import { type House, requireHouseOf } from '../../shared/house';
import { takeDeviceAttempt } from './lookups';
import { possessionProblem } from './possession';
import { presentDevice } from './present';
import { isUnclaimed, readingsBetween, unclaimedById, unclaimedRecord } from './repository';

// Additive to §7 (issue 23): a home's live devices, for its householder or a carer of it (the home is
// named by its owner's user_id, authorised as every account call). Add, claim and remove answer the
// home's devices as GET does; the registry tells the running device consumer.

const APPLIANCES = CATALOGUE_APPLIANCES.map((a) => ({ key: a.key, name: a.name }));

async function devicesOf(db: Queryable, house: House, now: number, mqtt: boolean): Promise<DevicesResponse> {
  const rows = await listDevices(db, house.id);
  const todayDate = localDate(now, house.time_zone);
  const today = dayOf(todayDate, house.time_zone);
  const wholeHouse = rows.some((r) => r.appliance_type_id === null)
    ? await readingsBetween(db, house.id, today.start, today.end)
    : 0;
  const devices = rows.map((row) => {
    const typeId = row.appliance_type_id;
    if (typeId === null) return presentDevice(row, null, wholeHouse, now);
    const appliance = APPLIANCES.find((a) => a.key === applianceKeyOf(typeId)) ?? null;
    // A plug counts its own uses (the home's of its appliance may be another plug's).
    const own = typeof row.uses === 'string' ? (JSON.parse(row.uses) as DeviceRow['uses']) : row.uses;
    return presentDevice(row, appliance, own?.day === todayDate ? own.n : 0, now);
  });
  return { time_zone: house.time_zone, devices, appliances: APPLIANCES, mqtt };
}

export function deviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => Math.floor(ctx.clock.now().getTime() / 1000);
  /** Without a broker nothing reads the devices (devices/server.ts): the screens say so. */
  const mqtt = ctx.config.mqttUrl !== null;

  /** One attempt of the account's shared limit (add, claim, lookup): 429 when over it. */
  const attempt = async (userId: number) => {
    const wait = await takeDeviceAttempt(ctx.db, userId, now());
    if (wait > 0) throw tooManyRequests(wait);
  };

  /** The home of `userId` once the caller (signed in before anything is read) may act on it. */
  const homeOf = async (request: FastifyRequest, auth: AuthContext, userId: number) => {
    await assertCanActOn(ctx.db, auth, userId, request.log);
    return requireHouseOf(ctx.db, userId);
  };

  const register = async (
    house: House,
    body: {
      kind: DeviceKind;
      device_id: string;
      appliance?: string | undefined;
      reading?: string | undefined;
    },
  ): Promise<void> => {
    if (body.appliance !== undefined && applianceByName(body.appliance) === null)
      throw badRequest(
        `Unknown appliance "${body.appliance}": choose one of ${APPLIANCES.map((a) => a.name).join(', ')}.`,
        'appliance',
      );
    // A device already sending is added only by whoever shows they hold it (possession.ts).
    const record = await unclaimedRecord(ctx.db, body.kind, body.device_id);
    const typed = body.reading === undefined ? undefined : readingMwh(body.reading);
    const problem = possessionProblem(body.kind, record, typed, now());
    if (problem !== null) throw badRequest(problem, 'reading');
    try {
      await registerDevice(
        ctx.db,
        { houseId: house.id, kind: body.kind, deviceId: body.device_id, appliance: body.appliance },
        now(),
      );
    } catch (error) {
      // Already registered (to this home or another: whose is never said).
      if (error instanceof DeviceError) throw badRequest(error.message, 'device_id');
      throw error;
    }
  };

  app.get(endpoints.devicesGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.devicesGet.request, request.query);
    const house = await homeOf(request, auth, user_id);
    return devicesOf(ctx.db, house, now(), mqtt);
  });

  app.post(endpoints.devicesAdd.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.devicesAdd.request, request.body);
    const house = await homeOf(request, auth, body.user_id);
    await attempt(auth.user.id);
    await register(house, body);
    return devicesOf(ctx.db, house, now(), mqtt);
  });

  app.post(endpoints.devicesRemove.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.devicesRemove.request, request.body);
    const house = await homeOf(request, auth, body.user_id);
    if (!(await unregisterDevice(ctx.db, house.id, body.id))) throw notFound('This home has no such device.');
    return devicesOf(ctx.db, house, now(), mqtt);
  });

  app.get(endpoints.devicesUnclaimed.path, async (request) => {
    const auth = requireUser(request);
    const query = parse(endpoints.devicesUnclaimed.request, request.query);
    await homeOf(request, auth, query.user_id);
    await attempt(auth.user.id);
    return { devices: await unclaimedById(ctx.db, query.device_id) };
  });

  app.post(endpoints.devicesClaim.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.devicesClaim.request, request.body);
    const house = await homeOf(request, auth, body.user_id);
    await attempt(auth.user.id);
    if (!(await isUnclaimed(ctx.db, body.kind, body.device_id)))
      throw notFound('No device of that kind and id is waiting to be claimed.');
    await register(house, body);
    return devicesOf(ctx.db, house, now(), mqtt);
  });
}
