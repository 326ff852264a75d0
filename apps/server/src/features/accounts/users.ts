import { newPasswordFailures, usernameSchema } from '@homeview/contract';
import { isHalfHourZone } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { insertLink, linkExists } from '../../shared/carer-links';
import { houseOf, insertHouse, type NewHouse } from '../../shared/house';
import { normaliseUsername } from './login';
import { type PasswordHasher, unusablePassword } from './password';
import { findUserId, insertUser } from './repository';

// Account provisioning shared by the admin CLI and the demo seed. Problems are thrown as
// ProvisioningError with a sentence a person can act on.

export class ProvisioningError extends Error {}

/** A user's id by username (null when there is none): provisioning asks it before creating. */
export { findUserId };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewAccount {
  username: string;
  email: string | null;
  /** Checked against the product's password rules; null = an unusable password (nobody logs in). */
  password: string | null;
  setupDone?: boolean;
}

/** The checks that need no database: username form, email form, password rules. */
export function checkNewAccount(account: NewAccount): void {
  const checked = usernameSchema.safeParse(normaliseUsername(account.username));
  if (!checked.success) throw new ProvisioningError(checked.error.issues[0]!.message);
  if (account.email !== null && (account.email.length > 254 || !EMAIL.test(account.email))) {
    throw new ProvisioningError(`"${account.email}" is not an email address`);
  }
  if (account.password !== null) {
    const failures = newPasswordFailures(account.password);
    if (failures.length > 0) throw new ProvisioningError(failures.join(' '));
  }
}

export async function createAccount(
  db: Queryable,
  hasher: PasswordHasher,
  account: NewAccount,
): Promise<number> {
  checkNewAccount(account);
  const username = normaliseUsername(account.username);
  if ((await findUserId(db, username)) !== null)
    throw new ProvisioningError(`A user named "${username}" already exists`);
  const passwordHash = account.password === null ? unusablePassword() : await hasher.hash(account.password);
  return insertUser(db, {
    username,
    email: account.email,
    passwordHash,
    setupDone: account.setupDone ?? false,
  });
}

export async function requireUserId(db: Queryable, username: string): Promise<number> {
  const id = await findUserId(db, normaliseUsername(username));
  if (id === null) throw new ProvisioningError(`No user named "${username}"`);
  return id;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function checkHouseFields(name: string, timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new ProvisioningError(`"${timeZone}" is not an IANA time zone`);
  // Readings are summed per UTC half-hour, so a zone whose offset is not a whole half-hour (+05:45,
  // +08:45) has local days that do not start on a half-hour: refused rather than summed wrongly.
  if (!isHalfHourZone(timeZone))
    throw new ProvisioningError(
      `"${timeZone}" is not supported: its offset from UTC is not a whole half-hour, so its local days ` +
        'would not start on a half-hour of readings; choose a zone whose offset is (e.g. the nearest city with one)',
    );
  if (name.trim() === '' || name.length > 100)
    throw new ProvisioningError('A house name must have 1 to 100 characters');
}

export async function createHouse(db: Queryable, house: NewHouse): Promise<number> {
  checkHouseFields(house.name, house.timeZone);
  if ((await houseOf(db, house.ownerUserId)) !== null) {
    throw new ProvisioningError('This user already has a house (one per account)');
  }
  return insertHouse(db, house);
}

/** An accepted link: provisioning is done by an administrator acting for both people. */
export async function linkDependant(
  db: Queryable,
  carerUserId: number,
  dependantUserId: number,
  at: Date,
): Promise<number> {
  if (carerUserId === dependantUserId) throw new ProvisioningError('A user cannot be their own dependant');
  if (await linkExists(db, carerUserId, dependantUserId))
    throw new ProvisioningError('These two users are already linked');
  return insertLink(db, carerUserId, dependantUserId, at);
}
