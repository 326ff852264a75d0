import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrorBody } from './errors';
import { formObject, id } from './form';

describe('toErrorBody', () => {
  const s = formObject({
    user_id: id('user_id'),
    nested: z.object({ list: z.array(z.number('not a number')) }),
  });

  const body = (input: unknown) => {
    const result = s.safeParse(input);
    if (result.success) throw new Error('expected a failure');
    return toErrorBody(result.error);
  };

  it('names the field of the first issue', () => {
    expect(body({ user_id: 'x', nested: { list: [] } })).toEqual({
      error: 'user_id must be a whole number',
      field: 'user_id',
    });
  });

  it('joins a nested path with dots', () => {
    expect(body({ user_id: 1, nested: { list: [1, 'b'] } })).toEqual({
      error: 'not a number',
      field: 'nested.list.1',
    });
  });

  it('names an unknown field', () => {
    expect(body({ user_id: 1, nested: { list: [] }, extra: 1 })).toEqual({
      error: 'Unknown field: extra',
      field: 'extra',
    });
  });

  it('leaves field out for a body-level problem', () => {
    expect(body(42)).toEqual({ error: 'The request must be a set of named fields' });
  });
});
