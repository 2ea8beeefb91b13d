import {
  DEFAULT_MEETING_FIELDS,
  LOCKED_ATTRIBUTE_KEYS,
  type TPublishProblem,
  type TWorkflowBuilder,
  type TWorkflowDefinition,
} from '@app/contract';
import { compile, isText } from './definition.ts';

/*
 * Issue 25: what publishing checks (DESIGN §4 "Complaints"). A pure function of the draft (the
 * builder) and, for a workflow started from a template, the template's definition (its statutory
 * steps and fields). Each problem names its place by keys, e.g. `stages.INQUIRY.steps.HEARING`.
 */

export type PublishProblemEntry = { code: TPublishProblem; path: string; params: Record<string, string | number> };

export type Validation = {
  problems: PublishProblemEntry[];
  /** With `allowFallback`: the languages falling back to English and how many texts each. */
  fallbacks: Record<string, number>;
};

/** The paths of every text in a value (objects of `{ en, hi, … }`), with the texts. */
function textsOf(v: unknown, path: string, out: Array<{ path: string; text: Record<string, string> }>): void {
  if (Array.isArray(v)) {
    v.forEach((x, i) => {
      const key =
        x !== null && typeof x === 'object' && typeof (x as { key?: unknown }).key === 'string'
          ? (x as { key: string }).key
          : String(i);
      textsOf(x, `${path}.${key}`, out);
    });
    return;
  }
  if (v === null || typeof v !== 'object') return;
  if (isText(v)) {
    out.push({ path, text: v });
    return;
  }
  for (const [k, x] of Object.entries(v)) textsOf(x, path ? `${path}.${k}` : k, out);
}

