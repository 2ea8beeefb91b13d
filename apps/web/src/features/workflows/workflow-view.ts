import type { TLanguage, TWorkflowBuilder, TWorkflowSummary } from '@app/contract';

/** A text in `language`, else English. */
export const textIn = (text: Partial<Record<TLanguage, string>>, language: TLanguage): string =>
  text[language] || text.en || '';

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
