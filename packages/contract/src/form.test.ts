import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanField,
  clockTime,
  epochSeconds,
  formObject,
  id,
  integer,
  isoDate,
  jsonField,
  MAX_JSON_FIELD_CHARS,
  oneOf,
  optionalEpochSeconds,
  optionalField,
  requiredText,
  text,
} from './form';
import { parses, rejects } from './test/expect';

// Each helper inside a one-field form, as the routes use them.
const form = <T extends z.ZodType>(schema: T) => formObject({ f: schema });

describe('id', () => {
  const s = form(id('user_id'));
  it.each([
    ['42', 42],
    [' 42 ', 42],
    [42, 42],
    ['+7', 7],
  ])('reads %j as %i', (input, out) => {
    expect(parses(s, { f: input }).f).toBe(out);
  });
  it.each([
    [undefined, 'user_id is required'],
    ['', 'user_id is required'],
    [['1', '2'], 'user_id must be a single value'],
    ['4.2', 'user_id must be a whole number'],
    ['1e3', 'user_id must be a whole number'],
    ['0x10', 'user_id must be a whole number'],
    [true, 'user_id must be a whole number'],
    [4.2, 'user_id must be a whole number'],
    ['0', 'user_id must be a positive number'],
    ['-1', 'user_id must be a positive number'],
    ['9999999999999999', 'user_id must be a whole number'],
  ])('refuses %j: %s', (input, message) => {
    rejects(s, { f: input }, 'f', message);
  });
});

describe('integer', () => {
  const s = form(integer('under10', 0, 20));
  it('accepts the bounds', () => {
    expect(parses(s, { f: '0' }).f).toBe(0);
    expect(parses(s, { f: 20 }).f).toBe(20);
  });
  it.each(['-1', '21', '1.5', 'two'])('refuses %j', (input) => {
    rejects(s, { f: input }, 'f', 'under10 must be a whole number from 0 to 20');
  });
});

describe('epochSeconds and optionalEpochSeconds', () => {
  it('reads a string or a number', () => {
    expect(parses(form(epochSeconds('timestamp')), { f: '1700000000' }).f).toBe(1_700_000_000);
    expect(parses(form(epochSeconds('timestamp')), { f: 1_700_000_000 }).f).toBe(1_700_000_000);
  });
  it.each(['abc', '-5', '1.5'])('refuses %j', (input) => {
    rejects(form(epochSeconds('timestamp')), { f: input }, 'f', 'timestamp must be a time in epoch seconds');
  });
  it('refuses far-future times', () => {
    rejects(form(epochSeconds('timestamp')), { f: '99999999999' }, 'f', 'timestamp is too far in the future');
  });
  it.each([undefined, '', 'null', null])('reads %j as not given', (input) => {
    expect(parses(form(optionalEpochSeconds('timestamp')), { f: input }).f).toBeUndefined();
  });
  it('still checks a given optional timestamp', () => {
    rejects(
      form(optionalEpochSeconds('timestamp')),
      { f: 'soon' },
      'f',
      'timestamp must be a time in epoch seconds',
    );
  });
});

describe('booleanField', () => {
  const s = form(booleanField('show_appliance'));
  it.each([
    ['true', true],
    ['True', true],
    ['1', true],
    [true, true],
    ['false', false],
    ['0', false],
    [false, false],
  ])('reads %j as %s', (input, out) => {
    expect(parses(s, { f: input }).f).toBe(out);
  });
  it.each(['yes', '2', 1])('refuses %j', (input) => {
    rejects(s, { f: input }, 'f', 'show_appliance must be true or false');
  });
});

