import { describe, expect, it } from 'vitest';
import { contractStateOf, daysBetween, hostRefusal } from './operator-workspaces.rules.ts';

const KOLKATA = 'Asia/Kolkata';
const TORONTO = 'America/Toronto';

describe('a contract’s state on the operator’s clock', () => {
  it('is NONE without an expiry date', () => {
    expect(contractStateOf(null, new Date('2026-06-01T00:00:00Z'), KOLKATA)).toBe('NONE');
  });

  it('is EXPIRING on its last day, and EXPIRED only once that day has ended in the workspace’s zone', () => {
    // 2026-06-30 18:29:59Z is 23:59:59 on the 30th in Kolkata (UTC+5:30); a second later it is the 1st.
    expect(contractStateOf('2026-06-30', new Date('2026-06-30T18:29:59Z'), KOLKATA)).toBe('EXPIRING');
    expect(contractStateOf('2026-06-30', new Date('2026-06-30T18:30:00Z'), KOLKATA)).toBe('EXPIRED');
    // The same instant is still the 30th in Toronto (UTC-4 in summer) until 04:00Z on the 1st.
    expect(contractStateOf('2026-06-30', new Date('2026-06-30T18:30:00Z'), TORONTO)).toBe('EXPIRING');
    expect(contractStateOf('2026-06-30', new Date('2026-07-01T03:59:59Z'), TORONTO)).toBe('EXPIRING');
    expect(contractStateOf('2026-06-30', new Date('2026-07-01T04:00:00Z'), TORONTO)).toBe('EXPIRED');
  });

  it('is EXPIRING when it ends within the days asked (30 by default), ACTIVE a day before that', () => {
    const now = new Date('2026-06-01T06:00:00Z'); // 1 June in both zones
    expect(contractStateOf('2026-07-01', now, KOLKATA)).toBe('EXPIRING'); // 30 days left
    expect(contractStateOf('2026-07-02', now, KOLKATA)).toBe('ACTIVE'); // 31 days left
    expect(contractStateOf('2026-06-08', now, KOLKATA, 7)).toBe('EXPIRING');
    expect(contractStateOf('2026-06-09', now, KOLKATA, 7)).toBe('ACTIVE');
    expect(contractStateOf('2026-06-01', now, KOLKATA, 1)).toBe('EXPIRING');
    expect(contractStateOf('2026-05-31', now, KOLKATA, 1)).toBe('EXPIRED');
  });

  it('counts calendar days across a daylight-saving change', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-11-01', '2026-10-31')).toBe(-1);
  });
});

describe('hosts a new workspace may never take', () => {
  const own = { platformHost: 'localhost:3000', reservedHosts: ['scorm.localhost:3000'] };
  it('accepts a host under the platform host or any other domain, lower-cased', () => {
    expect(hostRefusal('Initech.LOCALHOST:3000', own)).toEqual({ host: 'initech.localhost:3000', refusal: null });
    expect(hostRefusal(' initech.example.com ', own)).toEqual({ host: 'initech.example.com', refusal: null });
  });
  it('refuses the platform host and the reserved ones, with any port, and hosts under a reserved one', () => {
    expect(hostRefusal('platform.example.com', { ...own, platformHost: 'platform.example.com' }).refusal).toBe(
      'PLATFORM_HOST',
    );
    expect(hostRefusal('platform.example.com:8443', { ...own, platformHost: 'platform.example.com' }).refusal).toBe(
      'PLATFORM_HOST',
    );
    expect(hostRefusal('scorm.localhost:3000', own).refusal).toBe('PLATFORM_HOST');
    expect(hostRefusal('SCORM.localhost:4000', own).refusal).toBe('PLATFORM_HOST');
    expect(hostRefusal('x.scorm.localhost:3000', own).refusal).toBe('PLATFORM_HOST');
    expect(hostRefusal('LOCALHOST:3000', own)).toEqual({ host: 'localhost:3000', refusal: 'PLATFORM_HOST' });
    expect(hostRefusal('localhost:4000', own).refusal).toBe('PLATFORM_HOST');
  });
  it('refuses malformed hosts', () => {
    for (const bad of [
      'https://initech.example.com',
      'initech.example.com/path',
      'initech',
      'in_tech.example.com',
      '-initech.example.com',
      'initech.example.com:99999',
      'initech.example.com:0',
      'a..b.com',
      '',
      'ini tech.example.com',
    ]) {
      expect(hostRefusal(bad, own).refusal, bad).toBe('MALFORMED');
    }
  });
});
