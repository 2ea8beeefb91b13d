import type {
  TActionSettings,
  TActionType,
  TCmsOptionalText,
  TLanguage,
  TStage,
  TStatutoryRule,
  TStep,
  TStepDueRule,
  TStepPerformer,
  TStepSettings,
  TStepType,
  TWorkflowJurisdiction,
} from '@app/contract';

/*
 * The pure parts of the Stages of Redressal tab (issue 25): a deadline in words, which steps may be
 * chosen as a prerequisite without closing a cycle, and the step-settings form ↔ payload mapping.
 * Texts come through `t` (the `workflowStages` namespace), so the tests read the English ones.
 */

/** A `t` with untyped keys (the component passes its namespace's `t`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A text in `language`, else English. */
const textOf = (text: TCmsOptionalText, language: TLanguage): string => text[language] || text.en || '';

/** "7 working days", "3 months", "1 year". */
export function offsetWords(t: Translate, offset: number, unit: TStepDueRule['unit']): string {
  return t(`due.unit.${unit}`, { count: offset });
}

/** The step's title by key, in `language` (the key itself when no step has it: a stale anchor). */
export function stepTitleByKey(stages: TStage[], key: string | null, language: TLanguage): string {
  for (const stage of stages) for (const step of stage.steps) if (step.key === key) return textOf(step.title, language);
  return key ?? '';
}

/**
 * A due rule in words: "7 working days after the complaint is received · Rule 7(2)", "On the day
 * “Hearing” is completed", "1 month after … , then every month · s.34".
 */
export function dueRuleWords(t: Translate, rule: TStepDueRule, stages: TStage[], language: TLanguage): string {
  const step = stepTitleByKey(stages, rule.anchorStepKey, language);
  const base =
    rule.offset === 0
      ? t(`due.sameDay.${rule.anchor}`, { step })
      : t(`due.after.${rule.anchor}`, { offset: offsetWords(t, rule.offset, rule.unit), step });
  const repeats = rule.repeats ? t('due.repeats', { offset: offsetWords(t, rule.offset, rule.unit) }) : '';
  return `${base}${repeats}${rule.reference ? ` · ${rule.reference}` : ''}`;
}

/** The latest the law allows, in words: "The law allows at most 7 working days after the complaint is received (Rule 7(2))." */
export function statutoryLimitWords(t: Translate, rule: TStatutoryRule, stages: TStage[], language: TLanguage): string {
  // A step the law starts only on request sets no time: it is kept, and waits for that request.
  if (rule.maxOffset === null || rule.unit === null) return t('due.statutoryOnRequest', { reference: rule.reference });
  const after = t(`due.after.${rule.anchor}`, {
    offset: offsetWords(t, rule.maxOffset, rule.unit),
    step: stepTitleByKey(stages, rule.anchorStepKey, language),
  });
  return t('due.statutoryLimit', { after, reference: rule.reference });
}

/** Rough length of a unit in calendar days, to compare rules across units (a working week is 5 of 7 days). */
const DAYS_PER_UNIT: Record<TStepDueRule['unit'], number> = {
  CALENDAR_DAY: 1,
  WORKING_DAY: 7 / 5,
  MONTH: 30,
  YEAR: 365,
};

/**
 * Whether `rule` lets the step fall due later than its statutory limit allows (a hint shown before
 * saving; the server decides, 409 STATUTORY_DEADLINE_LATER). No rule at all is later than any
 * limit; a different anchor counts as later, since the law counts from its own anchor.
 */
export function laterThanStatute(statutory: TStatutoryRule | null, rule: TStepDueRule | null): boolean {
  if (!statutory || statutory.maxOffset === null || statutory.unit === null) return false;
  if (!rule) return true;
  if (rule.anchor !== statutory.anchor || rule.anchorStepKey !== statutory.anchorStepKey) return true;
  if (rule.unit === statutory.unit) return rule.offset > statutory.maxOffset;
  return rule.offset * DAYS_PER_UNIT[rule.unit] > statutory.maxOffset * DAYS_PER_UNIT[statutory.unit];
}

/** Every step of the workflow, in order, with its stage. */
export function allSteps(stages: TStage[]): { step: TStep; stage: TStage }[] {
  return stages.flatMap((stage) => stage.steps.map((step) => ({ step, stage })));
}

/**
 * The steps `stepId` may require without closing a cycle: not itself, not one it already
 * requires (unless it is `replacing`, the prerequisite being changed), and not one that already
 * waits — directly or through others — for `stepId`.
 */
