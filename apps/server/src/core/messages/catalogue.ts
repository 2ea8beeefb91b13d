import { LANGUAGES, type TWhiteLabelArea } from '@app/contract';

/** One of the seven languages (en, hi, kn, te, ta, mr, fr). */
export type Language = (typeof LANGUAGES)[number];

/** `value` when it is one of the seven languages, else English: a recipient with no language (or an unknown one) reads English. */
export function languageOr(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

/** `value` when it is one of the seven languages, else null. */
export function knownLanguage(value: string | null | undefined): Language | null {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
}

/** A paragraph of a message: text, a one-time code shown large, or a link with its label. */
export type Block = string | { code: string } | { link: string; label: string };

/** A mail before branding: its subject and paragraphs. */
export type MailText = { subject: string; blocks: Block[] };

/**
 * Every mail and SMS the platform sends, in one language. Each takes the values it shows; the
 * company is the workspace's name (or the platform's). Add a message here and in all six files.
 */
export type MessageCatalogue = {
  signInCode(v: { company: string; code: string; minutes: number }): MailText;
  signInCodeSms(v: { company: string; code: string; minutes: number }): string;
  resetCode(v: { company: string; code: string; minutes: number }): MailText;
  /** The password-reset code by SMS (an account reset through its phone number). */
  resetCodeSms(v: { company: string; code: string; minutes: number }): string;
  confirmEmail(v: { company: string; link: string }): MailText;
  renewalRequest(v: { company: string; invitee: string; link: string }): MailText;
  /**
   * What a person can use, per area, as the invitation and welcome mails list it ("training
   * courses"); an area with no entry (the compliance register, an employer's tool) is not listed.
   * Only built areas the workspace has switched on are named (see `offerOf` in index.ts).
   */
  areaOffers: Partial<Record<TWhiteLabelArea, string>>;
  /**
   * The default invitation mail, as a template with `{{firstName}}`, `{{companyName}}`, `{{link}}`
   * and `{{expiresAt}}` (a workspace may replace it with its own, see invites.service.ts); `offer`
   * is what the workspace offers (`offerOf`), empty when nothing is listed.
   */
  invitation(offer: string): { subject: string; bodyText: string };
  /** Stands for `{{firstName}}` when the invitation names nobody ("Hello there"). */
  nobody: string;
  invitationSms(v: { company: string; link: string }): string;
  accountCreated(v: { company: string; firstName: string; link: string; email: string; offer: string }): MailText;
  accountCreatedSms(v: { company: string; link: string }): string;
  /** Self sign-up (issue 23) from an address that is already a member: sign in instead. */
  alreadyMember(v: { company: string; link: string }): MailText;
  /**
   * Issue 24: the terms of committee members ending in `daysBefore` days (60 or 14), to the
   * workspace's administrators and the presiding officer. `members`: each "name — last day",
   * already written in the reader's language; `committee` its name.
   */
  committeeTermsEnding(v: {
    company: string;
    firstName: string;
    committee: string;
    members: string[];
    daysBefore: number;
    link: string;
  }): MailText;
  /**
   * Issue 26: news on a complaint case, without its contents (DESIGN §9): which case (its
   * reference), what kind of news, and a link that needs signing in. `kind`: FILED (a new case, to
   * the committee), NEWS (something to read), DEADLINE (a step falls due soon, to the committee),
   * ESCALATION (a step is overdue, to the escalation target), STATUS (Canada s.34's monthly update,
   * to a party), MEETING (an invitation; the calendar file is attached), MEETING_REMINDER (a meeting
   * tomorrow, the day before), ACCESS (you were given
   * access to part of a case).
   */
  caseNews(v: {
    company: string;
    firstName: string;
    reference: string;
    kind: 'FILED' | 'NEWS' | 'DEADLINE' | 'ESCALATION' | 'STATUS' | 'MEETING' | 'MEETING_REMINDER' | 'ACCESS';
    link: string;
  }): MailText;
  /**
   * Issue 26: a committee cannot meet its quorum for a case (a member conflicted, deactivated or
   * gone), to the holders of `complaints.manage`: content-free — the committee's name, no case
   * reference, no person — and a link to the committee register.
   */
  committeeNeedsMember(v: { company: string; firstName: string; committee: string; link: string }): MailText;
};
