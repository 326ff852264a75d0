import type { MailMessage } from '../../mail/mailer';

// What the invitations to a dependant's carers say by email (issue 25, 34.7): the invitation itself, the
// carers' notice that a link was opened by an account of another address (held for the sender), and the
// answer to the person who opened it. Pure: the caller sends them through the one mail module.

export function invitationMail(to: string, d: { inviter: string; dependant: string; link: string }) {
  return {
    to,
    subject: `${d.inviter} invites you to look after ${d.dependant} with InfoCare`,
    text: [
      'Hello,',
      '',
      `${d.inviter} invites you to share looking after ${d.dependant} on HomeView & InfoCare: you would see`,
      `${d.dependant}'s alerts, say when you are on one, and be told when another carer is.`,
      '',
      `Sign in to your HomeView & InfoCare account, the one with this address (${to}), then open`,
      'this link within 7 days:',
      '',
      d.link,
      '',
      `The link works once. Opened from an account with another address, it waits for ${d.inviter} to`,
      'confirm. If you were not expecting it, ignore this email.',
    ].join('\n'),
  } satisfies MailMessage;
}

export interface HeldFacts {
  /** Who opened the link: display name, username, account address. */
  name: string;
  username: string;
  accountEmail: string | null;
  /** The address it was sent to, and who sent it. */
  invited: string;
  inviter: string;
  dependant: string;
  /** The Carers page, where the sender confirms or refuses. */
  page: string;
}

/** To each of the dependant's carers (the sender included): someone not invited opened the link. */
export function heldNotice(to: string, f: HeldFacts, toInviter: boolean) {
  const who = `${f.name} (username ${f.username}${f.accountEmail ? `, ${f.accountEmail}` : ''})`;
  return {
    to,
    subject: `InfoCare: check who is joining ${f.dependant}'s carers`,
    text: [
      `The invitation ${toInviter ? 'you' : f.inviter} sent to ${f.invited}, to look after ${f.dependant}, was opened by`,
      `another account: ${who}.`,
      '',
      `They have not joined and see nothing of ${f.dependant}'s home. ${
        toInviter ? 'You can let them join, or refuse,' : `${f.inviter} can let them join, or refuse,`
      } on the Carers page:`,
      '',
      f.page,
      '',
      toInviter
        ? 'If you do not know who this is, refuse.'
        : `If you do not know who this is, tell ${f.inviter} to refuse.`,
    ].join('\n'),
  } satisfies MailMessage;
}

/** To the person who opened a held link, once its sender has decided. */
export function decisionMail(to: string, d: { inviter: string; dependant: string; joined: boolean }) {
  return {
    to,
    subject: d.joined
      ? `You are now one of ${d.dependant}'s carers`
      : `${d.inviter} did not confirm the InfoCare invitation`,
    text: d.joined
      ? `${d.inviter} confirmed the invitation you opened: you are now one of ${d.dependant}'s carers on HomeView & InfoCare.`
      : `${d.inviter} did not confirm the invitation you opened to look after ${d.dependant}. If it was meant for you, ask ${d.inviter} to send one to your account's address.`,
  } satisfies MailMessage;
}
