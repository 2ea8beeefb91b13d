import { definePolicy, holds, limitedToUnit } from '../../../core/policy.ts';

/** What a rule about a SCORM package knows of it: its owner and its version's state. */
export type ScormRecord = { workspaceId: string | null; versionStatus: string | null };

/**
 * SCORM packages: authoring (import, status) is `courses.manage` without a business-unit limit
 * (BRANCH_ADMIN refused), on the package's own workspace. Playing follows the version: authors
 * play their drafts (preview); `learning.view` plays published versions.
 */
export const scormPolicy = definePolicy<ScormRecord, 'author' | 'play'>('SCORM package', {
  author: (actor, record) =>
    holds(actor, 'courses.manage') && !limitedToUnit(actor) && record.workspaceId === actor.workspaceId,
  play: (actor, record) =>
    (holds(actor, 'courses.manage') && !limitedToUnit(actor) && record.workspaceId === actor.workspaceId) ||
    (holds(actor, 'learning.view') && (record.versionStatus === 'PUBLISHED' || record.versionStatus === 'SUPERSEDED')),
});