describe('text and requiredText', () => {
  it('keeps text exactly as sent, bounded', () => {
    expect(parses(form(text('password', 5)), { f: ' a b ' }).f).toBe(' a b ');
    rejects(form(text('password', 5)), { f: '123456' }, 'f', 'password must be at most 5 characters');
    rejects(form(text('password', 5)), { f: ['a'] }, 'f', 'password must be a single value');
  });
  it('trims required text and refuses a blank one', () => {
    expect(parses(form(requiredText('feedback', 10)), { f: '  hi  ' }).f).toBe('hi');
    rejects(form(requiredText('feedback', 10)), { f: '   ' }, 'f', 'feedback is required');
    rejects(form(requiredText('feedback', 3)), { f: 'long' }, 'f', 'feedback must be at most 3 characters');
  });
});

describe('oneOf', () => {
  const s = form(oneOf('timescale', ['week', 'month'] as const));
  it('accepts a listed word', () => {
    expect(parses(s, { f: 'week' }).f).toBe('week');
  });
  it('refuses another, listing the choices', () => {
    rejects(s, { f: 'year' }, 'f', 'timescale must be one of week, month');
    rejects(s, { f: 'Week' }, 'f', 'timescale must be one of week, month');
  });
});

describe('optionalField', () => {
  const s = form(optionalField(oneOf('view_type', ['all'] as const)));
  it('treats missing or blank as not given', () => {
    expect(parses(s, {}).f).toBeUndefined();
    expect(parses(s, { f: '  ' }).f).toBeUndefined();
  });
  it('checks a given value', () => {
    rejects(s, { f: 'most' }, 'f', 'view_type must be one of all');
  });
});

describe('clockTime', () => {
  it.each(['00:00', '07:30', '23:59'])('accepts %s', (t) => {
    expect(parses(form(clockTime('start_time')), { f: t }).f).toBe(t);
  });
  it.each(['24:00', '7:30', '12:60', '1230'])('refuses %s', (t) => {
    rejects(form(clockTime('start_time')), { f: t }, 'f', 'start_time must be a time HH:MM');
  });
});

describe('isoDate', () => {
  it.each(['2024-02-29', '2025-12-31'])('accepts %s', (d) => {
    expect(parses(form(isoDate('start_date')), { f: d }).f).toBe(d);
  });
  it.each(['2023-02-29', '2024-13-01', '2024-04-31'])('refuses the impossible date %s', (d) => {
    rejects(form(isoDate('start_date')), { f: d }, 'f', 'start_date must be a real calendar date');
  });
  it.each(['24-01-01', '2024/01/01', '2024-1-1'])('refuses the format %s', (d) => {
    rejects(form(isoDate('start_date')), { f: d }, 'f', 'start_date must be a date YYYY-MM-DD');
  });
});

describe('jsonField', () => {
  const s = form(
    jsonField('popups', z.array(z.number(), { error: 'popups must be a list of numbers' }), 'a list'),
  );
  it('parses JSON text, or takes the value as is', () => {
    expect(parses(s, { f: '[1,2]' }).f).toEqual([1, 2]);
    expect(parses(s, { f: [3] }).f).toEqual([3]);
  });
  it('refuses bad JSON, JSON of the wrong shape, and oversized text', () => {
    rejects(s, { f: '[1,' }, 'f', 'popups must be valid JSON');
    rejects(s, { f: '{"a":1}' }, 'f', 'popups must be a list of numbers');
    rejects(s, { f: `[${'1,'.repeat(MAX_JSON_FIELD_CHARS)}1]` }, 'f', 'popups is too long');
  });
});

describe('formObject', () => {
  const s = formObject({ user_id: id('user_id') });
  it('refuses unknown fields, naming them', () => {
    rejects(s, { user_id: 1, userid: 2 }, 'userid', 'Unknown field: userid');
    rejects(s, { user_id: 1, a: 1, b: 2 }, 'a', 'Unknown fields: a, b');
  });
  it('refuses a body that is not a set of fields', () => {
    rejects(s, 'user_id=1', undefined, 'The request must be a set of named fields');
    rejects(s, null, undefined, 'The request must be a set of named fields');
  });
});
