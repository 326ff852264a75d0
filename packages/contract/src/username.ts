import { z } from 'zod';
import { fieldMessage } from './form';
import { messages } from './messages';

// Django's UnicodeUsernameValidator: r'^[\w.@+-]+\Z'. Python's Unicode \w is letters, digits and
// underscore (str.isalnum() + '_'), so combining marks, zero-width and no-break spaces are refused. JS `$`
// without the m flag matches only at the very end, which is Python's \Z: a trailing newline is refused.
const USERNAME = /^[\p{L}\p{N}_.@+-]+$/u;
export const USERNAME_MAX_LENGTH = 150;

export const isValidUsername = (s: string): boolean =>
  USERNAME.test(s) && [...s].length <= USERNAME_MAX_LENGTH;

/** A username as created or renamed (1–150 code points of letters, digits and @/./+/-/_). */
export const usernameSchema = z
  .string({ error: fieldMessage('Username', 'text') })
  .min(1, messages.usernameRequired)
  // Django counts code points; zod's .max counts UTF-16 units, hence the explicit check.
  .refine((s) => [...s].length <= USERNAME_MAX_LENGTH, messages.usernameTooLong)
  .refine((s) => USERNAME.test(s), messages.usernameInvalid);
