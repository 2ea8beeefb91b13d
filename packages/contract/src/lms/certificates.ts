import { z } from 'zod';
import { ZUuid } from '../common.ts';

/** Certificates of completion (issue 14; docs/learning-design.md §7). */

/**
 * A verification code as printed on a certificate, `XXXX-XXXX-XXXX` (digits and capital letters;
 * typed in lower case it is accepted too and read in capitals).
 */
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}$/;
export const ZCertificateCode = z
  .string()
  .trim()
  .regex(CERTIFICATE_CODE_PATTERN, 'A code looks like ABCD-EFGH-JKMN')
  .transform((s) => s.toUpperCase());

/** The public page that checks a certificate (the code on the PDF links here, on the workspace's host). */
export const certificateVerifyPath = (code: string) => `/verify/${encodeURIComponent(code)}`;

export const ZCertificateDownloadParams = z.object({ enrolmentId: ZUuid });
export const ZCertificateDownloadQuery = z.object({
  /** An earlier cycle of a recurring course (default: the enrolment's latest certificate). */
  cycle: z.coerce.number().int().min(1).max(1000).optional(),
});

export const ZCertificateVerifyParams = z.object({ code: ZCertificateCode });

/** What anyone holding the code may see: the name, the course and the date, nothing else. */
export const ZCertificateVerification = z.object({
  learnerName: z.string(),
  courseTitle: z.string(),
  /** ISO 8601 instant of completion. */
  completedAt: z.string(),
  /** The completion's calendar day (YYYY-MM-DD) in the issuing workspace's time zone: the day the certificate prints. */
  completedOn: z.string(),
  /** The issuing organisation: the workspace's name. */
  issuedBy: z.string(),
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;
