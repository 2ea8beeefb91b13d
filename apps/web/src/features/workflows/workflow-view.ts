import type { TLanguage, TWorkflowBuilder, TWorkflowSummary } from '@app/contract';
import { textIn } from '../common/complaint-form/cms-text.ts';

/** A text in `language`, else English (shared with the filing page). */
export { textIn };

/** The builder's three tabs, as the URL names them (`?tab=`). */
export const BUILDER_TABS = ['process', 'form', 'stages'] as const;
export type TBuilderTab = (typeof BUILDER_TABS)[number];

/** The tab a `?tab=` value names; Process Details for anything else. */
export function tabOf(value: string | null): TBuilderTab {
  return (BUILDER_TABS as readonly string[]).includes(value ?? '') ? (value as TBuilderTab) : 'process';
}

/**
 * A workflow's state in words: "Draft" before the first publish, "Published v3" while the draft
 * equals version 3, "Draft of v4" once version 4 has been started.
 */
export function statusOf(w: Pick<TWorkflowSummary, 'status' | 'latestVersion'>): {
  key: 'DRAFT' | 'PUBLISHED' | 'DRAFT_OF';
  n: number;
} {
  if (w.latestVersion === null) return { key: 'DRAFT', n: 1 };
  if (w.status === 'PUBLISHED') return { key: 'PUBLISHED', n: w.latestVersion };
  return { key: 'DRAFT_OF', n: w.latestVersion + 1 };
}

/** Where a publish problem lies: the tab and the names along its path (`stages.INQUIRY.steps.HEARING`). */
export type TPlace = { tab: TBuilderTab; names: string[] };

/**
 * The place a problem's `path` names, in the builder's own words: the stage, step, form section or
 * field titles in `language` (the key itself when the draft no longer has it). Paths start with
 * `stages`, `form` (or `components`/`attributes`), or anything else for the process details.
 */
export function placeOf(path: string | undefined, builder: TWorkflowBuilder, language: TLanguage): TPlace {
  const parts = (path ?? '')
    .replace(/^body\./, '')
    .split('.')
    .filter(Boolean);
  const head = parts[0] ?? '';
  if (head === 'stages' || head === 'steps') {
    const names: string[] = [];
    const stageKey = head === 'stages' ? parts[1] : undefined;
    const stage = stageKey ? builder.stages.find((s) => s.key === stageKey) : undefined;
    if (stageKey) names.push(stage ? textIn(stage.title, language) : stageKey);
    const stepAt = parts.indexOf('steps');
    const stepKey = stepAt >= 0 ? parts[stepAt + 1] : undefined;
    if (stepKey) {
      const step = builder.stages.flatMap((s) => s.steps).find((s) => s.key === stepKey);
      names.push(step ? textIn(step.title, language) : stepKey);
      for (const [list, items] of [
        ['actions', step?.actions.map((a) => ({ key: a.key, name: a.key })) ?? []],
        ['meetingFields', step?.meetingFields.map((m) => ({ key: m.key, name: textIn(m.label, language) })) ?? []],
      ] as const) {
        const at = parts.indexOf(list);
        const key = at >= 0 ? parts[at + 1] : undefined;
        if (key) names.push(items.find((i) => i.key === key)?.name ?? key);
      }
    }
    return { tab: 'stages', names };
  }
  if (head === 'form' || head === 'components' || head === 'attributes') {
    const names: string[] = [];
    const componentAt = parts.findIndex((p) => p === 'form' || p === 'components');
    const componentKey = componentAt >= 0 ? parts[componentAt + 1] : undefined;
    if (componentKey) {
      const component = builder.components.find((c) => c.key === componentKey);
      names.push(component ? textIn(component.title, language) : componentKey);
    }
    const attributeAt = parts.indexOf('attributes');
    const attributeKey = attributeAt >= 0 ? parts[attributeAt + 1] : undefined;
    if (attributeKey) {
      const attribute = builder.components.flatMap((c) => c.attributes).find((a) => a.key === attributeKey);
      names.push(attribute ? textIn(attribute.label, language) : attributeKey);
    }
    return { tab: 'form', names };
  }
  return { tab: 'process', names: [] };
}

/** Whether every problem of a refused publish is a missing translation (then English may stand in). */
export function onlyTranslationsMissing(details: readonly { code?: string }[] | undefined): boolean {
  return Boolean(details?.length) && details!.every((d) => d.code === 'TRANSLATION_MISSING');
}

/** The first 12 characters of a hash, for showing (the whole one is copied). */
export const shortHash = (sha256: string) => sha256.slice(0, 12);

/**
 * Names for the keys a refusal quotes (a stage's, step's, field's, meeting field's): its title or
 * label in `language`, or the key itself when the draft has no such thing.
 */
export function keyNamer(builder: TWorkflowBuilder, language: TLanguage): (key: string) => string {
  const names = new Map<string, string>();
  const put = (key: string, text: Partial<Record<TLanguage, string>>) => {
    if (!names.has(key)) names.set(key, textIn(text, language) || key);
  };
  for (const stage of builder.stages) {
    for (const step of stage.steps) {
      put(step.key, step.title);
      for (const field of step.meetingFields) put(field.key, field.label);
    }
    put(stage.key, stage.title);
  }
  for (const component of builder.components) {
    for (const attribute of component.attributes) put(attribute.key, attribute.label);
    put(component.key, component.title);
  }
  return (key) => names.get(key) ?? key;
}

/** The params of a refusal that name a key, and those that chain keys (`A → B → A`). */
const KEY_PARAMS = ['key', 'stepKey', 'requiresStepKey', 'anchorStepKey', 'anchoredStepKey', 'attributeKey', 'field'];
const CHAIN_PARAMS = ['cycle', 'steps'];

/** A refusal's params with keys replaced by the names the administrator reads. */
export function namedParams(
  params: Record<string, string | number> | undefined,
  name: (key: string) => string,
): Record<string, string | number> {
  const out = { ...(params ?? {}) };
  for (const p of KEY_PARAMS) if (typeof out[p] === 'string') out[p] = name(out[p] as string);
  for (const p of CHAIN_PARAMS)
    if (typeof out[p] === 'string')
      out[p] = (out[p] as string)
        .split(' → ')
        .map((k) => name(k.trim()))
        .join(' → ');
  return out;
}