export function prerequisiteCandidates(stages: TStage[], stepId: string, replacing: string | null = null): TStep[] {
  const steps = allSteps(stages).map((s) => s.step);
  // requires[a] = the steps a waits for; the prerequisite being replaced is left out.
  const requires = new Map<string, string[]>();
  for (const s of steps)
    requires.set(
      s.id,
      s.prerequisites.filter((p) => p.id !== replacing).map((p) => p.requiresStepId),
    );
  const waitsFor = (from: string, target: string): boolean => {
    const seen = new Set<string>();
    const queue = [from];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (id === target) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(requires.get(id) ?? []));
    }
    return false;
  };
  const already = new Set(requires.get(stepId) ?? []);
  return steps.filter((s) => s.id !== stepId && !already.has(s.id) && !waitsFor(s.id, stepId));
}

/** Who may perform a step in a jurisdiction: Canada adds the designated recipient. */
export function performersFor(jurisdiction: TWorkflowJurisdiction): TStepPerformer[] {
  return jurisdiction === 'CA_SOR_2020_130'
    ? ['DESIGNATED_RECIPIENT', 'PRESIDING_OFFICER', 'ANY_MEMBER']
    : ['PRESIDING_OFFICER', 'ANY_MEMBER'];
}

// --- step settings: form ↔ payload ---------------------------------------------------------------

export type TSettingsForm = {
  performer: TStepPerformer;
  hasDue: boolean;
  anchor: TStepDueRule['anchor'];
  anchorStepKey: string | null;
  offset: number;
  unit: TStepDueRule['unit'];
  onHoliday: TStepDueRule['onHoliday'];
  /** '' : the holiday calendar of the case's unit's jurisdiction. */
  calendar: string;
  reference: string;
  repeats: boolean;
  reminders: number[];
  escalate: boolean;
  startKind: 'PREREQUISITES_MET' | 'ON_REQUEST';
  startBy: 'COMPLAINANT' | 'RESPONDENT' | 'BOTH_PARTIES';
  startInWriting: boolean;
  reasonIfLate: boolean;
  /** null: no quorum (meetings only). */
  quorum: number | null;
};

export function settingsForm(settings: TStep['settings']): TSettingsForm {
  const due = settings.dueRule;
  const start = settings.start;
  return {
    performer: settings.performer,
    hasDue: due !== null,
    anchor: due?.anchor ?? 'FILED',
    anchorStepKey: due?.anchorStepKey ?? null,
    offset: due?.offset ?? 7,
    unit: due?.unit ?? 'CALENDAR_DAY',
    onHoliday: due?.onHoliday ?? 'NEXT_WORKING_DAY',
    calendar: due?.calendar ?? '',
    reference: due?.reference ?? '',
    repeats: due?.repeats ?? false,
    reminders: [...settings.reminderDaysBefore],
    escalate: settings.escalate,
    startKind: start.kind,
    startBy: start.kind === 'ON_REQUEST' ? start.by : 'COMPLAINANT',
    startInWriting: start.kind === 'ON_REQUEST' ? start.inWriting : false,
    reasonIfLate: settings.reasonIfLate,
    quorum: settings.quorum,
  };
}

const anchoredOnStep = (anchor: TStepDueRule['anchor']) => anchor === 'STEP_COMPLETED' || anchor === 'STEP_STARTED';

/** The due rule a form describes (null: no deadline). */
export function dueRuleOf(form: TSettingsForm): TStepDueRule | null {
  if (!form.hasDue) return null;
  return {
    anchor: form.anchor,
    anchorStepKey: anchoredOnStep(form.anchor) ? form.anchorStepKey : null,
    offset: form.offset,
    unit: form.unit,
    onHoliday: form.onHoliday,
    calendar: form.calendar.trim() || null,
    reference: form.reference.trim() || null,
    repeats: form.repeats,
  };
}

/** The `step-setting` payload of a form; reminders sorted, largest first, each day once; quorum only on meetings. */
export function settingsPayload(form: TSettingsForm, type: TStepType): TStepSettings {
  return {
    performer: form.performer,
    dueRule: dueRuleOf(form),
    reminderDaysBefore: [...new Set(form.reminders.filter((d) => Number.isInteger(d) && d > 0))].sort((a, b) => b - a),
    escalate: form.escalate,
    start:
      form.startKind === 'ON_REQUEST'
        ? { kind: 'ON_REQUEST', by: form.startBy, inWriting: form.startInWriting }
        : { kind: 'PREREQUISITES_MET' },
    reasonIfLate: form.reasonIfLate,
    quorum: type === 'MEETING' ? form.quorum : null,
  };
}

// --- texts and keys ------------------------------------------------------------------------------

/** The workflow languages a text lacks. */
export function missingLanguages(text: TCmsOptionalText, languages: TLanguage[]): TLanguage[] {
  return languages.filter((l) => !text[l]?.trim());
}

