import type { TStatutoryRule, TStep, TStepDueRule, TStepType, TWorkflowJurisdiction } from '@app/contract';

/*
 * The pure rules of the stages of redressal (issue 25): cycles among prerequisites and among due
 * rules anchored on steps, renumbering, the default settings and meeting fields of a new step, the
 * statutory limit of a template's step, and stable keys. No database here: the service reads the
 * rows and asks these; helper cms-versions re-checks the same at publish (`findCycle`).
 */

/** An edge of a graph over step keys: `from` waits for (or is anchored on) `to`. */
export type StepEdge = { from: string; to: string };

/**
 * A cycle through the graph `edges`, or null: the keys along it, the first repeated at the end
 * (`['A', 'B', 'A']`: A waits for B, which waits for A). Deterministic: the smallest key of a cycle
 * starts the search, neighbours in key order.
 */
export function findCycle(edges: readonly StepEdge[]): string[] | null {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  for (const list of next.values()) list.sort();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const to of next.get(node) ?? []) {
      const s = state.get(to);
      if (s === 'open') return [...path.slice(path.indexOf(to)), to];
      if (s === undefined) {
        const found = visit(to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...next.keys()].sort()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/**
 * The cycle the edge `added` would close in the acyclic graph `edges`, or null: starts at
 * `added.from` and ends there (`[from, to, …, from]`).
 */
export function cycleClosedBy(edges: readonly StepEdge[], added: StepEdge): string[] | null {
  if (added.from === added.to) return [added.from, added.from];
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  for (const list of next.values()) list.sort();
  // A path from `added.to` back to `added.from` closes the cycle.
  const seen = new Set<string>();
  const walk = (node: string, path: string[]): string[] | null => {
    if (node === added.from) return path;
    if (seen.has(node)) return null;
    seen.add(node);
    for (const to of next.get(node) ?? []) {
      const found = walk(to, [...path, to]);
      if (found) return found;
    }
    return null;
  };
  const back = walk(added.to, [added.to]);
  return back ? [added.from, ...back] : null;
}

export { keyFrom, placeAt } from '../workflows/keys.ts';

/**
 * The settings a new step starts with: the presiding officer performs it (Canada: the designated
 * recipient, s.14), no deadline, no reminders, no escalation, it starts once its prerequisites are
 * met; Canada records a reason for a missed limit (s.35(1)(f)); an Indian hearing needs a quorum of
 * 3 (POSH Rule 7(7)).
 */
export function defaultStepSettings(type: TStepType, jurisdiction: TWorkflowJurisdiction): TStep['settings'] {
  const canada = jurisdiction === 'CA_SOR_2020_130';
  return {
    performer: canada ? 'DESIGNATED_RECIPIENT' : 'PRESIDING_OFFICER',
    dueRule: null,
    reminderDaysBefore: [],
    escalate: false,
    start: { kind: 'PREREQUISITES_MET' },
    reasonIfLate: canada,
    quorum: !canada && type === 'MEETING' ? 3 : null,
  };
}

/** Why a due rule is refused on a statutory step, or null when it is within the law. */
export type StatutoryBreach =
  | { code: 'STATUTORY_ANCHOR_FIXED'; reference: string }
  | { code: 'STATUTORY_START_FIXED'; reference: string }
  | { code: 'STATUTORY_DEADLINE_LATER'; reference: string; maxOffset: number; unit: string };

/**
 * A statutory step keeps its rule's anchor (and anchor step) and unit, and its offset is at most
 * the rule's `maxOffset`; having no deadline at all is later than the law allows. A step the law
 * starts only on request sets no time (`maxOffset` null): any deadline of the workspace's own is
 * within the law.
 */
export function statutoryBreach(rule: TStatutoryRule, due: TStepDueRule | null): StatutoryBreach | null {
  if (rule.maxOffset === null || rule.unit === null) return null;
  const later = {
    code: 'STATUTORY_DEADLINE_LATER' as const,
    reference: rule.reference,
    maxOffset: rule.maxOffset,
    unit: rule.unit,
  };
  if (due === null) return later;
  if (due.anchor !== rule.anchor || (due.anchorStepKey ?? null) !== (rule.anchorStepKey ?? null))
    return { code: 'STATUTORY_ANCHOR_FIXED', reference: rule.reference };
  if (due.unit !== rule.unit || due.offset > rule.maxOffset) return later;
  return null;
}

/**
 * A statutory step that starts only on a party's request (POSH s.10(1), s.12; Canada s.24,
 * s.25(1)) keeps starting on that party's request: its start cannot become automatic or another's.
 */
export function statutoryStartBreach(
  rule: TStatutoryRule,
  before: TStep['settings']['start'],
  after: TStep['settings']['start'],
): StatutoryBreach | null {
  if (before.kind !== 'ON_REQUEST') return null;
  if (after.kind === 'ON_REQUEST' && after.by === before.by && (after.inWriting || !before.inWriting)) return null;
  return { code: 'STATUTORY_START_FIXED', reference: rule.reference };
}

type Texts = Record<'en' | 'hi' | 'kn' | 'te' | 'ta' | 'mr' | 'fr', string>;

/** The labels of the spec's meeting fields (§3), in every language the product speaks. */
export const DEFAULT_MEETING_FIELD_LABELS: Record<string, Texts> = {
  MEETING_TITLE: {
    en: 'Meeting title',
    hi: 'बैठक का शीर्षक',
    kn: 'ಸಭೆಯ ಶೀರ್ಷಿಕೆ',
    te: 'సమావేశం శీర్షిక',
    ta: 'கூட்டத்தின் தலைப்பு',
    mr: 'बैठकीचे शीर्षक',
    fr: 'Titre de la réunion',
  },
  MEETING_DESCRIPTION: {
    en: 'Agenda',
    hi: 'कार्यसूची',
    kn: 'ಕಾರ್ಯಸೂಚಿ',
    te: 'ఎజెండా',
    ta: 'நிகழ்ச்சி நிரல்',
    mr: 'कार्यसूची',
    fr: 'Ordre du jour',
  },
  MEETING_START_TIME: {
    en: 'Starts at',
    hi: 'आरंभ का समय',
    kn: 'ಪ್ರಾರಂಭದ ಸಮಯ',
    te: 'ప్రారంభ సమయం',
    ta: 'தொடங்கும் நேரம்',
    mr: 'सुरू होण्याची वेळ',
    fr: 'Début',
  },
  MEETING_END_TIME: {
    en: 'Ends at',
    hi: 'समाप्ति का समय',
    kn: 'ಮುಕ್ತಾಯದ ಸಮಯ',
    te: 'ముగింపు సమయం',
    ta: 'முடியும் நேரம்',
    mr: 'संपण्याची वेळ',
    fr: 'Fin',
  },
  MEETING_LOCATION: {
    en: 'Place or meeting link (Teams, Google Meet)',
    hi: 'स्थान या बैठक लिंक (Teams, Google Meet)',
    kn: 'ಸ್ಥಳ ಅಥವಾ ಸಭೆಯ ಲಿಂಕ್ (Teams, Google Meet)',
    te: 'స్థలం లేదా సమావేశ లింక్ (Teams, Google Meet)',
    ta: 'இடம் அல்லது கூட்ட இணைப்பு (Teams, Google Meet)',
    mr: 'ठिकाण किंवा बैठकीची लिंक (Teams, Google Meet)',
    fr: 'Lieu ou lien de réunion (Teams, Google Meet)',
  },
  MEETING_GUEST: {
    en: 'Guests',
    hi: 'आमंत्रित व्यक्ति',
    kn: 'ಆಹ್ವಾನಿತರು',
    te: 'ఆహ్వానితులు',
    ta: 'அழைக்கப்பட்டவர்கள்',
    mr: 'निमंत्रित व्यक्ती',
    fr: 'Personnes invitées',
  },
  MINUTES_OF_MEETING: {
    en: 'Minutes of the meeting',
    hi: 'बैठक का कार्यवृत्त',
    kn: 'ಸಭೆಯ ನಡಾವಳಿ',
    te: 'సమావేశ కార్యవివరణ',
    ta: 'கூட்ட நடவடிக்கைக் குறிப்பு',
    mr: 'बैठकीचे इतिवृत्त',
    fr: 'Procès-verbal',
  },
  MEETING_OUTCOME: {
    en: 'Outcome',
    hi: 'परिणाम',
    kn: 'ಫಲಿತಾಂಶ',
    te: 'ఫలితం',
    ta: 'முடிவு',
    mr: 'निष्कर्ष',
    fr: 'Résultat',
  },
};

/** A label of `texts` in the workflow's `languages` only (English always). */
export function labelIn(texts: Texts, languages: readonly string[]): Record<string, string> {
  const out: Record<string, string> = { en: texts.en };
  for (const lang of languages) if (lang in texts) out[lang] = texts[lang as keyof Texts];
  return out;
}
