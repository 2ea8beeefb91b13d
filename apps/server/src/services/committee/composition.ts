import type { TCommitteeGender, TCommitteeKind, TCommitteeRole, TCompositionRule } from '@app/contract';
import { addCalendarDays, addCalendarMonths } from '../../core/due-rules.ts';

/**
 * The composition rules of POSH s.4 (and SOR/2020-130 s.14 for Canada's designated recipients), as
 * pure functions over the members in force on a date: no database, no clock. The screen's refusals
 * (422 `COMMITTEE_COMPOSITION_UNLAWFUL`) and the register's `violations` both come from here.
 */

/** What the rules know of a member. `external`: a person outside the workspace (no account). */
export type ComposedMember = {
  role: TCommitteeRole;
  external: boolean;
  gender: TCommitteeGender;
  senior: boolean;
  termStart: string;
  termEnd: string;
  leftOn?: string | null;
  /** Whose term it is, for the s.4(3) refusal's `params.member`. */
  name: string;
};

export type Violation = { rule: TCompositionRule; section: string; params: Record<string, string | number> };

/** The section of each rule (LEGAL.md's notation). */
export const RULE_SECTIONS: Record<TCompositionRule, string> = {
  PRESIDING_OFFICER_MISSING: 's.4(2)(a)',
  PRESIDING_OFFICER_MORE_THAN_ONE: 's.4(2)(a)',
  PRESIDING_OFFICER_NOT_WOMAN: 's.4(2)(a)',
  PRESIDING_OFFICER_NOT_SENIOR: 's.4(2)(a)',
  PRESIDING_OFFICER_NOT_EMPLOYEE: 's.4(2)(a)',
  EMPLOYEE_MEMBERS_FEWER_THAN_TWO: 's.4(2)(b)',
  EXTERNAL_MEMBER_MISSING: 's.4(2)(c)',
  WOMEN_FEWER_THAN_HALF: 's.4(2)',
  TERM_OVER_THREE_YEARS: 's.4(3)',
  DESIGNATED_RECIPIENT_MISSING: 's.14',
  ROLE_NOT_FOR_KIND: 's.4(2)',
};

/** The last day a member's term counts on: its end, or the day it left when earlier. */
export const lastDay = (m: Pick<ComposedMember, 'termEnd' | 'leftOn'>): string =>
  m.leftOn && m.leftOn < m.termEnd ? m.leftOn : m.termEnd;

/** Whether the member is on the committee on `date` (term_start ≤ date ≤ least(term_end, left_on)). */
export const inForce = (m: Pick<ComposedMember, 'termStart' | 'termEnd' | 'leftOn'>, date: string): boolean =>
  m.termStart <= date && date <= lastDay(m);

/**
 * Whether a term is longer than s.4(3) allows ("not more than 3 years"): its last day may be at most
 * the day before the third anniversary of its first (1 April 2026 → 31 March 2029).
 */
export const termOverThreeYears = (termStart: string, termEnd: string): boolean =>
  termEnd > addCalendarDays(addCalendarMonths(termStart, 36), -1);

const violation = (
  rule: TCompositionRule,
  params: Record<string, string | number> = {},
  section?: string,
): Violation => ({
  rule,
  section: section ?? RULE_SECTIONS[rule],
  params,
});

/**
 * The rules `members` break as the committee in force on `date` (members not in force that day are
 * left out, except for s.4(3), which every term given must respect). An Internal Committee:
 * one presiding officer, a woman employed at a senior level (s.4(2)(a)); at least two members from
 * among employees (s.4(2)(b)); one external member, a person outside the workspace (s.4(2)(c)); at
 * least half the members women (s.4(2), proviso). Designated recipients (Canada): at least one
 * (s.14), and no Internal Committee role. Each broken rule once, in this order.
 */
export function compositionViolations(
  kind: TCommitteeKind,
  members: readonly ComposedMember[],
  date: string,
): Violation[] {
  const out: Violation[] = [];
  const now = members.filter((m) => inForce(m, date));
  if (kind === 'DESIGNATED_RECIPIENT') {
    const wrong = members.find((m) => m.role !== 'DESIGNATED_RECIPIENT');
    if (wrong) out.push(violation('ROLE_NOT_FOR_KIND', { role: wrong.role, kind }, 's.14'));
    if (!now.some((m) => m.role === 'DESIGNATED_RECIPIENT')) out.push(violation('DESIGNATED_RECIPIENT_MISSING'));
    return out;
  }
  const wrong = members.find((m) => m.role === 'DESIGNATED_RECIPIENT');
  if (wrong) out.push(violation('ROLE_NOT_FOR_KIND', { role: wrong.role, kind }));
  const officers = now.filter((m) => m.role === 'PRESIDING_OFFICER');
  if (officers.length === 0) out.push(violation('PRESIDING_OFFICER_MISSING'));
  if (officers.length > 1) out.push(violation('PRESIDING_OFFICER_MORE_THAN_ONE', { count: officers.length }));
  const officer = officers[0];
  if (officer) {
    if (officer.gender !== 'WOMAN') out.push(violation('PRESIDING_OFFICER_NOT_WOMAN', { member: officer.name }));
    if (!officer.senior) out.push(violation('PRESIDING_OFFICER_NOT_SENIOR', { member: officer.name }));
    if (officer.external) out.push(violation('PRESIDING_OFFICER_NOT_EMPLOYEE', { member: officer.name }));
  }
  const employees = now.filter((m) => m.role === 'MEMBER' && !m.external).length;
  if (employees < 2) out.push(violation('EMPLOYEE_MEMBERS_FEWER_THAN_TWO', { count: employees, required: 2 }));
  if (!now.some((m) => m.role === 'EXTERNAL_MEMBER' && m.external)) out.push(violation('EXTERNAL_MEMBER_MISSING'));
  const women = now.filter((m) => m.gender === 'WOMAN').length;
  if (now.length > 0 && women * 2 < now.length)
    out.push(violation('WOMEN_FEWER_THAN_HALF', { women, members: now.length }));
  const long = members.find((m) => termOverThreeYears(m.termStart, m.termEnd));
  if (long)
    out.push(
      violation('TERM_OVER_THREE_YEARS', { member: long.name, termStart: long.termStart, termEnd: long.termEnd }),
    );
  return out;
}

/**
 * The date a composition is checked on: `effective` (default today); when nobody is in term then
 * (a committee constituted ahead), the first day one of its members starts.
 */
export function checkDate(members: readonly ComposedMember[], today: string, effective?: string): string {
  const on = effective ?? today;
  if (members.some((m) => inForce(m, on))) return on;
  const starts = members.map((m) => m.termStart).filter((d) => d > on);
  return starts.length > 0 ? starts.sort()[0]! : on;
}
