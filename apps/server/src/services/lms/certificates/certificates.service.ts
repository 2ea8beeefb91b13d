import type { Readable } from 'node:stream';
import type { TCertificateVerification } from '@app/contract';
import { certificateVerifyPath } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import { workspaceLogoKey } from '../../../core/logos.ts';
import { languageOr } from '../../../core/messages/index.ts';
import { actorOf, authorize } from '../../../core/policy.ts';
import { type RateRule, rateCheck, rateLimited } from '../../../core/rate-limit.ts';
import { certificatePolicy } from './certificates.policy.ts';
import * as repo from './certificates.repo.ts';
import { renderCertificatePdf } from './pdf.ts';
import { CERTIFICATE_TEXTS } from './texts.ts';

/** Certificates of completion: the PDF for its learner (or an administrator), the public check. */

/** Public checks per IP (a person checks a handful; a script guessing codes is stopped). */
export const VERIFY_PER_IP: RateRule = { max: 60, windowSeconds: 15 * 60 };

/** A logo larger than this is not drawn (stored logos are at most 512 px; this is a guard). */
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The completion date in the certificate's language, in the workspace's time zone: one format per
 * language, as the web writes it (English day first, "29 November 2026", in India and Canada alike;
 * French as written in Canada).
 */
export function certificateDate(completedAt: Date, language: string, timeZone: string, _country?: string): string {
  const locale = language === 'en' ? 'en-IN' : language === 'fr' ? 'fr-CA' : `${language}-IN`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(completedAt);
}

async function readAll(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The certificate of an enrolment as a PDF: for the learner themself, or an administrator holding
 * `courses.manage` for the whole workspace. Anyone else (another learner, a business unit admin,
 * another workspace) gets 404, as for a certificate that does not exist.
 */
export async function downloadCertificate(
  ctx: Ctx,
  enrolmentId: string,
  cycle: number | undefined,
): Promise<{ pdf: Buffer; fileName: string }> {
  const actor = actorOf(ctx);
  const row = await ctx.tenant((tx) => repo.findCertificate(tx, enrolmentId, cycle));
  authorize(actor, certificatePolicy, 'download', row ?? null);
  if (!row) throw errors.notFound('CERTIFICATE');
  const language = languageOr(row.language);
  const logoKey = workspaceLogoKey(row.logoUrl);
  let logo: Buffer | null = null;
  if (logoKey) {
    const file = await ctx.storage.get(logoKey).catch(() => null);
    if (file) logo = await readAll(file.stream, LOGO_MAX_BYTES);
  }
  const pdf = await renderCertificatePdf({
    language,
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    date: certificateDate(new Date(row.completedAt), language, row.timeZone, row.country),
    score: row.score,
    code: row.code,
    verifyUrl: `${ctx.origin}${certificateVerifyPath(row.code)}`,
    company: row.companyName,
    color: row.color,
    logo,
  });
  return { pdf, fileName: `${CERTIFICATE_TEXTS[language].fileName}-${row.code}.pdf` };
}

/** The public check of a code: the learner's name, the course and the date; 404 for an unknown code. */
export async function verifyCertificate(ctx: Ctx, code: string): Promise<TCertificateVerification> {
  const { wait, found } = await ctx.platform({ action: 'lms.certificate.verify', audit: false }, async (tx) => {
    const wait = await rateCheck(tx, `certificate-verify:ip:${ctx.ip}`, VERIFY_PER_IP, true);
    return { wait, found: wait > 0 ? undefined : await repo.verifyCertificate(tx, code) };
  });
  if (wait > 0) throw rateLimited(wait);
  if (!found) throw errors.notFound('CERTIFICATE');
  return {
    learnerName: found.learnerName,
    courseTitle: found.courseTitle,
    completedAt: new Date(found.completedAt).toISOString(),
    completedOn: found.completedOn,
    issuedBy: found.issuedBy,
  };
}
