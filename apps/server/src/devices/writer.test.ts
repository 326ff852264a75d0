import { expect, it } from 'vitest';
import type { Db } from '../db/types';
import { writersFor } from './writer';

it('writes with two in five of the PostgreSQL pool at once, one on PGlite', () => {
  expect(writersFor({ kind: 'pglite' } as Db)).toBe(1);
  expect(writersFor({ kind: 'postgres', poolSize: 10 } as Db)).toBe(4); // the default pool: as before
  expect(writersFor({ kind: 'postgres', poolSize: 25 } as Db)).toBe(10);
  expect(writersFor({ kind: 'postgres', poolSize: 2 } as Db)).toBe(1); // never none
  expect(writersFor({ kind: 'postgres' } as Db)).toBe(4); // a view that does not say: the default pool's
});
