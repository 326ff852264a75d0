import type { DashboardItem, LoginResponse } from '@homeview/contract';
import { type StoredSession, saveSession } from '../shared/storage';

export const homeItem: DashboardItem = {
  dashboard_type: 1,
  title: 'My Home',
  user_id: 11,
  dependant_user_id: null,
  num_alerts: 0,
  sp_id: 501,
  user_house_id: 901,
  icon: null,
  messages: [{ currency_unit: '£', value: 1.5 }],
  demo_user: false,
};

export const careItem: DashboardItem = {
  dashboard_type: 2,
  title: "Mum's Home",
  user_id: 11,
  dependant_user_id: 22,
  num_alerts: 0,
  sp_id: 502,
  user_house_id: 902,
  icon: null,
  messages: [],
  demo_user: false,
};

export function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return { already_set_up: true, csrftoken: 'csrf-new', dashboard: [homeItem, careItem], ...overrides };
}

export const session: StoredSession = {
  user: {
    username: 'alice',
    already_set_up: true,
    user_id: 11,
    user_title: 'My Home',
    dependant_user_id: 22,
    dependant_title: "Mum's Home",
    num_alerts: 0,
  },
  csrfToken: 'csrf-old',
  spId: 501,
  houseId: 901,
  userId: 11,
  dependantUserId: 22,
  isDemoUser: false,
};

/** Stores a logged-in session, as a previous login would have. */
export function logIn(overrides: Partial<StoredSession> = {}): void {
  saveSession({ ...session, ...overrides });
}
