import { describe, expect, it } from 'vitest';
import { levelRank } from '../src/index';

describe('levelRank', () => {
  it('orders Urgent above Warning above Message above anything else', () => {
    const levels = ['Message', 'Normal', 'Urgent', 'Warning', 'unknown'];
    expect([...levels].sort((a, b) => levelRank(b) - levelRank(a)).slice(0, 3)).toEqual([
      'Urgent',
      'Warning',
      'Message',
    ]);
    expect(levelRank('Normal')).toBe(0);
    expect(levelRank('unknown')).toBe(0);
  });
});
