import type { SupplierKind } from '@homeview/contract';
import type { Config } from '../../config';
import { seal, unseal } from '../../shared/secrets';
import { GlowmarktSource } from './glowmarkt/source';
import { OctopusSource } from './octopus';
import type { SupplierSource } from './source';

// What a connection's credentials are, how they are sealed in its row, and the one place a kind of
// supplier becomes its client (`sourceFor`): a new supplier's client is one more line here.

export type SupplierCredentials =
  | { kind: 'octopus'; apiKey: string; accountNumber: string }
  | { kind: 'bright'; email: string; password: string };

/** A kind whose client is not in this build: a person reads the message. */
export class SourceNotAvailable extends Error {
  override readonly name = 'SourceNotAvailable';
}

export function sourceFor(
  kind: SupplierKind,
  credentials: SupplierCredentials,
  config: Pick<Config, 'octopusApiUrl' | 'glowmarktApiUrl'>,
): SupplierSource {
  if (kind === 'octopus' && credentials.kind === 'octopus')
    return new OctopusSource(credentials, { baseUrl: config.octopusApiUrl });
  if (kind === 'bright' && credentials.kind === 'bright')
    return new GlowmarktSource({ baseUrl: config.glowmarktApiUrl, ...credentials });
  throw new SourceNotAvailable(`These credentials are not for ${kind}.`);
}

/** The last 4 characters of what names the account: the account number, or the email's name part. */
export function accountEndOf(credentials: SupplierCredentials): string {
  const name = credentials.kind === 'octopus' ? credentials.accountNumber : credentials.email.split('@')[0]!;
  return name.slice(-4);
}

/** Credentials are bound to their home and kind: a sealed value copied to another row does not open. */
const contextOf = (houseId: number, kind: SupplierKind) => `supplier-credentials:${houseId}:${kind}`;

export function sealCredentials(key: Buffer, houseId: number, credentials: SupplierCredentials): string {
  return seal(key, JSON.stringify(credentials), contextOf(houseId, credentials.kind));
}

export function openCredentials(
  key: Buffer,
  houseId: number,
  kind: SupplierKind,
  sealed: string,
): SupplierCredentials {
  const credentials = JSON.parse(unseal(key, sealed, contextOf(houseId, kind))) as SupplierCredentials;
  if (credentials.kind !== kind) throw new Error('sealed credentials of another kind');
  return credentials;
}
