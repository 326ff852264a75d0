import { useSyncExternalStore } from 'react';
import { getStoredUser, type StoredUser, subscribeToSession } from './storage';

/** The stored session user, re-rendering when it is saved or cleared (here or in another tab). */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeToSession, getStoredUser, getStoredUser);
}
