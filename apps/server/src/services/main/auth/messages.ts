import { OTP_RULES } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { companyName } from './auth.repo.ts';

/** Name shown in mail sent from the platform host. */
export const PLATFORM_NAME = 'Compliance Platform';

/** The company the request's host belongs to (its own row is visible under its RLS), or the platform. */
export async function senderName(tx: Tx, ctx: Pick<Ctx, 'workspaceId'>): Promise<string> {
  if (ctx.workspaceId === null) return PLATFORM_NAME;
  return (await companyName(tx, ctx.workspaceId)) ?? PLATFORM_NAME;
}

const minutes = OTP_RULES.ttlSeconds / 60;
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function html(paragraphs: string[]): string {
  return `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</div>`;
}

export function signInCodeMail(company: string, code: string) {
  return {
    subject: `Your ${company} sign-in code: ${code}`,
    text: `Your sign-in code is ${code}.\n\nIt works once, for ${minutes} minutes. If you did not ask for it, ignore this message: nobody can sign in without the code.\n\n${company}`,
    html: html([
      'Your sign-in code is',
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      `It works once, for ${minutes} minutes. If you did not ask for it, ignore this message: nobody can sign in without the code.`,
      escapeHtml(company),
    ]),
  };
}

export function signInCodeSms(company: string, code: string) {
  return `${code} is your ${company} sign-in code. It expires in ${minutes} minutes. Do not share it.`;
}

export function resetCodeMail(company: string, code: string) {
  return {
    subject: `Reset your ${company} password`,
    text: `Your password reset code is ${code}.\n\nEnter it on the password reset page within ${minutes} minutes. Resetting signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.\n\n${company}`,
    html: html([
      'Your password reset code is',
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      `Enter it on the password reset page within ${minutes} minutes. Resetting signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.`,
      escapeHtml(company),
    ]),
  };
}

export function confirmEmailMail(company: string, link: string) {
  return {
    subject: `Confirm your email address for ${company}`,
    text: `Confirm your email address by opening this link:\n\n${link}\n\nThe link works once, for 48 hours. If you did not create an account, ignore this message.\n\n${company}`,
    html: html([
      'Confirm your email address by opening this link:',
      `<a href="${escapeHtml(link)}">Confirm my email address</a>`,
      'The link works once, for 48 hours. If you did not create an account, ignore this message.',
      escapeHtml(company),
    ]),
  };
}

export function renewalRequestMail(company: string, invitee: string, adminLink: string) {
  return {
    subject: `${invitee} asks for a new invitation to ${company}`,
    text: `${invitee} tried to join ${company} with an invitation that has expired, and asks for a new one.\n\nSend a fresh invitation from the administration pages: ${adminLink}`,
    html: html([
      `${escapeHtml(invitee)} tried to join ${escapeHtml(company)} with an invitation that has expired, and asks for a new one.`,
      `Send a fresh invitation from the <a href="${escapeHtml(adminLink)}">administration pages</a>.`,
    ]),
  };
}
