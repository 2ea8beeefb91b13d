import { OTP_RULES } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { type Brand, messagesFor, type RenderedMail, renderMail } from '../../../core/messages/index.ts';
import { PLATFORM_BRAND, workspaceBrand } from '../../../core/messages/messages.repo.ts';

/** Name shown in mail sent from the platform host. */
export const PLATFORM_NAME = PLATFORM_BRAND.name;

/** The branding of the workspace the request's host belongs to, or the platform's. */
export async function brandOf(tx: Tx, ctx: Pick<Ctx, 'workspaceId' | 'origin'>): Promise<Brand> {
  if (ctx.workspaceId === null) return PLATFORM_BRAND;
  return workspaceBrand(tx, ctx.origin, ctx.workspaceId);
}

const minutes = OTP_RULES.ttlSeconds / 60;

/** Each message below is in `language` (the recipient's; English when null or unknown). */
export function signInCodeMail(brand: Brand, language: string | null, code: string): RenderedMail {
  return renderMail(brand, messagesFor(brand, language).signInCode({ company: brand.name, code, minutes }), language);
}

export function signInCodeSms(brand: Brand, language: string | null, code: string): string {
  return messagesFor(brand, language).signInCodeSms({ company: brand.name, code, minutes });
}

export function resetCodeMail(brand: Brand, language: string | null, code: string): RenderedMail {
  return renderMail(brand, messagesFor(brand, language).resetCode({ company: brand.name, code, minutes }), language);
}

export function confirmEmailMail(brand: Brand, language: string | null, link: string): RenderedMail {
  return renderMail(brand, messagesFor(brand, language).confirmEmail({ company: brand.name, link }), language);
}

export function renewalRequestMail(brand: Brand, language: string | null, invitee: string, link: string): RenderedMail {
  return renderMail(
    brand,
    messagesFor(brand, language).renewalRequest({ company: brand.name, invitee, link }),
    language,
  );
}

/** The password-reset code by SMS, in the account's language. */
export function resetCodeSms(brand: Brand, language: string | null, code: string): string {
  return messagesFor(brand, language).resetCodeSms({ company: brand.name, code, minutes });
}
