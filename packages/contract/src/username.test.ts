import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { isValidUsername, usernameSchema } from './username';

// Django's UnicodeUsernameValidator vectors (tests/auth_tests/test_validators.py) plus the length limit.
describe('usernameSchema', () => {
  const valid = ['joe', 'René', 'ᴮᴵᴳᴮᴵᴿᴰ', 'أحمد', 'a.b@c+d-e_f', '42', 'x'.repeat(150), '𝐀'.repeat(150)];
  const invalid: [string, string][] = [
    ["o'connor", messages.usernameInvalid],
    ['عبد ال', messages.usernameInvalid],
    ['zerowidth\u200Bspace', messages.usernameInvalid],
    ['nonbreaking\u00A0space', messages.usernameInvalid],
    ['en\u2013dash', messages.usernameInvalid],
    ['trailingnewline\u000A', messages.usernameInvalid],
    ['\nleadingnewline', messages.usernameInvalid],
    ['Rene\u0301', messages.usernameInvalid], // Python's \w has no combining marks
    ['has space', messages.usernameInvalid],
    ['', messages.usernameRequired],
    ['x'.repeat(151), messages.usernameTooLong],
    ['𝐀'.repeat(151), messages.usernameTooLong],
  ];

  it.each(valid)('accepts %j', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
    expect(isValidUsername(name)).toBe(true);
  });

  it.each(invalid)('refuses %j', (name, message) => {
    const result = usernameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
    expect(isValidUsername(name)).toBe(false);
  });

  it('refuses a non-string, naming the field', () => {
    expect(usernameSchema.safeParse(['a']).error?.issues[0]?.message).toBe('Username must be a single value');
  });
});
