import { z } from 'zod';
import { epoch } from './common';

// Not in the spec (additive, issue 27, ASVS 3.3.4): the signed-in account's own sessions, listed on the
// password screen, and "sign out everywhere else". No ids go out: the only action is on all the others.

export const AccountSession = z.object({
  /** When it began (the login), epoch seconds. */
  created_at: epoch,
  /** Its latest request as last recorded (refreshed at most once a minute), epoch seconds. */
  last_seen_at: epoch,
  /** The session this request was sent in. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const SessionsResponse = z.object({ sessions: z.array(AccountSession) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const EndOtherSessionsResponse = z.object({ ended: z.number().int().nonnegative() });
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponse>;
