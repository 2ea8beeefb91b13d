import { definePolicy, isSelf, refuse } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** What a certificate rule knows: whose it is (null: there is none for that enrolment and cycle). */
export type CertificateFacts = { accountId: string } | null;

/**
 * A certificate (the PDF of a completed cycle): the learner themself, or whoever manages courses for
 * the whole workspace. Anyone else — another learner, a business unit admin — gets 404, as for a
 * certificate that does not exist (nothing tells it exists).
 */
export const certificatePolicy = definePolicy<CertificateFacts, 'download'>('certificate', {
  download: (a, c) => (c !== null && (isSelf(a, c.accountId) || isAuthor(a))) || refuse.notFound('CERTIFICATE'),
});
