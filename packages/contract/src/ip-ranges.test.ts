import { describe, expect, it } from 'vitest';
import { ipInRange, ipInRanges, parseCidr, parseIp, ZAdminIpRanges } from './ip-ranges.ts';

describe('IP ranges (elevate-IP mode)', () => {
  it('parses IPv4 and IPv6 ranges, and refuses malformed ones', () => {
    for (const ok of [
      '203.0.113.0/24',
      '0.0.0.0/0',
      '10.1.2.3',
      '2001:db8::/32',
      '::/0',
      '::1',
      'fe80::1:2/64',
      '::ffff:192.0.2.1/128',
    ])
      expect(parseCidr(ok), ok).not.toBeNull();
    for (const bad of [
      '203.0.113.0/33',
      '256.1.1.1/8',
      '1.2.3/24',
      '01.2.3.4',
      '2001:db8:::1/64',
      '2001:db8::/129',
      '1:2:3:4:5:6:7:8:9',
      'a.b.c.d',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      'fe80::1%eth0',
      '',
    ])
      expect(parseCidr(bad), bad).toBeNull();
    expect(parseIp('::ffff:192.0.2.1')).toEqual({ v: 4, bits: 0xc0000201n });
  });

  it('matches addresses to ranges, IPv4-mapped IPv6 as IPv4', () => {
    expect(ipInRange('203.0.113.255', '203.0.113.0/24')).toBe(true);
    expect(ipInRange('203.0.114.0', '203.0.113.0/24')).toBe(false);
    expect(ipInRange('8.8.8.8', '0.0.0.0/0')).toBe(true);
    expect(ipInRange('2001:db8:ffff::1', '2001:db8::/32')).toBe(true);
    expect(ipInRange('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(ipInRange('::ffff:203.0.113.9', '203.0.113.0/24')).toBe(true);
    expect(ipInRange('203.0.113.9', '::ffff:203.0.113.0/120')).toBe(true);
    expect(ipInRange('203.0.113.9', '::/0')).toBe(false);
    expect(ipInRange('not-an-ip', '0.0.0.0/0')).toBe(false);
    expect(ipInRanges('10.0.0.1', [])).toBe(false);
    expect(ipInRanges('10.0.0.1', ['192.0.2.0/24', '10.0.0.0/8'])).toBe(true);
  });

  it('validates a list: at most 50, no duplicates', () => {
    expect(ZAdminIpRanges.safeParse([' 10.0.0.0/8 ']).data).toEqual(['10.0.0.0/8']);
    expect(ZAdminIpRanges.safeParse(['10.0.0.0/8', '10.0.0.0/8']).success).toBe(false);
    expect(ZAdminIpRanges.safeParse(Array.from({ length: 51 }, (_, i) => `10.${i}.0.0/16`)).success).toBe(false);
  });
});
