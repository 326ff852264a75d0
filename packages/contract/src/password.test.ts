import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages as m } from './messages';
import {
  isPasswordTooLong,
  newPasswordFailures,
  PASSWORD_MAX_BYTES,
  passwordLength,
  passwordRules,
  validatePasswordChange,
  validatePasswordReset,
} from './password';

describe('the §5.1 rules', () => {
  it('are listed in the spec order with the spec messages', () => {
    expect(passwordRules.map((rule) => [rule.id, rule.message])).toEqual([
      ['special', 'Your password must contain a special character.'],
      ['numeric', 'This password is entirely numeric. Please add at least 1 character.'],
      ['length', 'This password is too short. It must contain at least 8 characters.'],
      ['lowercase', 'Your password must contain a lowercase letter.'],
      ['uppercase', 'Your password must contain an uppercase letter.'],
    ]);
  });

  // [password, every failing message in order]
  const vectors: [string, string[]][] = [
    ['1234567', [m.needsSpecialCharacter, m.entirelyNumeric, m.tooShort, m.needsLowercase, m.needsUppercase]],
    ['12345678', [m.needsSpecialCharacter, m.entirelyNumeric, m.needsLowercase, m.needsUppercase]],
    ['42424242', [m.needsSpecialCharacter, m.entirelyNumeric, m.needsLowercase, m.needsUppercase]],
    ['password', [m.needsSpecialCharacter, m.needsUppercase]],
    ['godzilla', [m.needsSpecialCharacter, m.needsUppercase]],
    ['asdfjkl:', [m.needsUppercase]],
    ['PASSWORD', [m.needsSpecialCharacter, m.needsLowercase]],
    ['Password', [m.needsSpecialCharacter]],
    ['Passw0rd', [m.needsSpecialCharacter]],
    ['Pass!', [m.tooShort]],
    ['Pa!1', [m.tooShort]],
    ['pass!word', [m.needsUppercase]],
    ['PASS!WORD', [m.needsLowercase]],
    ['!!!!!!!!', [m.needsLowercase, m.needsUppercase]],
    ['!!!!', [m.tooShort, m.needsLowercase, m.needsUppercase]],
    ['12345678!', [m.needsLowercase, m.needsUppercase]],
    ['1234567a', [m.needsSpecialCharacter, m.needsUppercase]],
    ['Passw0rd!', []],
    ['correct Horse battery', []], // a space is a special character
    ['Éé!ÉÉÉÉÉ', []], // Unicode letters count as upper and lower case
    ['１２３４５６７８', [m.needsSpecialCharacter, m.entirelyNumeric, m.needsLowercase, m.needsUppercase]],
    ['Passwe\u0301rd', [m.needsSpecialCharacter]], // a combining accent is not a special character
    ['Aaaaaa😀', [m.tooShort]], // 7 code points, though 8 UTF-16 units
    ['Aaaaaaa😀', []],
  ];

  it.each(vectors)('%j fails %j', (password, failures) => {
    expect(newPasswordFailures(password)).toEqual(failures);
  });

  it.each(vectors)('%j shows only the last failing rule on both forms', (password, failures) => {
    const expected = failures.at(-1);
    const change = validatePasswordChange({ current_password: 'Other#123', new_password: password });
    const reset = validatePasswordReset({ new_password: password });
    expect(change).toEqual(expected === undefined ? {} : { new_password: expected });
    expect(reset).toEqual(expected === undefined ? {} : { new_password: expected });
  });

  it('counts length in code points, as Django does', () => {
    expect(passwordLength('😀😀')).toBe(2);
    expect(passwordLength('abc')).toBe(3);
  });

  it('agrees with an independent ASCII oracle on random passwords', () => {
    const oracle = (pw: string): string | undefined => {
      if (!/[A-Z]/.test(pw)) return m.needsUppercase;
      if (!/[a-z]/.test(pw)) return m.needsLowercase;
      if (pw.length < 8) return m.tooShort;
      if (/^[0-9]+$/.test(pw)) return m.entirelyNumeric;
      if (!/[^A-Za-z0-9]/.test(pw)) return m.needsSpecialCharacter;
      return undefined;
    };
    const ascii = fc.string({
      unit: fc.constantFrom(...'aZ09!# xYq'.split('')),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(ascii, (pw) => {
        expect(validatePasswordReset({ new_password: pw }).new_password).toBe(oracle(pw));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the input cap', () => {
  const atCap = `Aa!${'x'.repeat(PASSWORD_MAX_BYTES - 3)}`;

  it('accepts exactly 4096 bytes and refuses 4097, never truncating', () => {
    expect(newPasswordFailures(atCap)).toEqual([]);
    expect(newPasswordFailures(`${atCap}x`)).toEqual([m.passwordTooLong]);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const euros = `Aa!${'€'.repeat(1365)}`; // 1368 characters, 4098 bytes
    expect(isPasswordTooLong(euros)).toBe(true);
    expect(validatePasswordReset({ new_password: euros })).toEqual({ new_password: m.passwordTooLong });
  });

  it('applies to the current password too', () => {
    expect(
      validatePasswordChange({ current_password: `${atCap}x`, new_password: 'Passw0rd!' }).current_password,
    ).toBe(m.passwordTooLong);
  });
});

describe('validatePasswordChange', () => {
  it('shows only the required message of each empty field', () => {
    expect(validatePasswordChange({ current_password: '', new_password: '', confirm_password: '' })).toEqual({
      current_password: 'Your current password is required',
      new_password: 'Your new password is required',
      confirm_password: 'Type your new password.',
    });
  });

  it('returns {} when valid', () => {
    expect(
      validatePasswordChange({
        current_password: 'Old#pass1',
        new_password: 'New#pass1',
        confirm_password: 'New#pass1',
      }),
    ).toEqual({});
  });

  it('says the confirmation does not match', () => {
    expect(
      validatePasswordChange({
        current_password: 'Old#pass1',
        new_password: 'New#pass1',
        confirm_password: 'New#pass2',
      }),
    ).toEqual({ confirm_password: 'Your new passwords do not match' });
  });

  it('skips the confirmation when the caller has none', () => {
    expect(validatePasswordChange({ current_password: 'Old#pass1', new_password: 'New#pass1' })).toEqual({});
  });

  it('refuses a new password equal to the current one, as the last rule', () => {
    expect(
      validatePasswordChange({
        current_password: 'Same#pass1',
        new_password: 'Same#pass1',
        confirm_password: 'Same#pass1',
      }),
    ).toEqual({ new_password: 'Your new and current password are the same' });
    // Every composition rule fails too, yet "same as current" is listed last and wins.
    expect(validatePasswordChange({ current_password: '1234567', new_password: '1234567' })).toEqual({
      new_password: m.sameAsCurrent,
    });
    expect(newPasswordFailures('1234567', '1234567').at(-1)).toBe(m.sameAsCurrent);
  });

  it('treats NFKC-equal passwords as the same (the server hashes the NFKC form)', () => {
    expect(validatePasswordChange({ current_password: 'Ｐassw0rd!', new_password: 'Passw0rd!' })).toEqual({
      new_password: m.sameAsCurrent,
    });
  });

  it('does not compare with an empty current password', () => {
    expect(validatePasswordChange({ current_password: '', new_password: 'Passw0rd!' })).toEqual({
      current_password: m.currentPasswordRequired,
    });
  });

  it('keeps one message per field when several fields fail', () => {
    expect(
      validatePasswordChange({ current_password: '', new_password: 'abc', confirm_password: 'abd' }),
    ).toEqual({
      current_password: m.currentPasswordRequired,
      new_password: m.needsUppercase,
      confirm_password: m.passwordsDoNotMatch,
    });
  });
});

describe('validatePasswordReset', () => {
  it('uses the reset form wording for required fields', () => {
    expect(validatePasswordReset({ new_password: '', confirm_password: '' })).toEqual({
      new_password: 'New password is required',
      confirm_password: 'Please confirm your password',
    });
  });

  it('says the confirmation does not match', () => {
    expect(validatePasswordReset({ new_password: 'New#pass1', confirm_password: 'New#pass' })).toEqual({
      confirm_password: m.passwordsDoNotMatch,
    });
  });

  it('returns {} when valid', () => {
    expect(validatePasswordReset({ new_password: 'New#pass1', confirm_password: 'New#pass1' })).toEqual({});
  });
});
