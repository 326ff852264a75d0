import type { Queryable } from '../../db/types';
import { insertPopup } from './repository';

/** Posts a notice every user sees once (the demo's welcome); returns its id. */
export function postPopup(db: Queryable, title: string, message: string): Promise<number> {
  return insertPopup(db, title, message);
}
