import { z } from 'zod';

/**
 * IP addresses and CIDR ranges (elevate-IP mode, issue 23), shared by the server (which enforces the
 * ranges) and the web (which shows the caller's address and refuses a list that would lock it out).
 * Pure code, no Node API: an address is parsed to a bigint of 32 (IPv4) or 128 (IPv6) bits.
 */

type Parsed = { v: 4 | 6; bits: bigint };

function parseIPv4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = (n << 8n) | BigInt(v);
  }
  return n;
}

function parseIPv6(s: string): bigint | null {
  if (s.includes('%')) return null; // no zone ids in a range
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (h: string): string[] | null => (h === '' ? [] : h.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  const words: number[] = [];
  const all = [...head, ...(halves.length === 2 ? ['::'] : []), ...tail];
  for (let i = 0; i < all.length; i++) {
    const g = all[i]!;
    if (g === '::') {
      words.push(-1);
      continue;
    }
    // An embedded IPv4 address may end the address (::ffff:192.0.2.1).
    if (i === all.length - 1 && g.includes('.')) {
      const v4 = parseIPv4(g);
      if (v4 === null) return null;
      words.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      continue;
    }
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    words.push(Number.parseInt(g, 16));
  }
  const gap = words.indexOf(-1);
  const explicit = words.filter((w) => w !== -1).length;
  if (gap === -1 ? explicit !== 8 : explicit > 7) return null;
  const full = gap === -1 ? words : [...words.slice(0, gap), ...Array(8 - explicit).fill(0), ...words.slice(gap + 1)];
  let n = 0n;
  for (const w of full) n = (n << 16n) | BigInt(w);
  return n;
}

/** An IPv4 or IPv6 address parsed; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) counts as its IPv4 address. */
export function parseIp(address: string): Parsed | null {
  const s = address.trim();
  const v4 = parseIPv4(s);
  if (v4 !== null) return { v: 4, bits: v4 };
  const v6 = parseIPv6(s);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { v: 4, bits: v6 & 0xffffffffn };
  return { v: 6, bits: v6 };
}

/** A CIDR range parsed (`192.0.2.0/24`, `2001:db8::/32`; a bare address is its own /32 or /128); null when malformed. */
export function parseCidr(range: string): { v: 4 | 6; bits: bigint; prefix: number } | null {
  const [addr, prefixText, ...rest] = range.trim().split('/');
  if (rest.length > 0 || !addr) return null;
  const ip = parseIPv4(addr) !== null ? { v: 4 as const, bits: parseIPv4(addr)! } : null;
  const v6 = ip ? null : parseIPv6(addr);
  const parsed = ip ?? (v6 !== null ? { v: 6 as const, bits: v6 } : null);
  if (!parsed) return null;
  const max = parsed.v === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { ...parsed, prefix };
}

/** Whether `address` lies in `range` (an IPv4-mapped IPv6 address matches IPv4 ranges). */
export function ipInRange(address: string, range: string): boolean {
  const ip = parseIp(address);
  const cidr = parseCidr(range);
  if (!ip || !cidr) return false;
  const mapped = cidr.v === 6 && cidr.bits >> 32n === 0xffffn && cidr.prefix >= 96;
  const net = mapped ? { v: 4 as const, bits: cidr.bits & 0xffffffffn, prefix: cidr.prefix - 96 } : cidr;
  if (net.v !== ip.v) return false;
  const width = BigInt(net.v === 4 ? 32 : 128);
  const shift = width - BigInt(net.prefix);
  return ip.bits >> shift === net.bits >> shift;
}

/** Whether `address` lies in any of `ranges`. */
export const ipInRanges = (address: string, ranges: readonly string[]): boolean =>
  ranges.some((r) => ipInRange(address, r));

/** The most ranges a workspace may list. */
export const ADMIN_IP_RANGES_MAX = 50;

/** One range as a workspace admin types it: an IPv4 or IPv6 CIDR range (or a single address). */
export const ZCidr = z
  .string()
  .trim()
  .min(1, 'Enter an IP range')
  .max(64)
  .refine(
    (s) => parseCidr(s) !== null,
    'Enter an IPv4 or IPv6 range in CIDR form, e.g. 203.0.113.0/24 or 2001:db8::/32',
  );

/** The ranges administrators may act from in elevate-IP mode (empty: no restriction). Duplicates are refused. */
export const ZAdminIpRanges = z
  .array(ZCidr)
  .max(ADMIN_IP_RANGES_MAX, `List at most ${ADMIN_IP_RANGES_MAX} ranges`)
  .refine((a) => new Set(a).size === a.length, 'A range is listed twice');
