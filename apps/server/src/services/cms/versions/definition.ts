import type {
  TAttribute,
  TComponent,
  TStage,
  TStep,
  TWorkflowBuilder,
  TWorkflowDefinition,
  TWorkflowDiff,
} from '@app/contract';
import { sha256Hex } from '../../../core/crypto.ts';

/*
 * Issue 25, versions: a draft (the builder) compiled to its canonical definition, the canonical
 * JSON the SHA-256 covers, the definition's structure (every text left out: a label-only version
 * keeps the structure hash), and the structural diff between two versions. Pure functions.
 */

/**
 * Canonical JSON: object keys sorted by UTF-16 code units (as RFC 8785), no whitespace, arrays in
 * order, `undefined` members left out, strings as JSON.stringify writes them (characters outside
 * ASCII as themselves, lone surrogates escaped), so the same value always gives the same bytes.
 * Numbers must be finite.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new Error('canonicalJson: a number that is not finite');
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
    }
    default:
      throw new Error(`canonicalJson: cannot write a ${typeof value}`);
  }
}

/** The SHA-256 (hex) of a value's canonical JSON. */
export function hashOf(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

/** A text object without empty members (an empty translation is a missing one). */
function cleanText<T extends Record<string, string | undefined>>(text: T): T {
  const out: Record<string, string> = {};
  for (const [lang, v] of Object.entries(text)) if (typeof v === 'string' && v !== '') out[lang] = v;
  return out as T;
}

function compileAttribute(a: TAttribute): TWorkflowDefinition['form'][number]['attributes'][number] {
  return {
    key: a.key,
    type: a.type,
    label: cleanText(a.label),
    hint: cleanText(a.hint),
    mandatory: a.mandatory,
    options: a.options.map((o) => ({ key: o.key, label: cleanText(o.label) })),
    condition: a.condition,
    settings: a.settings,
    resourceSha256: a.resource?.sha256 ?? null,
    statutoryReference: a.statutoryReference,
  };
}

function compileStep(s: TStep): TWorkflowDefinition['stages'][number]['steps'][number] {
  return {
    key: s.key,
    type: s.type,
    title: cleanText(s.title),
    description: cleanText(s.description),
    mandatory: s.mandatory,
    settings: {
      performer: s.settings.performer,
      dueRule: s.settings.dueRule,
      reminderDaysBefore: [...s.settings.reminderDaysBefore].sort((a, b) => b - a),
      escalate: s.settings.escalate,
      start: s.settings.start,
      reasonIfLate: s.settings.reasonIfLate,
      quorum: s.settings.quorum,
    },
    statutory: s.statutory,
    requires: s.prerequisites
      .map((p) => ({ stepKey: p.requiresStepKey, condition: p.condition }))
      .sort((a, b) => (a.stepKey < b.stepKey ? -1 : a.stepKey > b.stepKey ? 1 : 0)),
    meetingFields: [...s.meetingFields].sort(byPosition).map((m) => ({
      key: m.key,
      type: m.type,
      label: cleanText(m.label),
      mandatory: m.mandatory,
      options: m.options.map((o) => ({ key: o.key, label: cleanText(o.label) })),
    })),
    // Publishing refuses an action without settings (validate); compile keeps only set ones.
    actions: [...s.actions]
      .sort(byPosition)
      .filter((a) => a.settings !== null)
      .map((a) => ({ key: a.key, settings: a.settings as NonNullable<typeof a.settings> })),
  };
}

/**
 * The canonical definition of a draft: ids dropped (keys identify everything), positions become
 * the order of arrays, prerequisites become each step's `requires` by step key. `fallbacks` are
 * the languages that fall back to English, with how many texts each (from `validate`).
 */
export function compile(builder: TWorkflowBuilder, fallbacks: Record<string, number> = {}): TWorkflowDefinition {
  const wf = builder.workflow;
  return {
    format: 1,
    name: wf.name,
    description: cleanText(wf.description),
    jurisdiction: wf.jurisdiction,
    template: wf.template,
    filers: [...wf.filers],
    anonymousWitnesses: wf.anonymousWitnesses,
    branchId: wf.branchId,
    handler: wf.handler,
    contact: wf.contact,
    languages: [...wf.languages],
    fallbacks,
    form: [...builder.components].sort(byPosition).map((c: TComponent) => ({
      key: c.key,
      title: cleanText(c.title),
      attributes: [...c.attributes].sort(byPosition).map(compileAttribute),
    })),
    stages: [...builder.stages].sort(byPosition).map((st: TStage) => ({
      key: st.key,
      title: cleanText(st.title),
      steps: [...st.steps].sort(byPosition).map(compileStep),
    })),
  };
}

const LANGUAGE_CODES = new Set(['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr']);

/** A text per language: a plain object whose members are all languages with strings. */
export function isText(v: unknown): v is Record<string, string> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  return entries.every(([k, s]) => LANGUAGE_CODES.has(k) && (typeof s === 'string' || s === undefined));
}

