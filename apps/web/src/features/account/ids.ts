import { getDependantUserId, getUserId } from '../../shared/storage';

// Which id an account screen acts on (spec §6, spec-decisions "Ids on InfoCare writes").

export type Level = 'homeview' | 'infocare';

export const isLevel = (value: string | undefined): value is Level =>
  value === 'homeview' || value === 'infocare';

/** Settings, appliances and tariffs: the dependant's id at the infocare level, the account's own otherwise. */
export const levelUserId = (level: Level): number | null =>
  level === 'infocare' ? getDependantUserId() : getUserId();

/** Holiday mode, Do Not Disturb and setup: the account's own id when it has one, else the dependant's. */
export const personalUserId = (): number | null => getUserId() ?? getDependantUserId();

export const levelTitle = (level: Level): string => (level === 'infocare' ? 'InfoCare' : 'HomeView');
