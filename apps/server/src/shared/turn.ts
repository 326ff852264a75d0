// Giving the event loop a turn, the one way: long work in the process (a big body parsed, PGlite's
// statements, the demo's days simulated) awaits these between its pieces, so requests that came meanwhile
// are read and begin.

/** Resolves at the loop's next check phase (setImmediate): I/O callbacks already due run first. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One whole trip through the event loop, its poll phase included: requests that came while PGlite worked
 * (its statements run without giving the loop a turn) are read and begin before this resolves. One
 * nextTurn is not enough when called from the poll phase itself (a PostgreSQL reply): the check phase
 * follows at once, before the next poll.
 */
export async function turnOfTheLoop(): Promise<void> {
  await nextTurn();
  await nextTurn();
}