/** A value with every text member left out, recursively. */
function withoutTexts(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutTexts);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (isText(x)) continue;
    out[k] = withoutTexts(x);
  }
  return out;
}

/**
 * The definition's structure: every translatable text left out (labels, hints, titles,
 * descriptions, messages, questions, option labels) and the process details that are words only
 * (the name, the contact, the languages and their fallbacks). Two versions with the same structure
 * differ in words only: a case can follow the newer by itself.
 */
export function structureOf(def: TWorkflowDefinition): unknown {
  const { name: _n, description: _d, contact: _c, languages: _l, fallbacks: _f, ...rest } = def;
  return withoutTexts(rest);
}

// --- diff -----------------------------------------------------------------------------------------

type Kind = TWorkflowDiff['added'][number]['kind'];
type Item = { kind: Kind; key: string; label: string; value: Record<string, unknown>; parent: string; index: number };

const englishOf = (t: unknown): string => (isText(t) ? (t.en ?? '') : '');

/** Every keyed item of a definition with its parent and place, children left out of its value. */
function itemsOf(def: TWorkflowDefinition): Map<string, Item> {
  const items = new Map<string, Item>();
  const put = (item: Item) => items.set(`${item.kind}:${item.key}`, item);
  def.form.forEach((c, i) => {
    const { attributes, ...value } = c;
    put({ kind: 'COMPONENT', key: c.key, label: englishOf(c.title), value, parent: '', index: i });
    attributes.forEach((a, j) => {
      put({ kind: 'ATTRIBUTE', key: a.key, label: englishOf(a.label), value: { ...a }, parent: c.key, index: j });
    });
  });
  def.stages.forEach((st, i) => {
    const { steps, ...value } = st;
    put({ kind: 'STAGE', key: st.key, label: englishOf(st.title), value, parent: '', index: i });
    steps.forEach((s, j) => {
      const { actions, meetingFields, ...sv } = s;
      put({ kind: 'STEP', key: s.key, label: englishOf(s.title), value: sv, parent: st.key, index: j });
      actions.forEach((a, k) => {
        put({ kind: 'ACTION', key: a.key, label: a.settings.type, value: { ...a }, parent: s.key, index: k });
      });
      meetingFields.forEach((m, k) => {
        const key = `${s.key}.${m.key}`;
        put({ kind: 'MEETING_FIELD', key, label: englishOf(m.label), value: { ...m }, parent: s.key, index: k });
      });
    });
  });
  return items;
}

/** The paths (to depth 2) where two values differ; `texts` collects the paths of differing texts. */
function changedPaths(a: unknown, b: unknown, prefix: string, depth: number, texts: string[], out: string[]): void {
  if (canonicalJson(a ?? null) === canonicalJson(b ?? null)) return;
  const isObj = (x: unknown) => x !== null && typeof x === 'object' && !Array.isArray(x);
  if ((isText(a) || a === undefined) && (isText(b) || b === undefined) && (a !== undefined || b !== undefined)) {
    texts.push(prefix);
    return;
  }
  if (depth < 2 && isObj(a) && isObj(b)) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(ao), ...Object.keys(bo)])].sort()) {
      changedPaths(ao[k], bo[k], prefix ? `${prefix}.${k}` : k, depth + 1, texts, out);
    }
    return;
  }
  // Arrays holding texts (options): a change of labels only is a text change.
  if (canonicalJson(withoutTexts(a ?? null)) === canonicalJson(withoutTexts(b ?? null))) {
    texts.push(prefix);
    return;
  }
  out.push(prefix);
}

