import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from './endpoints';
import { ChangePasswordRequest, PasswordResetConfirmRequest } from './entities/password';
import { toErrorBody } from './errors';
import { nestedTextProblem, textProblem } from './form';

// Issue 11: a NUL byte or a lone surrogate in any field of any call is a 400 naming the field (they used
// to reach PostgreSQL and answer 500). Every field of every endpoint's request (and path parameters),
// read from the contract itself, so the fields of new calls are covered as they are added.

const BAD: ReadonlyArray<[string, unknown]> = [
  ['a NUL byte', 'ab\u0000c'],
  ['a lone high surrogate', 'x\ud800y'],
  ['a lone low surrogate', '\udc00'],
  ['a NUL inside a repeated value', ['ok', '\u0000']],
  ['a NUL inside a JSON value', { nested: ['fine', { deeper: 'no\u0000' }] }],
  ['a lone surrogate in a nested key', { 'k\ud83d': 1 }],
];

// Requests that pick one of several forms by their content, with the forms they pick from.
const BRANCHES = new Map<z.ZodType, z.ZodType[]>([
  [endpoints.changePassword.request, [ChangePasswordRequest, PasswordResetConfirmRequest]],
]);

function fieldsOf(schema: z.ZodType): string[] {
  const branches = BRANCHES.get(schema);
  if (branches) return [...new Set(branches.flatMap(fieldsOf))];
  // formObject is a preprocess piped into a strict object: its shape is on the pipe's output side.
  const shape = (schema as unknown as { out?: { shape?: Record<string, unknown> } }).out?.shape;
  if (shape === undefined) throw new Error('a request schema is neither a formObject nor in BRANCHES');
  return Object.keys(shape);
}

const cases = Object.entries(endpoints).flatMap(([name, endpoint]) => {
  const schemas: [string, z.ZodType][] = [[`${name} request`, endpoint.request]];
  if ('params' in endpoint) schemas.push([`${name} params`, endpoint.params]);
  return schemas.flatMap(([label, schema]) => fieldsOf(schema).map((field) => ({ label, schema, field })));
});

describe('NUL bytes and lone surrogates in every field of every call', () => {
  it('finds the fields (the list is not empty, and login username is in it)', () => {
    expect(cases.length).toBeGreaterThan(40);
    expect(cases.some((c) => c.label === 'login request' && c.field === 'username')).toBe(true);
  });

  it.each(cases)('$label: $field', ({ schema, field }) => {
    for (const [what, value] of BAD) {
      const result = schema.safeParse({ [field]: value });
      expect(result.success, what).toBe(false);
      if (result.success) continue;
      const body = toErrorBody(result.error);
      expect(body.field, what).toBe(field);
      expect(body.error, what).toMatch(new RegExp(`^${field} must (not contain NUL|be valid Unicode)`));
    }
  });

  it('checks the inside of JSON text fields too (tariff rate names, popups_read)', () => {
    const tariff = JSON.stringify({ import: { rate_names: ['Day\u0000'] } });
    const result = endpoints.tariffPost.request.safeParse({ user_id: '1', tariff });
    expect(result.success).toBe(false);
    if (!result.success) expect(toErrorBody(result.error)).toMatchObject({ field: 'tariff' });
    const popups = endpoints.popupsPost.request.safeParse({ popups_read: '[{"popup_id":"\\ud800"}]' });
    expect(popups.success).toBe(false);
    if (!popups.success) expect(toErrorBody(popups.error).field).toBe('popups_read');
  });

  it('refuses a bad field name, naming no input', () => {
    const result = endpoints.login.request.safeParse({ 'user\u0000name': 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(toErrorBody(result.error).field).toBe('field name');
  });

  it('leaves real text alone: accents, emoji, CJK, combining marks', () => {
    for (const s of ['Café', 'naïve', '👩‍👩‍👧', '日本語', 'e\u0301', '\ud83d\ude00']) {
      expect(textProblem(s)).toBeNull();
    }
    expect(nestedTextProblem({ a: ['b', { c: 'd' }] })).toBeNull();
  });
});

// Issue 34.9: a carer's note with an ESC went raw into texts, emails and the operator's console. Every
// field that takes what a person writes (it accepts "Hello there") refuses C0 and C1 controls and DEL but
// keeps line breaks: found from the contract, so free text added later is covered. Secrets and the login
// name are kept exactly as typed (never shown); a device id is an identifier with its own rule.
const EXACT = new Set(['password', 'current_password', 'new_password', 'confirm_password', 'username']);
const IDENTIFIERS = new Set(['device_id', 'token']);

const freeTextCases = cases.filter(({ schema, field }) => {
  if (EXACT.has(field) || IDENTIFIERS.has(field)) return false;
  const shape = (schema as unknown as { out?: { shape?: Record<string, z.ZodType> } }).out?.shape;
  const own = shape?.[field]?.safeParse('Hello there');
  return own?.success === true && own.data === 'Hello there';
});

describe('control characters in every free-text field of every call', () => {
  it('finds the free-text fields (notes, feedback, names, labels)', () => {
    const found = freeTextCases.map((c) => `${c.label}: ${c.field}`);
    for (const expected of [
      'alertFeedback request: note',
      'alertFeedback request: feedback',
      'feedback request: feedback',
      'settingsPost request: name',
      'checkInPost request: name',
      'applianceSettingsPost request: appliance_label',
    ])
      expect(found).toContain(expected);
  });

  const CONTROLS: ReadonlyArray<[string, string]> = [
    ['an ESC sequence', 'All well\u001b[2J\u001b[31m'],
    ['a bell', 'ding\u0007'],
    ['a tab', 'a\tb'],
    ['a C1 CSI', 'x\u009b31m'],
    ['a DEL', 'x\u007f'],
    ['a NEL', 'a\u0085b'],
  ];

  it.each(freeTextCases)('$label: $field', ({ schema, field }) => {
    const shape = (schema as unknown as { out: { shape: Record<string, z.ZodType> } }).out.shape;
    for (const [what, value] of CONTROLS) {
      // The other fields are missing: the issue about this one is looked for among all of them.
      const result = schema.safeParse({ [field]: value });
      expect(result.success, what).toBe(false);
      const issues = result.error?.issues.filter((i) => i.path.join('.') === field) ?? [];
      expect(
        issues.map((i) => i.message),
        what,
      ).toEqual([`${field} must not contain control characters such as tab or escape: only line breaks`]);
    }
    // Line breaks stay; CR LF and CR become one.
    expect(shape[field]!.safeParse('Called her.\r\nAll fine\rnow\n').data).toBe('Called her.\nAll fine\nnow');
  });

  it('refuses them in tariff rate names too (inside the JSON text)', () => {
    const tariff = JSON.stringify({
      import: [{ days: 'all', prices: [0.2], times: [0], rate_names: ['Day\u001b[5m'] }],
    });
    const result = endpoints.tariffPost.request.safeParse({ user_id: '1', tariff });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(toErrorBody(result.error).error).toMatch(/rate names must not contain control/);
  });
});
