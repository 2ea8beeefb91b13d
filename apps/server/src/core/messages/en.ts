import type { MessageCatalogue } from './catalogue.ts';

/** English: the fallback for every recipient without another language. */
const en: MessageCatalogue = {
  signInCode: ({ company, code, minutes }) => ({
    subject: `Your ${company} sign-in code: ${code}`,
    blocks: [
      'Your sign-in code is',
      { code },
      `It works once, for ${minutes} minutes. If you did not ask for it, ignore this message: nobody can sign in without the code.`,
    ],
  }),
  signInCodeSms: ({ company, code, minutes }) =>
    `${code} is your ${company} sign-in code. It expires in ${minutes} minutes. Do not share it.`,
  resetCodeSms: ({ company, code, minutes }) =>
    `${code} is your code to reset your ${company} password. It expires in ${minutes} minutes. Do not share it.`,
  resetCode: ({ company, code, minutes }) => ({
    subject: `Reset your ${company} password`,
    blocks: [
      'Your password reset code is',
      { code },
      `Enter it on the password reset page within ${minutes} minutes. Resetting signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.`,
    ],
  }),
  confirmEmail: ({ company, link }) => ({
    subject: `Confirm your email address for ${company}`,
    blocks: [
      'Confirm your email address by opening this link:',
      { link, label: 'Confirm my email address' },
      'The link works once, for 48 hours. If you did not create an account, ignore this message.',
    ],
  }),
  renewalRequest: ({ company, invitee, link }) => ({
    subject: `${invitee} asks for a new invitation to ${company}`,
    blocks: [
      `${invitee} tried to join ${company} with an invitation that has expired, and asks for a new one.`,
      'Send a fresh invitation from the administration pages:',
      { link, label: 'Open the administration pages' },
    ],
  }),
  areaOffers: {
    lms: 'training courses',
    concernedAuthority: 'who to contact about harassment',
    cms: 'a confidential way to raise concerns',
    policies: 'policies',
  },
  invitation: (offer) => ({
    subject: 'You are invited to {{companyName}}',
    bodyText: `Hello {{firstName}},\n\n{{companyName}} invites you to its workplace compliance platform${offer ? `: ${offer}` : ''}.\n\nCreate your account here:\n{{link}}\n\nThe link works until {{expiresAt}}.`,
  }),
  nobody: 'there',
  invitationSms: ({ company, link }) => `${company} invites you to join. Create your account: ${link}`,
  accountCreated: ({ company, firstName, link, email, offer }) => ({
    subject: `An account was created for you at ${company}`,
    blocks: [
      `Hello ${firstName || 'there'},`,
      `An account was created for you at ${company}'s workplace compliance platform${offer ? `: ${offer}` : ''}.`,
      `Sign in with this address (${email}). We will send you a sign-in code; the first time, you will then choose your own password.`,
      { link, label: 'Sign in' },
    ],
  }),
  accountCreatedSms: ({ company, link }) =>
    `An account was created for you at ${company}. Sign in at ${link} with this phone number.`,
  alreadyMember: ({ company, link }) => ({
    subject: `You already have an account at ${company}`,
    blocks: [
      `Someone, probably you, asked to create an account at ${company} with this email address. You already have one: sign in instead.`,
      { link, label: 'Sign in' },
      'If you did not ask for this, ignore this message: nothing has changed.',
    ],
  }),
  committeeTermsEnding: ({ company, firstName, committee, members, daysBefore, link }) => ({
    subject: `${company}: committee terms end in ${daysBefore} days (${committee})`,
    blocks: [
      `Hello ${firstName || 'there'},`,
      `The term of these members of ${committee} ends within ${daysBefore} days:`,
      members.join('\n'),
      'Appoint or reappoint members before the last day, so that complaints always have someone to receive them.',
      { link, label: 'Open the committee register' },
    ],
  }),
  caseNews: ({ company, firstName, reference, kind, link }) => ({
    subject: `${company}: there is news on case ${reference}`,
    blocks: [
      `Hello ${firstName || 'there'},`,
      {
        FILED: `A new case, ${reference}, has been given to your committee.`,
        NEWS: `There is something new to read on case ${reference}.`,
        DEADLINE: `A step of case ${reference} falls due soon.`,
        ESCALATION: `A step of case ${reference} is overdue.`,
        STATUS: `Here is your monthly status update on case ${reference}: sign in to see where it stands.`,
        MEETING: `You are invited to a meeting on case ${reference}. The calendar file is attached.`,
        MEETING_REMINDER: `Reminder: your meeting on case ${reference} is tomorrow. Sign in to see when and where.`,
        ACCESS: `You have been given access to part of case ${reference}.`,
      }[kind],
      'For your privacy this message says nothing more. Sign in to read it.',
      { link, label: 'Open the case' },
    ],
  }),
  committeeNeedsMember: ({ company, firstName, committee, link }) => ({
    subject: `${company}: a complaint committee needs a member`,
    blocks: [
      `Hello ${firstName || 'there'},`,
      `${committee} cannot meet its quorum for a case it handles: too few of its members may take part in it (POSH Rule 7(7): three, including the Presiding Officer; in Canada, the designated recipient). Appoint a member, or let the committee transfer the case to another committee (the Local Committee under s.6(1) when the complaint is against the employer).`,
      'For the privacy of everyone involved this message says nothing more about the case.',
      { link, label: 'Open the committee register' },
    ],
  }),
};
export default en;
