import { SupplierConnectRequest } from '@homeview/contract';
import { ConnectRefused, connectSupplier } from '../../features/suppliers/connect';
import type { SupplierCredentials } from '../../features/suppliers/sources';
import { houseById } from '../../features/suppliers/repository';
import { CliError } from '../args';
import type { Command } from './types';

// Supplier accounts (issue 35): connect a house's Octopus (or Bright) account from the command line. The
// credentials are checked with the supplier, sealed and stored as the API does; a server running (or
// started afterwards) fills the connection without being asked. Prints the connection id.

function houseIdOf(f: Record<string, string>): number {
  if (!/^[1-9]\d{0,9}$/.test(f.house ?? ''))
    throw new CliError(`--house must be a house id, got "${f.house}"`);
  return Number(f.house);
}

/** The flags as the API's request (the same rules and messages), or a CliError naming the flag. */
function credentialsOf(f: Record<string, string>): SupplierCredentials {
  const flagOf: Record<string, string> = {
    api_key: 'key',
    account_number: 'account',
    kind: 'kind',
    email: 'email',
    password: 'password',
  };
  const parsed = SupplierConnectRequest.safeParse({
    user_id: '1',
    kind: f.kind,
    ...(f.key === undefined ? {} : { api_key: f.key }),
    ...(f.account === undefined ? {} : { account_number: f.account }),
    ...(f.email === undefined ? {} : { email: f.email }),
    ...(f.password === undefined ? {} : { password: f.password }),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'kind');
    throw new CliError(`--${flagOf[field] ?? field}: ${issue?.message ?? 'not accepted'}`);
  }
  const b = parsed.data;
  const extra = b.kind === 'octopus' ? ['email', 'password'] : ['key', 'account'];
  for (const flag of extra)
    if (f[flag] !== undefined) throw new CliError(`--${flag} is not used with --kind ${b.kind}`);
  return b.kind === 'octopus'
    ? {
        kind: 'octopus',
        apiKey: b.api_key as string,
        accountNumber: (b.account_number as string).toUpperCase(),
      }
    : { kind: 'bright', email: b.email as string, password: b.password as string };
}

export const connectSupplierCommand: Command = {
  name: 'connect-supplier',
  summary:
    "Connect a house's supplier account (--kind octopus --key K --account A-XXXXXXXX, or --kind bright --email E --password P); " +
    'its smart meters are filled 13 months back by the server',
  flags: {
    house: { description: 'house id (create-house prints it)', required: true },
    kind: { description: 'octopus or bright', required: true },
    key: { description: 'Octopus API key (sk_live_…)', required: false },
    account: { description: 'Octopus account number (A-XXXXXXXX)', required: false },
    email: { description: 'Bright app email', required: false },
    password: { description: 'Bright app password', required: false },
  },
  check: (f) => {
    houseIdOf(f);
    credentialsOf(f);
  },
  run: async (ctx, f) => {
    const houseId = houseIdOf(f);
    const house = await houseById(ctx.db, houseId);
    if (house === null) throw new CliError(`There is no house ${houseId}.`);
    try {
      return await connectSupplier(ctx, house, credentialsOf(f), Math.floor(ctx.now.getTime() / 1000));
    } catch (error) {
      if (error instanceof ConnectRefused) throw new CliError(error.message);
      throw error;
    }
  },
};
