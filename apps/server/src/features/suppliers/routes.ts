import { CALORIFIC_DEFAULT, endpoints, type SupplierConnectRequest } from '@homeview/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { requireUser } from '../../http/auth';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../http/errors';
import { parse } from '../../http/validate';
import { type House, requireHouseOf } from '../../shared/house';
import type { AuthContext } from '../accounts/sessions';
import { takeSupplierAttempt } from './attempts';
import { ConnectRefused, connectSupplier, disconnectSupplier } from './connect';
import { presentConnections } from './present';
import { calorificValuesOf, setCalorificValue } from './calorific';
import { connectionsOfHouse, correctMeterUnit, metersOf } from './repository';
import type { SupplierCredentials } from './sources';

// Additive to §7 (issue 35): a home's supplier accounts, for its householder or a carer of it (the home
// named by its owner's user_id, authorised as the devices calls are). Connect checks the credentials with
// the supplier before answering; credentials are never answered or logged (the request log has no bodies).

async function suppliersOf(db: Queryable, house: House) {
  const rows = await connectionsOfHouse(db, house.id);
  return presentConnections(
    house.time_zone,
    rows,
    await metersOf(
      db,
      rows.map((r) => r.id),
    ),
  );
}

async function calorificOf(db: Queryable, house: House) {
  const values = await calorificValuesOf(db, house.id);
  return {
    time_zone: house.time_zone,
    default_mj_per_m3: CALORIFIC_DEFAULT,
    values: values.map((v) => ({ from_date: v.from_date, mj_per_m3: v.tenths / 10 })),
  };
}

function credentialsOf(body: SupplierConnectRequest): SupplierCredentials {
  // The contract's refinement makes sure the kind's fields are there.
  return body.kind === 'octopus'
    ? {
        kind: 'octopus',
        apiKey: body.api_key as string,
        accountNumber: (body.account_number as string).toUpperCase(),
      }
    : { kind: 'bright', email: body.email as string, password: body.password as string };
}

export function supplierRoutes(app: FastifyInstance, ctx: AppContext): void {
  const now = () => Math.floor(ctx.clock.now().getTime() / 1000);

  const homeOf = async (request: FastifyRequest, auth: AuthContext, userId: number) => {
    await assertCanActOn(ctx.db, auth, userId, request.log);
    return requireHouseOf(ctx.db, userId);
  };

  app.get(endpoints.suppliersGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.suppliersGet.request, request.query);
    return suppliersOf(ctx.db, await homeOf(request, auth, user_id));
  });

  app.post(endpoints.suppliersConnect.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.suppliersConnect.request, request.body);
    const house = await homeOf(request, auth, body.user_id);
    const wait = await takeSupplierAttempt(ctx.db, auth.user.id, now());
    if (wait > 0) throw tooManyRequests(wait);
    try {
      await connectSupplier({ db: ctx.db, config: ctx.config }, house, credentialsOf(body), now());
    } catch (error) {
      if (error instanceof ConnectRefused)
        throw error.status === 400
          ? badRequest(error.message, error.field)
          : new HttpError(503, error.message);
      throw error;
    }
    return suppliersOf(ctx.db, house);
  });

  app.post(endpoints.suppliersDisconnect.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.suppliersDisconnect.request, request.body);
    const house = await homeOf(request, auth, body.user_id);
    if (!(await disconnectSupplier(ctx.db, house.id, body.id)))
      throw notFound('This home has no such supplier connection.');
    return suppliersOf(ctx.db, house);
  });

  app.post(endpoints.suppliersMeterUnit.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.suppliersMeterUnit.request, request.body);
    const house = await homeOf(request, auth, body.user_id);
    if (!(await correctMeterUnit(ctx.db, house.id, body.id, body.unit, now())))
      throw notFound("This home has no such gas meter (only a gas meter's unit can be changed).");
    return suppliersOf(ctx.db, house);
  });

  app.get(endpoints.calorificValuesGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.calorificValuesGet.request, request.query);
    return calorificOf(ctx.db, await homeOf(request, auth, user_id));
  });

  app.post(endpoints.calorificValueSet.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.calorificValueSet.request, request.body);
    const house = await homeOf(request, auth, body.user_id);
    await setCalorificValue(ctx.db, house, body.from_date, body.mj_per_m3, now());
    return calorificOf(ctx.db, house);
  });
}