/** A text with empty languages left out (the contract refuses an empty string only for `en`). */
export function cleanText<T extends TCmsOptionalText>(text: T): T {
  return Object.fromEntries(Object.entries(text).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as T;
}

/** A stable key from an English label: "Settled by conciliation" → SETTLED_BY_CONCILIATION. */
export function keyFrom(label: string, fallback = 'OPTION'): string {
  const k = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase()
    .slice(0, 64);
  if (!k) return fallback;
  return /^[A-Z]/.test(k) ? k : `${fallback}_${k}`.slice(0, 64);
}

/** Options with a key each: a new option (key '') gets one from its English label, unique among the others. */
export function withKeys<T extends { key: string; label: TCmsOptionalText }>(options: T[], fallback = 'OPTION'): T[] {
  const used = new Set(options.map((o) => o.key).filter(Boolean));
  return options.map((o, i) => {
    if (o.key) return o;
    const base = keyFrom(o.label.en ?? '', `${fallback}_${i + 1}`).slice(0, 60);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
    used.add(key);
    return { ...o, key };
  });
}

// --- actions -------------------------------------------------------------------------------------

/** A new action's settings (what its form starts from); English texts left for the administrator. */
export function defaultActionSettings(type: TActionType): TActionSettings {
  const empty = { en: '' };
  switch (type) {
    case 'TRANSFER_COMPLAINT':
      return { type, to: 'LOCAL_COMMITTEE', reasonRequired: true };
    case 'INFORM_RESPONDENT':
      return { type, shareComplaintCopy: true, message: empty };
    case 'INFORM_EMPLOYER':
      return { type, shareReport: false, message: empty };
    case 'NOTIFY':
      return { type, recipients: ['COMPLAINANT'], message: empty };
    case 'VOTE':
      return {
        type,
        question: empty,
        options: [
          { key: 'YES', label: { en: 'Yes' } },
          { key: 'NO', label: { en: 'No' } },
        ],
        quorum: 3,
        presidingOfficerRequired: true,
      };
    case 'UPLOAD_RESOURCE':
      return { type, label: empty, uploader: 'COMMITTEE', required: true };
    case 'BUTTON':
      return { type, label: empty, outcome: 'DONE', confirm: true };
    case 'RESOURCE':
      return { type, title: empty, body: empty };
    case 'FORM':
      return {
        type,
        recipient: 'RESPONDENT',
        title: empty,
        fields: [{ key: 'REPLY', type: 'TEXT_AREA', label: empty, mandatory: true, options: [] }],
      };
  }
}

/** Moves item `index` of `list` by `delta`; the new order (unchanged when it would leave the list). */
export function moved<T>(list: T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

const LANGUAGE_KEYS = new Set(['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr']);
const isText = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length > 0 &&
  Object.entries(v).every(([k, s]) => LANGUAGE_KEYS.has(k) && typeof s === 'string');

/** Texts of any depth with empty languages left out (an action's settings, a meeting field). */
export function cleanTexts<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cleanTexts) as T;
  if (isText(value)) return cleanText(value) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanTexts(v)])) as T;
  return value;
}

/** An action's settings as the server takes them: texts cleaned, new options and questions given keys. */
export function actionSettingsPayload(settings: TActionSettings): TActionSettings {
  const clean = cleanTexts(settings);
  if (clean.type === 'VOTE') return { ...clean, options: withKeys(clean.options) };
  if (clean.type === 'FORM')
    return {
      ...clean,
      fields: withKeys(clean.fields.map((f) => ({ ...f, options: withKeys(f.options) }))),
    };
  return clean;
}

/**
 * A refusal that names steps by key (PREREQUISITE_CYCLE and DUE_RULE_CYCLE's `cycle`, STEP_IS_ANCHOR's
 * `anchoredStepKey`) with the steps' titles in `language` instead, and without the server's
 * English message, so that every reader gets the translated text with the steps named plainly.
 */
export function withStepTitles(error: unknown, stages: TStage[], language: TLanguage): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const e = error as { params?: Record<string, unknown>; message?: unknown };
  const params = e.params ?? {};
  const title = (key: string) => `“${stepTitleByKey(stages, key.trim(), language)}”`;
  const named: Record<string, unknown> = {};
  if (typeof params.cycle === 'string') named.cycle = params.cycle.split('→').map(title).join(' → ');
  if (typeof params.anchoredStepKey === 'string') named.anchoredStepKey = title(params.anchoredStepKey);
  if (Object.keys(named).length === 0) return error;
  return { ...e, message: '', params: { ...params, ...named } };
}
