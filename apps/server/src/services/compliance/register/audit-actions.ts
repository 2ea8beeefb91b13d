import { auditAction as spec } from '../../../core/audit.ts';
import { CALENDAR_AUDIT_ACTIONS } from '../calendar/audit-actions.ts';

/** An answer's fields as recorded (the contract's names). */
type AnswerFields = {
  notApplicable: boolean;
  justification: string | null;
  ownerId: string | null;
  reviewerId: string | null;
  evidenceCourses: string[];
};

/** Issue 24: the register part's audit actions, the calendar's included (`auditAction<Change>()('write', 'target')`). */
export const REGISTER_AUDIT_ACTIONS = {
  ...CALENDAR_AUDIT_ACTIONS,
  'compliance_answer.updated': spec<{ before: AnswerFields; after: AnswerFields }>()('write', 'obligation_answer'),
  'compliance_evidence.added': spec<{
    revision: number;
    sha256: string;
    sizeBytes: number;
    contentType: string;
    coversFrom: string | null;
    coversTo: string | null;
    statusBefore: string;
    statusAfter: string;
  }>()('write', 'obligation_occurrence'),
  'compliance_evidence.downloaded': spec<{ revision: number; sha256: string | null }>()(
    'read',
    'obligation_occurrence',
  ),
  'compliance_occurrence.reviewed': spec<{
    revision: number;
    decision: 'APPROVED' | 'RETURNED';
    statusAfter: string;
  }>()('write', 'obligation_occurrence'),
  'compliance_event.recorded': spec<{ answerId: string; date: string; dueDate: string; note: string | null }>()(
    'write',
    'obligation_occurrence',
  ),
} as const;
