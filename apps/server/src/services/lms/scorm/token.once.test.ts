import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCORM_TOKEN_TTL_SECONDS, signScormToken, verifyScormToken } from './token.ts';

const secret = randomBytes(48).toString('base64');
const claims = { packageId: '0193a9c4-0000-7000-8000-000000000001', parentOrigin: 'http://acme.localhost:3000' };
const now = Date.parse('2026-11-24T08:00:00Z');

describe('SCORM content tokens', () => {
  it('carry the package and the parent origin for four hours', () => {
    const { token, expiresAt } = signScormToken(secret, claims, now);
    expect(expiresAt.getTime()).toBe(now + SCORM_TOKEN_TTL_SECONDS * 1000);
    expect(verifyScormToken(secret, token, now + 60_000)).toEqual({
      ok: true,
      claims: { ...claims, exp: expiresAt.getTime() / 1000 },
    });
    expect(verifyScormToken(secret, token, expiresAt.getTime() - 1000).ok).toBe(true);
  });

  it('are refused once expired', () => {
    const { token, expiresAt } = signScormToken(secret, claims, now);
    expect(verifyScormToken(secret, token, expiresAt.getTime())).toEqual({ ok: false, why: 'expired' });
  });

  it('are refused when forged: other key, changed claims, garbage', () => {
    const { token } = signScormToken(secret, claims, now);
    expect(verifyScormToken(randomBytes(48).toString('base64'), token, now)).toEqual({ ok: false, why: 'forged' });
    const [, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ p: claims.packageId, o: 'https://evil.example', e: now / 1000 + 99 }));
    expect(verifyScormToken(secret, `${other.toString('base64url')}.${sig}`, now)).toEqual({
      ok: false,
      why: 'forged',
    });
    for (const junk of ['', '.', 'abc', `${token}.x`, `${token.split('.')[0]}.`]) {
      expect(verifyScormToken(secret, junk, now)).toEqual({ ok: false, why: 'forged' });
    }
  });
});
