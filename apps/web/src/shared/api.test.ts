import { describe, expect, it } from 'vitest';
import { stubApi, takeContractViolations } from '../test/app';
import { logIn } from '../test/fixtures';
import { ApiError, call, errorMessage } from './api';
import { getStoredUser } from './storage';

describe('api client', () => {
  it('sends GET fields as a query, with cookies and without the CSRF header', async () => {
    logIn();
    const calls = stubApi({ 'GET /dashboard/': { body: [] } });
    await call('dashboard', { fields: {} });
    expect(calls[0]?.url).toBe('/api/v3/dashboard/');
    expect(calls[0]?.credentials).toBe('include');
    expect(calls[0]?.headers['X-CSRFToken']).toBeUndefined();
  });

  it('form-encodes POST fields, JSON-encodes lists, and sends the stored CSRF token', async () => {
    logIn({ csrfToken: 'tok-123' });
    const calls = stubApi({ 'POST /common/popup/': { body: { detail: 'ok' } } });
    await call('popupsPost', {
      fields: { popups_read: [{ popup_id: 1, show_again: false }] },
    });
    expect(calls[0]?.headers['X-CSRFToken']).toBe('tok-123');
    expect(calls[0]?.body.get('popups_read')).toBe('[{"popup_id":1,"show_again":false}]');
  });

  it('turns a non-2xx answer into an ApiError with status text and server message', async () => {
    logIn();
    stubApi({
      'GET /dashboard/': {
        status: 403,
        statusText: 'Forbidden',
        body: { error: 'Not your house', field: 'user_id' },
      },
    });
    const error = await call('dashboard').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      statusText: 'Forbidden',
      serverMessage: 'Not your house',
      field: 'user_id',
    });
    expect(errorMessage(error)).toBe('Forbidden: Not your house');
    expect(getStoredUser()).not.toBeNull();
  });

  it('falls back to the standard reason phrase when the status text is empty, and to it alone without a body', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { status: 503, statusText: '' } });
    expect(errorMessage(await call('dashboard').catch((e: unknown) => e))).toBe('Service Unavailable');
  });

  it('clears the session on 401 for authenticated calls only', async () => {
    logIn();
    stubApi({
      'POST /accounts/login/': { status: 401, body: { error: 'Wrong' } },
      'GET /dashboard/': { status: 401 },
    });
    await call('login', { fields: { username: 'a', password: 'b' }, authenticated: false }).catch(() => {});
    expect(getStoredUser()).not.toBeNull();
    await call('dashboard').catch(() => {});
    expect(getStoredUser()).toBeNull();
  });

  it('passes answers through as they come, in development as in production', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [{ dashboard_type: 3, title: 'Odd' }] } });
    await expect(call('dashboard')).resolves.toEqual([{ dashboard_type: 3, title: 'Odd' }]);
    // The stub's contract check is what catches such an answer in tests.
    expect(takeContractViolations()).toEqual([
      expect.stringMatching(/^dashboard \(\/api\/v3\/dashboard\/\)/),
    ]);
  });

  it('has the tests check requests against the contract too', async () => {
    logIn();
    stubApi({ 'GET /dashboard/': { body: [] } });
    await call('dashboard', { fields: { user_id: 11 } as unknown as Record<string, never> });
    expect(takeContractViolations()).toEqual([expect.stringContaining('user_id')]);
  });

  it('describes an unreachable server in plain words', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach the server/);
  });
});
