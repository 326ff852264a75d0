import {
  checkHouseFields,
  checkNewAccount,
  createAccount,
  createHouse,
  linkDependant,
  ProvisioningError,
  requireUserId,
} from '../../features/accounts/users';
import { DEFAULT_TIME_ZONE } from '@homeview/domain';
import type { Command } from './types';

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
  },
  check: (f) => checkHouseFields(f.name ?? 'My Home', f.zone ?? DEFAULT_TIME_ZONE),
  run: async (ctx, f) =>
    createHouse(ctx.db, {
      ownerUserId: await requireUserId(ctx.db, f.user!),
      name: f.name ?? 'My Home',
      timeZone: f.zone ?? DEFAULT_TIME_ZONE,
    }),
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
