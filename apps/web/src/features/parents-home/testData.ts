// Canned InfoCare answers for the screens' tests (checked against the contract by stubApi).
import type { Alert, DaysResponse } from '@homeview/contract/web';

let nextId = 100;

/** An alert raised `minutesAgo` before a fixed instant; unviewed and unassessed unless told. */
export function anAlert(overrides: Partial<Alert> = {}, minutesAgo = 0): Alert {
  nextId += 1;
  return {
    id: nextId,
    timestamp: 1_764_000_000 - minutesAgo * 60,
    level: 'Warning',
    name: 'Kettle not used',
    text: 'The kettle has not been used since 07:00.',
    icon: 'kettle',
    type: 'Off',
    viewings: [],
    assessments: [],
    feedback: false,
    correct: null,
    ...overrides,
  };
}

export const viewed = { viewings: [{ timestamp: 1_764_000_100 }] };

/** The days' answer (issue 36) of a home with no complete day of half-hours: a live home's unless told. */
export const daysAnswer = (dayLate = false): DaysResponse => ({
  days: [],
  time_zone: 'Europe/London',
  yesterday: {
    date: '2026-11-16',
    state: 'not_yet',
    usual_by: 1_795_341_600,
    overdue_from: 1_795_352_400,
    learned_days: 0,
  },
  day_late: dayLate,
});
