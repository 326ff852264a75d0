import {
  checkHouseFields,
  checkNewAccount,
  createAccount,
  createHouse,
  linkDependant,
  ProvisioningError,
  requireUserId,
} from '../../features/accounts/users';
import { outwardCode } from '@homeview/contract';
import { DEFAULT_TIME_ZONE } from '@homeview/domain';
import { setPostcode } from '../../shared/house';
import type { Command } from './types';

/** The outward code of a --postcode flag, or a message a person can act on. */
function outwardOf(text: string): string {
  const outward = outwardCode(text);
  if (outward === null)
    throw new ProvisioningError(`"${text}" is not a UK postcode (such as SW1A 1AA, or its first part SW1A)`);
  return outward;
}

export const createUser: Command = {
  name: 'create-user',
  summary: 'Create an account (the password must meet the product rules)',
  flags: {
    username: { description: 'login name', required: true },
    email: { description: 'email address', required: true },
    password: { description: 'password', required: true },
  },
  check: (f) => checkNewAccount({ username: f.username!, email: f.email!, password: f.password! }),
  run: (ctx, f) =>
    createAccount(ctx.db, ctx.hasher, { username: f.username!, email: f.email!, password: f.password! }),
};

export const createHouseCommand: Command = {
  name: 'create-house',
  summary: "Create a user's home (one per account)",
  flags: {
    user: { description: 'owner username', required: true },
    name: { description: "home name, default 'My Home'", required: false },
    zone: { description: 'IANA time zone, default Europe/London', required: false },
    postcode: { description: "UK postcode (its outward code is kept: the grid's region)", required: false },
  },
  check: (f) => {
    checkHouseFields(f.name ?? 'My Home', f.zone ?? DEFAULT_TIME_ZONE);
    if (f.postcode !== undefined) outwardOf(f.postcode);
  },
  run: async (ctx, f) =>
    createHouse(ctx.db, {
      ownerUserId: await requireUserId(ctx.db, f.user!),
      name: f.name ?? 'My Home',
      timeZone: f.zone ?? DEFAULT_TIME_ZONE,
      postcode: f.postcode === undefined ? null : outwardOf(f.postcode),
    }),
};

export const setPostcodeCommand: Command = {
  name: 'set-postcode',
  summary: "Set a home's postcode: its outward code picks the grid's carbon forecast region",
  flags: {
    user: { description: 'owner username', required: true },
    postcode: { description: 'UK postcode or its outward code (SW1A 1AA, SW1A)', required: true },
  },
  check: (f) => void outwardOf(f.postcode!),
  run: async (ctx, f) => {
    const outward = outwardOf(f.postcode!);
    if (!(await setPostcode(ctx.db, await requireUserId(ctx.db, f.user!), outward)))
      throw new ProvisioningError(`"${f.user}" has no home: create it first (create-house)`);
    return outward;
  },
};

export const linkDependantCommand: Command = {
  name: 'link-dependant',
  summary: "Let a carer watch a dependant's home (an accepted link)",
  flags: {
    carer: { description: 'carer username', required: true },
    dependant: { description: 'dependant username', required: true },
  },
  check: (f) => {
    if (f.carer === f.dependant) throw new ProvisioningError('A user cannot be their own dependant');
  },
  run: async (ctx, f) =>
    linkDependant(
      ctx.db,
      await requireUserId(ctx.db, f.carer!),
      await requireUserId(ctx.db, f.dependant!),
      ctx.now,
    ),
};
