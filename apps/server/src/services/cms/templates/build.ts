import type { TStatutoryRule, TStepDueRule, TWorkflowDefinition } from '@app/contract';
import type { DueRule } from '../../../core/due-rules.ts';
import { defaultMeetingFields, pick } from './texts.ts';

/* Helpers the two templates share: a step with its statutory clock, in a template's languages. */

export type TemplateStep = TWorkflowDefinition['stages'][number]['steps'][number];
type Txt = { en: string } & Record<string, string>;

/** A statutory clock as a step's due rule and statutory rule (the latest the law allows). */
export function fromClock(
  clock: DueRule,
  anchor: NonNullable<TStatutoryRule['anchor']>,
  anchorStepKey: string | null = null,
  repeats = false,
): { dueRule: TStepDueRule; statutory: TStatutoryRule } {
  return {
    dueRule: {
      anchor,
      anchorStepKey,
      offset: clock.offset,
      unit: clock.unit,
      onHoliday: clock.onHoliday,
      calendar: null,
      reference: clock.reference,
      repeats,
    },
    statutory: {
      ruleKey: clock.key,
      reference: clock.reference ?? '',
      anchor,
      anchorStepKey,
      maxOffset: clock.offset,
      unit: clock.unit,
    },
  };
}

/**
 * A step the law starts only at a party's request and sets no time for (POSH s.10(1), s.12;
 * Canada s.24, s.25(1)): statutory, so it cannot be removed, with no deadline.
 */
export function onRequest(ruleKey: string, reference: string): TStatutoryRule {
  return { ruleKey, reference, anchor: null, anchorStepKey: null, maxOffset: null, unit: null };
}

export function stepOf(
  languages: readonly string[],
  s: {
    key: string;
    type: 'MEETING' | 'ACTION';
    title: Txt;
    description: Txt;
    performer: TemplateStep['settings']['performer'];
    clock?: { dueRule: TStepDueRule; statutory: TStatutoryRule };
    /** A statutory step without a deadline (`onRequest`). */
    law?: TStatutoryRule;
    mandatory?: boolean;
    start?: TemplateStep['settings']['start'];
    reasonIfLate?: boolean;
    quorum?: number | null;
    requires?: string[];
    actions?: TemplateStep['actions'];
  },
): TemplateStep {
  return {
    key: s.key,
    type: s.type,
    title: pick(s.title, languages),
    description: pick(s.description, languages),
    mandatory: s.mandatory ?? true,
    settings: {
      performer: s.performer,
      dueRule: s.clock?.dueRule ?? null,
      reminderDaysBefore: s.clock ? [2] : [],
      escalate: s.clock !== undefined,
      start: s.start ?? { kind: 'PREREQUISITES_MET' },
      reasonIfLate: s.reasonIfLate ?? false,
      quorum: s.quorum ?? null,
    },
    statutory: s.clock?.statutory ?? s.law ?? null,
    requires: (s.requires ?? []).map((k) => ({ stepKey: k, condition: 'COMPLETED' as const })),
    meetingFields: s.type === 'MEETING' ? defaultMeetingFields(languages) : [],
    actions: s.actions ?? [],
  };
}
