import { auditAction as spec } from '../../../core/audit.ts';

/** A record made / changed / removed, as the entry records it. */
type Fields = Record<string, unknown>;

/**
 * The catalogue part's audit actions (issue 24): the operator's writes to compliance categories and
 * obligations. Their names are also in the contract's `AUDIT_ACTION_KEYS`.
 */
export const CATALOGUE_AUDIT_ACTIONS = {
  'compliance_category.created': spec<{ after: Fields }>()('write', 'compliance_category'),
  'compliance_category.updated': spec<{ before: Fields; after: Fields }>()('write', 'compliance_category'),
  'compliance_category.deleted': spec<{ before: Fields }>()('write', 'compliance_category'),
  'obligation.created': spec<{ after: Fields; workspacesToSync: number }>()('write', 'obligation'),
  'obligation.updated': spec<{ before: Fields; after: Fields; version: number; workspacesToSync: number }>()(
    'write',
    'obligation',
  ),
  'obligation.retired': spec<{ before: { key: string; status: string; version: number }; workspacesToSync: number }>()(
    'write',
    'obligation',
  ),
  'obligation.deleted': spec<{ before: Fields }>()('write', 'obligation'),
} as const;
