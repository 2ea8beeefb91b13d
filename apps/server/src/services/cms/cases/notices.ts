import type { Tx } from '../../../core/db/database.ts';
import type { NewJob } from '../../../core/jobs.ts';
import type { MailAttachment } from '../../../core/mail.ts';
import { mailLanguage, messagesFor, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import * as repo from './cases.repo.ts';

/*
 * Notices about a case carry no contents (DESIGN §9, docs/cases-security.md §6): the case's
 * reference, a kind of news, and a link that needs signing in (and unlocking). They are mail jobs
 * written in the transaction of the change, keyed so that a retried change sends once. The job's
 * payload is the rendered mail: the same words, nothing from the case.
 */

export type NoticeKind =
  | 'FILED'
  | 'NEWS'
  | 'DEADLINE'
  | 'ESCALATION'
  | 'STATUS'
  | 'MEETING'
  | 'MEETING_REMINDER'
  | 'ACCESS';

/** Where a person reads a case: the committee's page, or the complainant's and participants' page. Ids only. */
export function caseLink(origin: string, caseId: string, asCommittee: boolean): string {
  return asCommittee ? `${origin}/cases/${caseId}` : `${origin}/complaints/${caseId}`;
}

/**
 * Enqueues one content-free mail per recipient (accounts of the workspace), in `tx`. `key` makes
 * each one once: `case-notice:<key>:<accountId>`. `committee`: the recipients whose link is the
 * committee's page.
 */
export async function enqueueCaseNotices(
  tx: Tx,
  deps: { jobs: { enqueueAll(tx: Tx, jobs: NewJob[]): Promise<void> }; origin: string },
  n: {
    workspaceId: string;
    caseId: string;
    reference: string;
    kind: NoticeKind;
    recipients: string[];
    committee: ReadonlySet<string>;
    key: string;
    attachment?: (accountId: string) => MailAttachment | null;
  },
): Promise<number> {
  const people = (await repo.people(tx, n.workspaceId, [...new Set(n.recipients)])).filter((p) => p.email);
  if (people.length === 0) return 0;
  const brand = await workspaceBrand(tx, deps.origin, n.workspaceId);
  const jobs: NewJob[] = people.map((p) => {
    const lang = mailLanguage(brand, p.language);
    const mail = messagesFor(brand, p.language).caseNews({
      company: brand.name,
      firstName: p.name.split(' ')[0] ?? '',
      reference: n.reference,
      kind: n.kind,
      link: caseLink(deps.origin, n.caseId, n.committee.has(p.accountId)),
    });
    const attachment = n.attachment?.(p.accountId) ?? null;
    return {
      queue: 'mail.send',
      key: `case-notice:${n.key}:${p.accountId}`,
      data: {
        workspaceId: n.workspaceId,
        to: p.email!,
        ...renderMail(brand, mail, lang),
        ...(attachment ? { attachments: [attachment] } : {}),
      },
    };
  });
  await deps.jobs.enqueueAll(tx, jobs);
  return jobs.length;
}
