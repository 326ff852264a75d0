import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/types';
import type { AuthContext } from '../features/accounts/sessions';
import { forbidden, notFound } from '../http/errors';
import { findTarget } from './repository';

// Object-level authorisation for every route that takes a user_id or dependant_user_id (spec §6 and
// spec-decisions "Ids on InfoCare writes"): a user may act on their own id and on the ids of dependants
// linked to them (accepted link, enabled account), nothing else.
// Documented choice: an id that exists but is not yours → 403; an id that does not exist → 404. (User ids
// are sequential, so hiding existence behind one status would buy little; the issue asks for this split.)

export async function assertCanActOn(
  db: Queryable,
  actor: AuthContext,
  targetUserId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  if (targetUserId === actor.user.id) return;
  const target = await findTarget(db, actor.user.id, targetUserId);
  if (target?.linked && !target.disabled) return;
  log?.warn(
    { event: 'authz_denied', userId: actor.user.id, targetUserId, at: new Date().toISOString() },
    'access denied',
  );
  if (!target) throw notFound('No such user.');
  throw forbidden('You do not have access to this user.');
}
