import type {
  TCmsOptionalText,
  TLanguage,
  TWorkflowFiler,
  TWorkflowJurisdiction,
  TWorkflowSummary,
  TWorkflowUpdate,
} from '@app/contract';
import { WORKFLOW_FILERS } from '@app/contract';

/** The Process Details form as the page holds it (strings for the inputs, then checked and sent). */
export type TProcessForm = {
  name: string;
  description: TCmsOptionalText;
  jurisdiction: TWorkflowJurisdiction;
  filers: TWorkflowFiler[];
  anonymousWitnesses: boolean;
  handlerKind: 'UNIT_COMMITTEE' | 'COMMITTEE';
  committeeId: string | null;
  contactKind: 'REGISTER' | 'OWN';
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  languages: TLanguage[];
};

/** The form of a workflow's current process details. */
export function processFormOf(w: TWorkflowSummary): TProcessForm {
  return {
    name: w.name,
    description: { ...w.description },
    jurisdiction: w.jurisdiction,
    filers: [...w.filers],
    anonymousWitnesses: w.anonymousWitnesses,
    handlerKind: w.handler.kind,
    committeeId: w.handler.kind === 'COMMITTEE' ? w.handler.committeeId : null,
    contactKind: w.contact ? 'OWN' : 'REGISTER',
    contactName: w.contact?.name ?? '',
    contactEmail: w.contact?.email ?? '',
    contactPhone: w.contact?.phone ?? '',
    languages: [...w.languages],
  };
}

/** Who may file under a law: witnesses only in Canada (s.15(1)). */
export const filersFor = (j: TWorkflowJurisdiction): TWorkflowFiler[] =>
  WORKFLOW_FILERS.filter((f) => f !== 'WITNESS' || j === 'CA_SOR_2020_130');

/** The form after choosing another law: India drops witnesses and their anonymity. */
export function withJurisdiction(form: TProcessForm, j: TWorkflowJurisdiction): TProcessForm {
  const allowed = filersFor(j);
  const filers = form.filers.filter((f) => allowed.includes(f));
  return {
    ...form,
    jurisdiction: j,
    filers,
    anonymousWitnesses: filers.includes('WITNESS') && form.anonymousWitnesses,
  };
}

/** The form after ticking or unticking filers: no anonymous witnesses without witnesses. */
export function withFilers(form: TProcessForm, filers: TWorkflowFiler[]): TProcessForm {
  const ordered = WORKFLOW_FILERS.filter((f) => filers.includes(f));
  return { ...form, filers: ordered, anonymousWitnesses: ordered.includes('WITNESS') && form.anonymousWitnesses };
}

/** The languages, English first and always there, in the workspace's order. */
export function withLanguages(offered: readonly TLanguage[], picked: readonly string[]): TLanguage[] {
  return ['en' as TLanguage, ...offered.filter((l) => l !== 'en' && picked.includes(l))];
}

export type TProcessProblem =
  | 'nameRequired'
  | 'filersRequired'
  | 'handlerRequired'
  | 'contactNameRequired'
  | 'contactNeeded';

/** What must be corrected before saving, by field. */
export function processProblems(form: TProcessForm): Partial<Record<string, TProcessProblem>> {
  const problems: Partial<Record<string, TProcessProblem>> = {};
  if (!form.name.trim()) problems.name = 'nameRequired';
  if (form.filers.length === 0) problems.filers = 'filersRequired';
  if (form.handlerKind === 'COMMITTEE' && !form.committeeId) problems.committee = 'handlerRequired';
  if (form.contactKind === 'OWN') {
    if (!form.contactName.trim()) problems.contactName = 'contactNameRequired';
    if (!form.contactEmail.trim() && !form.contactPhone.trim()) problems.contactEmail = 'contactNeeded';
  }
  return problems;
}

function bodyOf(form: TProcessForm): Required<TWorkflowUpdate> {
  const description = Object.fromEntries(
    Object.entries(form.description).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as TCmsOptionalText;
  return {
    name: form.name.trim(),
    description,
    jurisdiction: form.jurisdiction,
    filers: form.filers,
    anonymousWitnesses: form.anonymousWitnesses,
    handler:
      form.handlerKind === 'COMMITTEE' && form.committeeId
        ? { kind: 'COMMITTEE', committeeId: form.committeeId }
        : { kind: 'UNIT_COMMITTEE' },
    contact:
      form.contactKind === 'OWN'
        ? {
            name: form.contactName.trim(),
            email: form.contactEmail.trim() || null,
            phone: form.contactPhone.trim() || null,
          }
        : null,
    languages: form.languages,
  };
}

/**
 * The update to send: only the fields that differ from what the workflow has (a template's law is
 * never sent: the server refuses to change it), or null when nothing changed.
 */
export function processUpdate(initial: TProcessForm, form: TProcessForm): TWorkflowUpdate | null {
  const before = bodyOf(initial);
  const after = bodyOf(form);
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]))
      .map((k) => [k, after[k]]),
  ) as TWorkflowUpdate;
  return Object.keys(changed).length ? changed : null;
}
