import { SUPPLIER_KIND_TEXT, type SupplierKind } from '@homeview/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { setPostcodeIfNone } from '../../shared/house';
import { NO_SECRETS_KEY, secretsKeyOf } from '../../shared/secrets';
import { monthsBefore } from './days';
import { connectionsOfHouse, deleteConnection, insertConnection } from './repository';
import { SupplierError } from './source';
import {
  accountEndOf,
  SourceNotAvailable,
  type SupplierCredentials,
  sealCredentials,
  sourceFor,
} from './sources';

// Connecting a home's supplier account (the API and the admin CLI): the credentials are checked with the
// supplier first (its meters are read), and only then sealed and stored with the meters found; the fill
// job takes the new connection at once. Every meter is fetched, gas too (stored as the home's gas in
// Wh: fill.ts); a gas meter's unit is the client's word (Octopus's REST does not say: m³, as SMETS2
// meters report) until the home's person corrects it. Nothing is stored when anything is refused.
// The account's postcode (Octopus) gives a home without one its outward code, for My Home's regional
// carbon forecast (issue 37): at connecting only, so a postcode the person cleared or set stays theirs.

/** The first fill reaches back this many calendar months. */
export const FILL_MONTHS = 13;

export class ConnectRefused extends Error {
  override readonly name = 'ConnectRefused';
  constructor(
    message: string,
    /** 400: the person can fix it; 503: the server or the supplier cannot just now. */
    readonly status: 400 | 503,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface ConnectDeps {
  db: Db;
  config: Pick<Config, 'octopusApiUrl' | 'glowmarktApiUrl' | 'secretsKey' | 'databaseUrl' | 'dataDir'>;
}

export async function connectSupplier(
  deps: ConnectDeps,
  house: { id: number; time_zone: string },
  credentials: SupplierCredentials,
  now: number,
): Promise<number> {
  const kind: SupplierKind = credentials.kind;
  const name = SUPPLIER_KIND_TEXT[kind];
  const key = await secretsKeyOf(deps.config);
  if (key === null) throw new ConnectRefused(NO_SECRETS_KEY, 503);
  if ((await connectionsOfHouse(deps.db, house.id)).some((c) => c.kind === kind))
    throw new ConnectRefused(
      `This home is already connected to ${name}: disconnect it first to connect another account.`,
      400,
      'kind',
    );
  const source = sourceFor(kind, credentials, deps.config);
  let meters: Awaited<ReturnType<typeof source.meters>>;
  try {
    meters = await source.meters();
  } catch (error) {
    if (error instanceof SourceNotAvailable) throw new ConnectRefused(error.message, 400, 'kind');
    if (!(error instanceof SupplierError)) throw error;
    if (error.problem === 'credentials')
      throw new ConnectRefused(
        kind === 'octopus'
          ? `${name} did not accept this API key and account number: copy the key from octopus.energy → Personal details → API access, and the account number (A-…) from your bill.`
          : `${name} did not accept this email and password: use the ones you sign in to the Bright app with.`,
        400,
        kind === 'octopus' ? 'api_key' : 'password',
      );
    throw new ConnectRefused(
      `${name} could not be reached just now (${error.message}): try again in a few minutes.`,
      503,
    );
  }
  if (meters.length === 0)
    throw new ConnectRefused(
      `${name} lists no smart meter on this account's current home.`,
      400,
      kind === 'octopus' ? 'account_number' : 'email',
    );
  const id = await insertConnection(deps.db, {
    houseId: house.id,
    kind,
    credentials: sealCredentials(key, house.id, credentials),
    accountEnd: accountEndOf(credentials),
    fillFrom: monthsBefore(now, FILL_MONTHS, house.time_zone),
    now,
    meters: meters.map((m) => ({ ...m, stored: true })),
  });
  if (id === null)
    throw new ConnectRefused(
      `This home is already connected to ${name}: disconnect it first to connect another account.`,
      400,
      'kind',
    );
  if (source.outwardCode) await setPostcodeIfNone(deps.db, house.id, source.outwardCode);
  return id;
}

/** Disconnects (the stored readings stay); false when the home has no such connection. */
export function disconnectSupplier(db: Db, houseId: number, id: number): Promise<boolean> {
  return deleteConnection(db, houseId, id);
}
