import type { TInvitation } from '@app/contract';

/** How the invitations table shows a message's delivery (see `mailStateView`). */
export type MailStateView = {
  /** The translation key of the badge ("Mail sent", "SMS failed"…). */
  labelKey: `invitations.delivery.${'mail' | 'sms'}.${TInvitation['mailStatus']}`;
  color: string;
  /** The failure's reason, shown below the badge; null unless it failed. */
  reason: string | null;
  /** Whether the Resend action is offered prominently: the message failed and the invitation can still be resent. */
  urgeResend: boolean;
};

const COLOR: Record<TInvitation['mailStatus'], string> = { QUEUED: 'gray', SENT: 'teal', FAILED: 'red' };

/** The delivery badge of one invitation: its channel (mail, or SMS to a phone number only) and state. */
export function mailStateView(row: Pick<TInvitation, 'email' | 'mailStatus' | 'mailError' | 'status'>): MailStateView {
  const channel = row.email ? 'mail' : 'sms';
  const failed = row.mailStatus === 'FAILED';
  return {
    labelKey: `invitations.delivery.${channel}.${row.mailStatus}`,
    color: COLOR[row.mailStatus],
    reason: failed ? row.mailError : null,
    urgeResend: failed && (row.status === 'PENDING' || row.status === 'EXPIRED'),
  };
}
