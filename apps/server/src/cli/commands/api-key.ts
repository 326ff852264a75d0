import { createApiKey, houseExists } from '../../ingest/keys';
import { CliError } from '../args';
import type { Command } from './types';

/** `api-key --house H`: a new ingest key for house H, printed once (only its SHA-256 is stored). */
export const apiKeyCommand: Command = {
  name: 'api-key',
  summary: 'Make an ingest key for a house (for POST /api/ingest/v1/…); it is shown only this once',
  flags: { house: { description: 'house id (create-house prints it)', required: true } },
  check: (f) => {
    if (!/^[1-9]\d{0,9}$/.test(f.house ?? ''))
      throw new CliError(`--house must be a house id, got "${f.house}"`);
  },
  run: async (ctx, f) => {
    const houseId = Number(f.house);
    if (!(await houseExists(ctx.db, houseId))) throw new CliError(`There is no house ${houseId}.`);
    return createApiKey(ctx.db, houseId);
  },
};
