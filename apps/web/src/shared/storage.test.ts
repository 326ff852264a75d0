import { describe, expect, it, vi } from 'vitest';
import { session } from '../test/fixtures';
import '../test/app';
import {
  clearSession,
  getCsrfToken,
  getDependantUserId,
  getHouseId,
  getIsDemoUser,
  getSpId,
  getStoredUser,
  getUserId,
  saveSession,
  storageKeys,
  subscribeToSession,
} from './storage';

describe('stored session (spec §3)', () => {
  it('saves the user and each separate value under its documented key', () => {
    saveSession({ ...session, isDemoUser: true });
    expect(JSON.parse(window.localStorage.getItem(storageKeys.user) ?? 'null')).toEqual(session.user);
    expect(getStoredUser()).toEqual(session.user);
    expect(getCsrfToken()).toBe('csrf-old');
    expect(getSpId()).toBe(501);
    expect(getHouseId()).toBe(901);
    expect(getUserId()).toBe(11);
    expect(getDependantUserId()).toBe(22);
    expect(getIsDemoUser()).toBe(true);
  });

  it('leaves absent ids unset rather than storing "null"', () => {
    saveSession({ ...session, houseId: null, userId: null });
    expect(window.localStorage.getItem(storageKeys.houseId)).toBeNull();
    expect(getHouseId()).toBeNull();
    expect(getUserId()).toBeNull();
  });

  it('clears every key on logout and tells subscribers', () => {
    saveSession(session);
    window.localStorage.setItem('unrelated', 'kept');
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    clearSession();
    unsubscribe();
    for (const key of Object.values(storageKeys)) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('treats a damaged stored user as logged out', () => {
    window.localStorage.setItem(storageKeys.user, '{"username": 5}');
    expect(getStoredUser()).toBeNull();
    window.localStorage.setItem(storageKeys.user, 'not json');
    expect(getStoredUser()).toBeNull();
  });

  it('returns the same object while the stored value is unchanged (stable for React)', () => {
    saveSession(session);
    expect(getStoredUser()).toBe(getStoredUser());
  });
});
