import type { TActionSettings, TVoteTally } from '@app/contract';

/*
 * A committee vote (a VOTE action), counted from its VOTE items (COMMITTEE). Each member with access
 * votes once. The vote is decided when at least `quorum` members have voted, the presiding officer
 * among them when `presidingOfficerRequired` (POSH Rule 7(7)); the option with the most votes wins.
 * A tie goes to the presiding officer's option when they voted for one of the tied options (the
 * presiding officer presides: the casting vote); otherwise it stays undecided until more members
 * vote — the committee can see the tie and decide how to proceed.
 */

type VoteSettings = Extract<TActionSettings, { type: 'VOTE' }>;
type VoteItem = { kind: string; authorAccountId: string | null; body: unknown };

/** The count of one vote so far, and its result once decided. */
export function voteTally(
  items: readonly VoteItem[],
  stepKey: string,
  actionKey: string,
  settings: VoteSettings,
  who: { me: string | null; presidingOfficers: readonly string[] },
): TVoteTally {
  const counts: Record<string, number> = Object.fromEntries(settings.options.map((o) => [o.key, 0]));
  const byVoter = new Map<string, string>();
  for (const i of items) {
    if (i.kind !== 'VOTE' || !i.authorAccountId) continue;
    const b = i.body as { stepKey: string; actionKey: string; option: string };
    if (b.stepKey !== stepKey || b.actionKey !== actionKey) continue;
    // Once per member: the first vote counts (the service refuses a second one).
    if (byVoter.has(i.authorAccountId) || !(b.option in counts)) continue;
    byVoter.set(i.authorAccountId, b.option);
    counts[b.option] = (counts[b.option] ?? 0) + 1;
  }
  const poVote = who.presidingOfficers.map((p) => byVoter.get(p)).find((v) => v !== undefined) ?? null;
  const enough = byVoter.size >= settings.quorum && (!settings.presidingOfficerRequired || poVote !== null);
  let decided: string | null = null;
  if (enough) {
    const top = Math.max(...Object.values(counts));
    const leaders = Object.keys(counts).filter((k) => counts[k] === top);
    if (leaders.length === 1) decided = leaders[0]!;
    else if (poVote && leaders.includes(poVote)) decided = poVote;
  }
  return {
    counts,
    voters: [...byVoter.keys()],
    required: settings.quorum,
    presidingOfficerRequired: settings.presidingOfficerRequired,
    presidingOfficerVoted: poVote !== null,
    mine: who.me ? (byVoter.get(who.me) ?? null) : null,
    decided,
  };
}
