import { defineCallerPolicy, isOperator, refuse } from '../../../core/policy.ts';

/**
 * The compliance catalogue (issue 24): categories and obligations are the operator's, kept on the
 * platform host. Workspaces read them through their register, never through these routes.
 */
const operatorOnly = () => refuse.forbidden('MANAGE_CATALOGUE');

/** The catalogue as a whole: only the operator lists it and adds to it. */
export const complianceCataloguePolicy = defineCallerPolicy<null, 'manage'>('compliance-catalogue', {
  manage: (c) => isOperator(c) || operatorOnly(),
});

/** What a category rule knows of one: how many obligations are filed in it. */
export type CategoryFacts = { obligationCount: number };

/** One category: the operator edits it, and deletes it while no obligation is filed in it. */
export const complianceCategoryPolicy = defineCallerPolicy<CategoryFacts, 'update' | 'delete'>('compliance-category', {
  update: (c) => isOperator(c) || operatorOnly(),
  delete: (c, k) => {
    if (!isOperator(c)) return operatorOnly();
    if (k.obligationCount === 0) return true;
    return refuse.conflict(
      'CATEGORY_IN_USE',
      `${k.obligationCount} obligation(s) are filed in this category. Move or delete them first.`,
    );
  },
});

/**
 * One obligation: the operator edits it and deletes it; an obligation a workspace has answered is
 * retired instead of deleted (the service decides which), so delete is open while it is active.
 */
export const obligationPolicy = defineCallerPolicy<{ status: string }, 'update' | 'delete'>('obligation', {
  update: (c) => isOperator(c) || operatorOnly(),
  delete: (c, o) => {
    if (!isOperator(c)) return operatorOnly();
    if (o.status === 'ACTIVE') return true;
    return refuse.conflict('OBLIGATION_RETIRED', 'This obligation is retired already.');
  },
});
