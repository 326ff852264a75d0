import type { PopupRow } from './repository';

// The demo's welcome (issue 33 item 3): one notice posted once, which named My Home, Mum's home and Dad's
// house to every demo login, though carer2 opens only Mum's and carer3 only Dad's. It is stored as
// posted (so databases seeded before read alike) and worded per account when read: only the homes this
// account can open, titled for what it has.

export const DEMO_WELCOME = {
  title: 'Welcome to HomeView',
  message:
    'This is a demo with sample homes. Explore the energy use of My Home, or look in on Mum’s home, or on Dad’s house, whose appliance uses are estimated from his smart meter alone.',
} as const;

export const isDemoWelcome = (row: PopupRow): boolean =>
  row.title === DEMO_WELCOME.title && row.message === DEMO_WELCOME.message;

/** The sample homes an account opens: its own (if any) and those of the dependants it looks after. */
export interface HomesOpen {
  own: string | null;
  lookedAfter: readonly string[];
}

/** The welcome worded for one account, or null when it opens no sample home (not the demo's to read). */
export function welcomeFor(row: PopupRow, homes: HomesOpen): PopupRow | null {
  const others = homes.lookedAfter;
  if (homes.own === null && others.length === 0) return null;
  const lookIn = others.length === 0 ? '' : `look in on ${others.join(', or on ')}`;
  const what =
    homes.own === null
      ? `${lookIn.charAt(0).toUpperCase()}${lookIn.slice(1)}.`
      : `Explore the energy use of ${homes.own}${lookIn ? `, or ${lookIn}` : ''}.`;
  return {
    id: row.id,
    title: homes.own === null ? 'Welcome to InfoCare' : 'Welcome to HomeView',
    message: `This is a demo with sample homes. ${what}`,
  };
}
