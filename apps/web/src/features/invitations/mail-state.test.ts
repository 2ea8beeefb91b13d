import { describe, expect, it } from 'vitest';
import { mailStateView } from './mail-state.ts';

describe('mailStateView', () => {
  it('names the channel and state, and shows no reason unless it failed', () => {
    expect(mailStateView({ email: 'a@b.test', mailStatus: 'QUEUED', mailError: null, status: 'PENDING' })).toEqual({
      labelKey: 'invitations.delivery.mail.QUEUED',
      color: 'gray',
      reason: null,
      urgeResend: false,
    });
    expect(mailStateView({ email: null, mailStatus: 'SENT', mailError: null, status: 'PENDING' })).toMatchObject({
      labelKey: 'invitations.delivery.sms.SENT',
      reason: null,
      urgeResend: false,
    });
  });

  it('a failure shows its reason and urges a resend while the invitation can be resent', () => {
    const failed = { email: 'a@b.test', mailStatus: 'FAILED', mailError: '451 Try again later' } as const;
    expect(mailStateView({ ...failed, status: 'EXPIRED' })).toEqual({
      labelKey: 'invitations.delivery.mail.FAILED',
      color: 'red',
      reason: '451 Try again later',
      urgeResend: true,
    });
    expect(mailStateView({ ...failed, status: 'REVOKED' }).urgeResend).toBe(false);
  });
});