/** The first cycle among `requires` (step keys), or null. */
export function findCycle(edges: Map<string, string[]>): string[] | null {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    const s = state.get(n);
    if (s === 2) return null;
    if (s === 1) return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 1);
    stack.push(n);
    for (const m of edges.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    stack.pop();
    state.set(n, 2);
    return null;
  };
  for (const n of [...edges.keys()].sort()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

export function validate(
  builder: TWorkflowBuilder,
  template: TWorkflowDefinition | null,
  opts: { allowFallback?: boolean } = {},
): Validation {
  const problems: PublishProblemEntry[] = [];
  const add = (code: TPublishProblem, path: string, params: Record<string, string | number> = {}) =>
    problems.push({ code, path, params });
  const def = compile(builder);
  const wf = builder.workflow;

  // Process details: who files, who handles.
  if (def.filers.length === 0) add('FILERS_INVALID', 'filers', { reason: 'NONE' });
  if (def.jurisdiction !== 'CA_SOR_2020_130' && def.filers.includes('WITNESS'))
    add('FILERS_INVALID', 'filers', { reason: 'WITNESS_CANADA_ONLY', filer: 'WITNESS' });
  if (def.anonymousWitnesses && (def.jurisdiction !== 'CA_SOR_2020_130' || !def.filers.includes('WITNESS')))
    add('FILERS_INVALID', 'anonymousWitnesses', { reason: 'ANONYMOUS_NEEDS_WITNESS' });
  if (def.handler.kind === 'COMMITTEE' && wf.handlerName === null)
    add('HANDLER_MISSING', 'handler', { committeeId: def.handler.committeeId });

  // Keys unique within the workflow (meeting fields within their step, options within their field).
  const dup = (kind: string, keys: string[], path: string) => {
    const seen = new Set<string>();
    for (const k of keys) {
      if (seen.has(k)) add('DUPLICATE_KEY', `${path}.${k}`, { kind, key: k });
      seen.add(k);
    }
  };
  dup(
    'COMPONENT',
    def.form.map((c) => c.key),
    'form',
  );
  dup(
    'ATTRIBUTE',
    def.form.flatMap((c) => c.attributes.map((a) => a.key)),
    'form.attributes',
  );
  dup(
    'STAGE',
    def.stages.map((s) => s.key),
    'stages',
  );
  const steps = def.stages.flatMap((st) => st.steps.map((s) => ({ stage: st.key, step: s })));
  dup(
    'STEP',
    steps.map((s) => s.step.key),
    'stages.steps',
  );
  dup(
    'ACTION',
    builder.stages.flatMap((st) => st.steps.flatMap((s) => s.actions.map((a) => a.key))),
    'stages.steps.actions',
  );
  for (const { stage, step } of steps)
    dup(
      'MEETING_FIELD',
      step.meetingFields.map((m) => m.key),
      `stages.${stage}.steps.${step.key}.meetingFields`,
    );

  // The form: the spec's mandatory fields, options, conditions, resources.
  const attributes = def.form.flatMap((c) => c.attributes.map((a) => ({ component: c.key, a })));
  const attrPath = (component: string, key: string) => `form.${component}.attributes.${key}`;
  for (const key of LOCKED_ATTRIBUTE_KEYS) {
    const found = attributes.find((x) => x.a.key === key);
    if (!found?.a.mandatory)
      add('MANDATORY_FIELD_MISSING', found ? attrPath(found.component, key) : `form.${key}`, { key });
  }
  attributes.forEach(({ component, a }, index) => {
    const path = attrPath(component, a.key);
    if ((a.type === 'SINGLE_SELECT' || a.type === 'MULTI_SELECT' || a.type === 'MATCHING') && a.options.length === 0)
      add('OPTIONS_MISSING', path, { key: a.key });
    if (a.type === 'MATCHING' && (a.settings.matchingItems ?? []).length === 0)
      add('OPTIONS_MISSING', `${path}.settings.matchingItems`, { key: a.key });
    dup(
      'OPTION',
      a.options.map((o) => o.key),
      `${path}.options`,
    );
    if (a.type === 'RESOURCE' && a.resourceSha256 === null) add('RESOURCE_MISSING', path, { key: a.key });
    if (a.condition) {
      const earlier = attributes.slice(0, index).find((x) => x.a.key === a.condition?.attributeKey)?.a;
      const equals = a.condition.equals;
      const ok =
        earlier !== undefined &&
        (earlier.type === 'CHECKBOX_WITH_TEXT'
          ? equals === true
          : (earlier.type === 'SINGLE_SELECT' || earlier.type === 'MULTI_SELECT') &&
            earlier.options.some((o) => o.key === equals));
      if (!ok) add('CONDITION_INVALID', `${path}.condition`, { key: a.key, attributeKey: a.condition.attributeKey });
    }
  });

  // Stages and steps.
  if (def.stages.length === 0) add('NO_STAGES', 'stages');
  for (const st of def.stages) if (st.steps.length === 0) add('EMPTY_STAGE', `stages.${st.key}`, { key: st.key });
  const stepKeys = new Set(steps.map((s) => s.step.key));
  const stepPath = (stage: string, key: string) => `stages.${stage}.steps.${key}`;
  for (const { stage, step } of steps) {
    const path = stepPath(stage, step.key);
    const rule = step.settings.dueRule;
    if (rule?.anchorStepKey != null && (!stepKeys.has(rule.anchorStepKey) || rule.anchorStepKey === step.key))
      add('ANCHOR_STEP_INVALID', `${path}.settings.dueRule`, { key: step.key, anchorStepKey: rule.anchorStepKey });
    for (const r of step.requires)
      if (!stepKeys.has(r.stepKey))
        add('ANCHOR_STEP_INVALID', `${path}.requires`, { key: step.key, anchorStepKey: r.stepKey });
    if (step.type === 'MEETING') {
      for (const f of DEFAULT_MEETING_FIELDS) {
        if (!f.mandatory) continue;
        const m = step.meetingFields.find((x) => x.key === f.key);
        if (!m?.mandatory)
          add('MEETING_FIELD_MISSING', `${path}.meetingFields.${f.key}`, { key: step.key, field: f.key });
      }
      for (const m of step.meetingFields)
        if (m.type === 'SINGLE_SELECT' && m.options.length === 0)
          add('OPTIONS_MISSING', `${path}.meetingFields.${m.key}`, { key: m.key });
    }
  }
  for (const st of builder.stages)
    for (const s of st.steps)
      for (const a of s.actions)
        if (a.settings === null)
          add('ACTION_SETTINGS_MISSING', `${stepPath(st.key, s.key)}.actions.${a.key}`, { key: a.key, type: a.type });
  const cycle = findCycle(new Map(steps.map((s) => [s.step.key, s.step.requires.map((r) => r.stepKey)])));
  if (cycle) add('PREREQUISITE_CYCLE', 'stages', { cycle: cycle.join(' → ') });

  // The template's statutory steps and fields: present, and no deadline later than the law's.
  if (template) {
    for (const tStage of template.stages) {
      for (const tStep of tStage.steps) {
        const law = tStep.statutory;
        if (!law) continue;
        const found = steps.find((s) => s.step.key === tStep.key);
        if (!found) {
          add('STATUTORY_STEP_MISSING', stepPath(tStage.key, tStep.key), { key: tStep.key, reference: law.reference });
          continue;
        }
        const start = found.step.settings.start;
        const wanted = tStep.settings.start;
        if (
          wanted.kind === 'ON_REQUEST' &&
          (start.kind !== 'ON_REQUEST' || start.by !== wanted.by || (wanted.inWriting && !start.inWriting))
        )
          add('STATUTORY_START_CHANGED', `${stepPath(found.stage, tStep.key)}.settings.start`, {
            key: tStep.key,
            reference: law.reference,
          });
        if (law.maxOffset === null || law.unit === null) continue;
        const rule = found.step.settings.dueRule;
        const later =
          rule === null ||
          rule.anchor !== law.anchor ||
          (rule.anchorStepKey ?? null) !== (law.anchorStepKey ?? null) ||
          rule.unit !== law.unit ||
          rule.offset > law.maxOffset;
        if (later)
          add('STATUTORY_DEADLINE_LATER', `${stepPath(found.stage, tStep.key)}.settings.dueRule`, {
            key: tStep.key,
            reference: law.reference,
            maxOffset: law.maxOffset,
            unit: law.unit,
          });
      }
    }
    for (const c of template.form) {
      for (const ta of c.attributes) {
        if (ta.statutoryReference === null) continue;
        const found = attributes.find((x) => x.a.key === ta.key);
        if (!found?.a.mandatory || found.a.type !== ta.type)
          add('STATUTORY_FIELD_MISSING', found ? attrPath(found.component, ta.key) : attrPath(c.key, ta.key), {
            key: ta.key,
            reference: ta.statutoryReference,
          });
      }
    }
  }

  // Every text in every language of the workflow, unless falling back to English is allowed.
  const texts: Array<{ path: string; text: Record<string, string> }> = [];
  const { languages: _l, fallbacks: _f, ...withTexts } = def;
  textsOf(withTexts, '', texts);
  const fallbacks: Record<string, number> = {};
  for (const { path, text } of texts) {
    if (Object.values(text).every((v) => !v)) continue; // an optional text left empty everywhere
    const missing = def.languages.filter((l) => !text[l]);
    if (missing.length === 0) continue;
    if (opts.allowFallback && text.en) for (const l of missing) fallbacks[l] = (fallbacks[l] ?? 0) + 1;
    else add('TRANSLATION_MISSING', path, { languages: missing.join(','), count: missing.length });
  }
  return { problems, fallbacks };
}
