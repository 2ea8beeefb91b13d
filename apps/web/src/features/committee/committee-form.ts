import type { TCommittee, TCommitteeGender, TCommitteeInput, TCommitteeKind, TCommitteeRole } from '@app/contract';
import { addYearsDays } from './days.ts';

/** One member row of the form, as typed (strings, nulls until chosen). */
export type TMemberRow = {
  /** A stable key for React (the member's id once saved). */
  key: string;
  id?: string;
  role: TCommitteeRole;
  who: 'employee' | 'outside';
  accountId: string | null;
  /** The chosen employee's name as shown in the picker. */
  accountLabel: string | null;
  name: string;
  organisation: string;
  email: string;
  phone: string;
  gender: TCommitteeGender | null;
  senior: boolean;
  termStart: string | null;
  termEnd: string | null;
  trainingCompletedOn: string | null;
  trainingNote: string;
};

export type TCommitteeForm = {
  name: string;
  branchIds: string[];
  workspaceWide: boolean;
  orderDate: string | null;
  howToRaise: string;
  members: TMemberRow[];
};

let counter = 0;
const newKey = () => `new-${++counter}`;

/** A new row for `role`: an employee, or a person outside the workspace for the external member. */
export function newMember(role: TCommitteeRole, today: string): TMemberRow {
  return {
    key: newKey(),
    role,
    who: role === 'EXTERNAL_MEMBER' ? 'outside' : 'employee',
    accountId: null,
    accountLabel: null,
    name: '',
    organisation: '',
    email: '',
    phone: '',
    gender: null,
    senior: false,
    termStart: today,
    termEnd: addYearsDays(today, 3, -1),
    trainingCompletedOn: null,
    trainingNote: '',
  };
}

/** The kind of committee a workspace of `country` keeps. */
export const kindOf = (country: 'IN' | 'CA'): TCommitteeKind =>
  country === 'CA' ? 'DESIGNATED_RECIPIENT' : 'INTERNAL_COMMITTEE';

/** The roles offered for a kind. */
export const rolesOf = (kind: TCommitteeKind): TCommitteeRole[] =>
  kind === 'DESIGNATED_RECIPIENT' ? ['DESIGNATED_RECIPIENT'] : ['PRESIDING_OFFICER', 'MEMBER', 'EXTERNAL_MEMBER'];

/** An empty form: for an Internal Committee the four seats s.4(2) asks for at least; else one recipient. */
export function emptyForm(kind: TCommitteeKind, today: string): TCommitteeForm {
  return {
    name: '',
    branchIds: [],
    workspaceWide: false,
    orderDate: null,
    howToRaise: '',
    members:
      kind === 'DESIGNATED_RECIPIENT'
        ? [newMember('DESIGNATED_RECIPIENT', today)]
        : [
            newMember('PRESIDING_OFFICER', today),
            newMember('MEMBER', today),
            newMember('MEMBER', today),
            newMember('EXTERNAL_MEMBER', today),
          ],
  };
}

/** The form of an existing committee: its members in term (or not yet started) as rows. */
export function formOf(committee: TCommittee): TCommitteeForm {
  return {
    name: committee.name,
    branchIds: committee.units.map((u) => u.id),
    workspaceWide: committee.workspaceWide,
    orderDate: committee.orderDate,
    howToRaise: committee.howToRaise ?? '',
    members: committee.members
      .filter((m) => m.termState !== 'LEFT')
      .map((m) => ({
        key: m.id,
        id: m.id,
        role: m.role,
        who: m.accountId ? 'employee' : 'outside',
        accountId: m.accountId,
        accountLabel: m.accountId ? m.name : null,
        name: m.accountId ? '' : m.name,
        organisation: m.organisation ?? '',
        email: m.accountId ? '' : (m.email ?? ''),
        phone: m.accountId ? '' : (m.phone ?? ''),
        gender: m.gender,
        senior: m.senior,
        termStart: m.termStart,
        termEnd: m.termEnd,
        trainingCompletedOn: m.training?.completedOn ?? null,
        trainingNote: m.training?.note ?? '',
      })),
  };
}

/** What a row still lacks before it can be sent: the field and its message key. */
export type TRowProblem =
  | 'personRequired'
  | 'nameRequired'
  | 'organisationRequired'
  | 'contactRequired'
  | 'genderRequired'
  | 'termRequired'
  | 'termEndBeforeStart';

export function rowProblems(
  row: TMemberRow,
): Partial<Record<'person' | 'name' | 'organisation' | 'contact' | 'gender' | 'termStart' | 'termEnd', TRowProblem>> {
  const out: ReturnType<typeof rowProblems> = {};
  if (row.who === 'employee' && !row.accountId) out.person = 'personRequired';
  if (row.who === 'outside') {
    if (!row.name.trim()) out.name = 'nameRequired';
    if (!row.organisation.trim()) out.organisation = 'organisationRequired';
    if (!row.email.trim() && !row.phone.trim()) out.contact = 'contactRequired';
  }
  if (!row.gender) out.gender = 'genderRequired';
  if (!row.termStart) out.termStart = 'termRequired';
  if (!row.termEnd) out.termEnd = 'termRequired';
  else if (row.termStart && row.termEnd < row.termStart) out.termEnd = 'termEndBeforeStart';
  return out;
}

/** Whether the form can be sent (a name, what it serves, every row complete). */
export function formComplete(form: TCommitteeForm): boolean {
  return (
    form.name.trim() !== '' &&
    (form.workspaceWide || form.branchIds.length > 0) &&
    form.members.every((m) => Object.keys(rowProblems(m)).length === 0)
  );
}

/** The request body of a complete form. */
export function toInput(form: TCommitteeForm, kind: TCommitteeKind): TCommitteeInput {
  const text = (s: string) => (s.trim() ? s.trim() : null);
  return {
    kind,
    name: form.name.trim(),
    workspaceWide: form.workspaceWide,
    branchIds: form.branchIds,
    orderDate: form.orderDate,
    howToRaise: text(form.howToRaise),
    members: form.members.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      role: m.role,
      accountId: m.who === 'employee' ? m.accountId : null,
      external:
        m.who === 'outside'
          ? { name: m.name.trim(), organisation: m.organisation.trim(), email: text(m.email), phone: text(m.phone) }
          : null,
      gender: m.gender ?? 'OTHER',
      senior: m.senior,
      termStart: m.termStart ?? '',
      termEnd: m.termEnd ?? '',
      ...(kind === 'DESIGNATED_RECIPIENT'
        ? { trainingCompletedOn: m.trainingCompletedOn, trainingNote: text(m.trainingNote) }
        : {}),
    })),
  };
}
