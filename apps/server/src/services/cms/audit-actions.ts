import { auditAction as spec } from '../../core/audit.ts';

/**
 * The case-management module's audit actions (listed in ./module.ts; `ctx.audit` accepts exactly
 * these). A workflow's changes name what changed and which key — never the texts themselves (the
 * builder keeps those; a published version keeps them for good).
 */
export const CMS_AUDIT_ACTIONS = {
  'workflow.created': spec<{ template: string | null; jurisdiction: string; branchId: string | null }>()(
    'write',
    'workflow',
  ),
  /** Process details: the names of the fields changed. */
  'workflow.updated': spec<{ fields: string[] }>()('write', 'workflow'),
  /** The complaint form: what (component, attribute, order, settings, resource), how, and which key. */
  'workflow.form_changed': spec<{
    what: 'COMPONENT' | 'ATTRIBUTE' | 'ATTRIBUTE_ORDER' | 'ATTRIBUTE_SETTINGS' | 'ATTRIBUTE_RESOURCE';
    change: 'CREATED' | 'UPDATED' | 'DELETED';
    key: string;
    fields?: string[];
  }>()('write', 'workflow'),
  /**
   * The stages of redressal (helper cms-stages): what (a stage, a step, its settings, a prerequisite,
   * a meeting field, an action or its settings), how, and keys only: the step's (or stage's, field's,
   * action's) `key`, the step it belongs to, the step a prerequisite waits for, the names of the
   * fields changed, the steps removed with a stage.
   */
  'workflow.stages_changed': spec<{
    what: 'STAGE' | 'STEP' | 'STEP_SETTINGS' | 'PREREQUISITE' | 'MEETING_FIELD' | 'ACTION' | 'ACTION_SETTINGS';
    change: 'CREATED' | 'UPDATED' | 'DELETED';
    key: string;
    fields?: string[];
    stageKey?: string;
    stepKey?: string;
    requiresStepKey?: string;
    condition?: string;
    type?: string;
    removedStepKeys?: string[];
    prerequisitesRemovedFrom?: string[];
  }>()('write', 'workflow'),
  /** A version published (issue 25): its number, hash, whether it changed words only, and the change counts. */
  'workflow.published': spec<{
    number: number;
    sha256: string;
    labelOnly: boolean;
    added: number;
    removed: number;
    changed: number;
  }>()('write', 'workflow'),
  /** A published workflow opened as a new draft (`version`), from its latest version. */
  'workflow.version_started': spec<{ fromVersion: number }>()('write', 'workflow'),
} as const;

type CmsAuditActions = typeof CMS_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends CmsAuditActions {}
}
