import type { z } from 'zod';
import type { ErrorBody } from './entities/account';

/**
 * The 400 body for a failed parse (ARCHITECTURE "Errors": `{error, field}`): the first issue's message and
 * the field it is about, as a dotted path (`tariff.import.0.prices.1`). An unknown field is named itself.
 */
export function toErrorBody(error: z.ZodError): ErrorBody {
  const issue = error.issues[0];
  if (issue === undefined) return { error: 'Invalid request' };
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path;
  const field = path.map(String).join('.');
  return field === '' ? { error: issue.message } : { error: issue.message, field };
}
