import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';

/** SQL of certificates (issue 14; docs/learning-design.md §7). */

/** Crockford-like alphabet: no I, L, O, U (read aloud and typed without confusion). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new verification code, `XXXX-XXXX-XXXX` (60 random bits). */
export function newCertificateCode(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${part()}-${part()}-${part()}`;
}

export type NewCertificate = {
  workspaceId: string;
  enrolmentId: string;
  cycle: number;
  accountId: string;
  courseId: string;
  learnerName: string;
  courseTitle: string;
  language: string;
  score: number | null;
  completedAt: Date;
  expiresAt: Date | null;
};

/**
 * Issues the certificate of an enrolment's cycle, once: a second call for the same cycle answers
 * the existing one. Answers its id and code.
 */
export async function insertCertificate(tx: Tx, c: NewCertificate): Promise<{ id: string; code: string }> {
  for (let i = 0; i < 5; i++) {
    const [row] = await queryRows<{ id: string; code: string }>(
      tx,
      sql`insert into certificates (workspace_id, enrolment_id, cycle, account_id, course_id, code, learner_name,
                                    course_title, language, score, completed_at, expires_at)
          values (${c.workspaceId}, ${c.enrolmentId}, ${c.cycle}, ${c.accountId}, ${c.courseId}, ${newCertificateCode()},
                  ${c.learnerName}, ${c.courseTitle}, ${c.language}, ${c.score}, ${c.completedAt.toISOString()},
                  ${c.expiresAt?.toISOString() ?? null})
          on conflict do nothing
          returning id, code`,
    );
    if (row) return row;
    const [existing] = await queryRows<{ id: string; code: string }>(
      tx,
      sql`select id, code from certificates where enrolment_id = ${c.enrolmentId} and cycle = ${c.cycle}`,
    );
    if (existing) return existing;
    // Otherwise the code collided with another certificate's (one in 2^60 per pair): draw again.
  }
  throw new Error('could not draw a unique certificate code');
}

/** A certificate with what drawing it needs: its learner's enrolment and the workspace's branding. */
export type CertificateRow = {
  code: string;
  cycle: number;
  accountId: string;
  learnerName: string;
  courseTitle: string;
  language: string;
  score: number | null;
  completedAt: Date | string;
  companyName: string;
  color: string;
  logoUrl: string | null;
  timeZone: string;
  country: string;
};

/**
 * The certificate of an enrolment in the caller's workspace (row-level security): that of `cycle`,
 * or the latest one. Undefined when there is none.
 */
export async function findCertificate(
  tx: Tx,
  enrolmentId: string,
  cycle: number | undefined,
): Promise<CertificateRow | undefined> {
  const [row] = await queryRows<CertificateRow>(
    tx,
    sql`select c.code, c.cycle, e.account_id as "accountId", c.learner_name as "learnerName",
               c.course_title as "courseTitle", c.language, c.score, c.completed_at as "completedAt",
               w.company_name as "companyName", w.background_color as color, w.logo_url as "logoUrl",
               w.time_zone as "timeZone", w.country
          from certificates c
          join enrolments e on e.id = c.enrolment_id and e.workspace_id = c.workspace_id
          join workspaces w on w.id = c.workspace_id
         where c.enrolment_id = ${enrolmentId} ${cycle === undefined ? sql`` : sql`and c.cycle = ${cycle}`}
         order by c.cycle desc
         limit 1`,
  );
  return row;
}

/** What the public check answers: name, course, when (and its day in the workspace's zone), and who issued it. */
export type VerifiedCertificate = {
  learnerName: string;
  courseTitle: string;
  completedAt: Date | string;
  completedOn: string;
  issuedBy: string;
};

/** What anyone with the code may see (the SQL function answers only these), or undefined. */
export async function verifyCertificate(tx: Tx, code: string): Promise<VerifiedCertificate | undefined> {
  const [row] = await queryRows<VerifiedCertificate>(
    tx,
    sql`select learner_name as "learnerName", course_title as "courseTitle", completed_at as "completedAt",
               to_char(completed_on, 'YYYY-MM-DD') as "completedOn", issued_by as "issuedBy"
          from app_verify_certificate(${code})`,
  );
  return row;
}
