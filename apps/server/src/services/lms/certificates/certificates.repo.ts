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
