import type { TJurisdictionAction } from '@app/contract';
import { defineCallerPolicy, holds, isOperator, refuse } from '../../../core/policy.ts';

/** What a jurisdiction rule knows of one: what still names it. */
export type JurisdictionFacts = { courseCount: number; childCount: number };

const operatorOnly = () => refuse.forbidden('MANAGE_CATALOGUE');

/**
 * The list of jurisdictions: the operator keeps it (on the platform host), every workspace member
 * with `learning.view` reads it (to filter the catalogue).
 */
export const jurisdictionListPolicy = defineCallerPolicy<null, 'read' | 'manage'>('jurisdictions', {
  read: (c) => isOperator(c) || holds(c, 'learning.view'),
  manage: (c) => isOperator(c) || operatorOnly(),
});

/** One jurisdiction: the operator edits it, and deletes it while nothing (a course, another jurisdiction) names it. */
export const jurisdictionPolicy = defineCallerPolicy<JurisdictionFacts, TJurisdictionAction>('jurisdiction', {
  edit: (c) => isOperator(c) || operatorOnly(),
  delete: (c, j) => {
    if (!isOperator(c)) return operatorOnly();
    if (j.courseCount === 0 && j.childCount === 0) return true;
    return refuse.conflict(
      'JURISDICTION_IN_USE',
      j.courseCount > 0
        ? `${j.courseCount} course(s) are tagged with this jurisdiction. Remove the tag from them first.`
        : 'Other jurisdictions are placed under this one. Move or delete them first.',
    );
  },
});