const PARENT_KIND: Partial<Record<Kind, Kind>> = {
  ATTRIBUTE: 'COMPONENT',
  STEP: 'STAGE',
  ACTION: 'STEP',
  MEETING_FIELD: 'STEP',
};

/** The map key of an item's parent ('' for a top-level item). */
function parentId(item: Item): string {
  const kind = PARENT_KIND[item.kind];
  return kind ? `${kind}:${item.parent}` : '';
}

/** Each item's place among its siblings that are in both versions (an insertion moves nothing else). */
function placesAmongCommon(items: Map<string, Item>, other: Map<string, Item>): Map<string, number> {
  const counters = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, item] of items) {
    const o = other.get(id);
    if (!o || o.parent !== item.parent) continue;
    const group = `${item.kind}:${item.parent}`;
    const n = counters.get(group) ?? 0;
    places.set(id, n);
    counters.set(group, n + 1);
  }
  return places;
}

/**
 * What changed from `prev` to `next`, by key: items added and removed, items changed with the
 * property paths that changed (`position` when an item moved within its parent, `stage` /
 * `component` / `step` when it moved to another), and how many items changed in their texts only.
 */
export function diff(prev: TWorkflowDefinition, next: TWorkflowDefinition): TWorkflowDiff {
  const before = itemsOf(prev);
  const after = itemsOf(next);
  const result: TWorkflowDiff = { added: [], removed: [], changed: [], textsChanged: 0 };
  const parentName: Record<Kind, string> = {
    COMPONENT: 'component',
    ATTRIBUTE: 'component',
    STAGE: 'stage',
    STEP: 'stage',
    ACTION: 'step',
    MEETING_FIELD: 'step',
  };

  // The process details.
  {
    const strip = ({ form: _f, stages: _s, fallbacks: _b, format: _v, ...rest }: TWorkflowDefinition) => rest;
    const texts: string[] = [];
    const fields: string[] = [];
    changedPaths(strip(prev), strip(next), '', 0, texts, fields);
    for (const k of ['name', 'contact', 'languages']) {
      const i = fields.indexOf(k);
      if (i >= 0) {
        fields.splice(i, 1);
        texts.push(k);
      }
    }
    if (fields.length > 0)
      result.changed.push({ kind: 'PROCESS', key: 'PROCESS', label: next.name, fields: [...fields, ...texts] });
    else if (texts.length > 0) result.textsChanged += 1;
  }

  const placeBefore = placesAmongCommon(before, after);
  const placeAfter = placesAmongCommon(after, before);
  for (const [id, b] of after) {
    const a = before.get(id);
    if (!a) {
      if (after.has(parentId(b)) && !before.has(parentId(b))) continue; // inside an added parent
      result.added.push({ kind: b.kind, key: b.key, label: b.label });
      continue;
    }
    const texts: string[] = [];
    const fields: string[] = [];
    changedPaths(a.value, b.value, '', 0, texts, fields);
    if (a.parent !== b.parent) fields.push(parentName[b.kind]);
    else if (placeBefore.get(id) !== placeAfter.get(id)) fields.push('position');
    if (fields.length > 0)
      result.changed.push({ kind: b.kind, key: b.key, label: b.label, fields: [...fields, ...texts].sort() });
    else if (texts.length > 0) result.textsChanged += 1;
  }
  for (const [id, a] of before) {
    if (after.has(id)) continue;
    if (before.has(parentId(a)) && !after.has(parentId(a))) continue; // inside a removed parent
    result.removed.push({ kind: a.kind, key: a.key, label: a.label });
  }
  return result;
}
