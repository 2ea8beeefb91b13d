import type { TCasePeople } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { authorize, definePolicy, refuse } from '../../../core/policy.ts';
import { myCommittees } from './cases.repo.ts';
import { callerOfCtx } from './keys.ts';
import { searchPeople } from './people.repo.ts';

/** What the person picker's rule knows: how many live committees of the workspace the caller sits on. */
export type CasePeopleFacts = { committees: number };

/**
 * The committee's person picker (issue 26): a member of a live committee of the workspace looks up
 * the workspace's people to name a party or to write a complaint down for someone (POSH s.9(1)).
 * By relationship (sitting on a committee), never by role or permission: an administrator who sits
 * on none is refused like anyone else (403 `FORBIDDEN`, reason `FORBIDDEN_CASE_PEOPLE`).
 */
export const casePeoplePolicy = definePolicy<CasePeopleFacts, 'search'>('case people', {
  search: (_, f) =>
    f.committees > 0 ||
    refuse.with('FORBIDDEN', 'Only a member of a complaints committee may look people up here.', {
      reason: 'FORBIDDEN_CASE_PEOPLE',
    }),
});

const MAX_PEOPLE = 20;

/**
 * `GET /case-people?q=`: the workspace's active members whose name or email contains `q`, at most
 * 20, by name — name, email and business unit only, no case data.
 */
export async function casePeople(ctx: Ctx, q: string): Promise<TCasePeople> {
  const c = callerOfCtx(ctx);
  return ctx.tenant(async (tx) => {
    const committees = await myCommittees(tx, c.workspaceId, c.accountId);
    authorize(ctx, casePeoplePolicy, 'search', { committees: committees.length });
    return { people: await searchPeople(tx, c.workspaceId, q.trim(), MAX_PEOPLE) };
  });
}
