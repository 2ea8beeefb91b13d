import { describe, expect, it } from 'vitest';
import { voteTally } from './votes.ts';

const settings = {
  type: 'VOTE' as const,
  question: { en: 'Proved?' },
  options: [
    { key: 'PROVED', label: { en: 'Proved' } },
    { key: 'NOT_PROVED', label: { en: 'Not proved' } },
  ],
  quorum: 2,
  presidingOfficerRequired: true,
};
const v = (who: string, option: string) => ({
  kind: 'VOTE',
  authorAccountId: who,
  body: { stepKey: 'S', actionKey: 'A', option },
});
const tally = (items: ReturnType<typeof v>[]) =>
  voteTally(items, 'S', 'A', settings, { me: 'm1', presidingOfficers: ['po'] });

describe('a committee vote', () => {
  it('is undecided without the presiding officer when they are required', () => {
    expect(tally([v('m1', 'PROVED'), v('m2', 'PROVED')]).decided).toBeNull();
  });
  it('goes to the majority once enough members voted', () => {
    const t = tally([v('m1', 'PROVED'), v('po', 'PROVED'), v('m2', 'NOT_PROVED')]);
    expect(t).toMatchObject({ decided: 'PROVED', counts: { PROVED: 2, NOT_PROVED: 1 }, mine: 'PROVED' });
  });
  it('breaks a tie with the presiding officer’s vote', () => {
    expect(tally([v('m1', 'NOT_PROVED'), v('po', 'PROVED')]).decided).toBe('PROVED');
  });
  it('counts a member once (the first vote)', () => {
    expect(tally([v('m1', 'PROVED'), v('m1', 'NOT_PROVED')]).counts).toEqual({ PROVED: 1, NOT_PROVED: 0 });
  });
});
