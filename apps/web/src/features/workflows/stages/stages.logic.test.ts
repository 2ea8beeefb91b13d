import type { TStage, TStep } from '@app/contract';
import { ACTION_TYPES, ZActionSettings, ZStepSettings } from '@app/contract';
import { describe, expect, it } from 'vitest';
import en from './i18n/en.ts';
import {
  actionSettingsPayload,
  defaultActionSettings,
  dueRuleOf,
  dueRuleWords,
  keyFrom,
  laterThanStatute,
  missingLanguages,
  moved,
  prerequisiteCandidates,
  settingsForm,
  settingsPayload,
  statutoryLimitWords,
  type Translate,
  withKeys,
  withStepTitles,
} from './stages.logic.ts';

/** The English texts through a tiny i18next: nested keys, `_one`/`_other` by `count`, `{{x}}`. */
const t: Translate = (key, options = {}) => {
  const get = (k: string): unknown => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], en);
  const count = options.count;
  const text = (typeof count === 'number' && get(`${key}_${count === 1 ? 'one' : 'other'}`)) || get(key);
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
function step(key: string, title: string, requires: TStep[] = []): TStep {
  const stepId = id();
  return {
    id: stepId,
    key,
    stageId: '',
    type: 'ACTION',
    title: { en: title, hi: `${title} (hi)` },
    description: {},
    position: 0,
    mandatory: false,
    settings: {
      performer: 'PRESIDING_OFFICER',
      dueRule: null,
      reminderDaysBefore: [],
      escalate: false,
      start: { kind: 'PREREQUISITES_MET' },
      reasonIfLate: false,
      quorum: null,
    },
    statutory: null,
    actions: [],
    meetingFields: [],
    prerequisites: requires.map((r) => ({
      id: id(),
      stepId,
      requiresStepId: r.id,
      requiresStepKey: r.key,
      condition: 'COMPLETED' as const,
    })),
  };
}
const stage = (steps: TStep[]): TStage => ({
  id: id(),
  key: 'S',
  title: { en: 'S' },
  position: 0,
  statutory: false,
  steps,
});

describe('a deadline in words', () => {
  const hearing = step('HEARING', 'Hearing');
  const stages = [stage([hearing])];

  it('names the offset, the anchor and the section', () => {
    const rule = {
      anchor: 'FILED',
      anchorStepKey: null,
      offset: 7,
      unit: 'WORKING_DAY',
      onHoliday: 'NEXT_WORKING_DAY',
      calendar: null,
      reference: 'Rule 7(2)',
      repeats: false,
    } as const;
    expect(dueRuleWords(t, rule, stages, 'en')).toBe('7 working days after the complaint is received · Rule 7(2)');
    expect(dueRuleWords(t, { ...rule, offset: 1, unit: 'MONTH', reference: null }, stages, 'en')).toBe(
      '1 month after the complaint is received',
    );
  });

  it('names the anchor step in the edited language, the same day, and a repeating rule', () => {
    const rule = {
      anchor: 'STEP_COMPLETED',
      anchorStepKey: 'HEARING',
      offset: 10,
      unit: 'CALENDAR_DAY',
      onHoliday: 'NONE',
      calendar: null,
      reference: 's.13(1)',
      repeats: false,
    } as const;
    expect(dueRuleWords(t, rule, stages, 'en')).toBe('10 calendar days after “Hearing” is completed · s.13(1)');
    expect(dueRuleWords(t, rule, stages, 'hi')).toBe('10 calendar days after “Hearing (hi)” is completed · s.13(1)');
    expect(dueRuleWords(t, { ...rule, anchor: 'STEP_STARTED', offset: 0, reference: null }, stages, 'en')).toBe(
      'The day “Hearing” starts',
    );
    expect(dueRuleWords(t, { ...rule, offset: 1, unit: 'MONTH', repeats: true, reference: 's.34' }, stages, 'en')).toBe(
      '1 month after “Hearing” is completed, then again every 1 month · s.34',
    );
  });

  it('states the statutory limit', () => {
    const rule = {
      ruleKey: 'IN.POSH.RULE_7_2',
      reference: 'Rule 7(2)',
      anchor: 'FILED',
      anchorStepKey: null,
      maxOffset: 7,
      unit: 'WORKING_DAY',
    } as const;
    expect(statutoryLimitWords(t, rule, stages, 'en')).toBe(
      'The law allows at most 7 working days after the complaint is received (Rule 7(2)).',
    );
  });
});

describe('a deadline later than the law allows', () => {
  const limit = {
    ruleKey: 'K',
    reference: 'Rule 7(2)',
    anchor: 'FILED',
    anchorStepKey: null,
    maxOffset: 7,
    unit: 'WORKING_DAY',
  } as const;
  const rule = {
    anchor: 'FILED',
    anchorStepKey: null,
    offset: 7,
    unit: 'WORKING_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    calendar: null,
    reference: null,
    repeats: false,
  } as const;
  it('compares offsets in the same unit, across units roughly, and refuses another anchor or none', () => {
    expect(laterThanStatute(limit, rule)).toBe(false);
    expect(laterThanStatute(limit, { ...rule, offset: 5 })).toBe(false);
    expect(laterThanStatute(limit, { ...rule, offset: 8 })).toBe(true);
    expect(laterThanStatute(limit, { ...rule, unit: 'CALENDAR_DAY', offset: 9 })).toBe(false);
    expect(laterThanStatute(limit, { ...rule, unit: 'MONTH', offset: 1 })).toBe(true);
    expect(laterThanStatute(limit, { ...rule, anchor: 'INCIDENT' })).toBe(true);
    expect(laterThanStatute(limit, null)).toBe(true);
    expect(laterThanStatute(null, null)).toBe(false);
  });
});

describe('prerequisites without a cycle', () => {
  it('leaves out the step itself, those it already waits for, and those that wait for it', () => {
    const a = step('A', 'A');
    const b = step('B', 'B', [a]);
    const c = step('C', 'C', [b]);
    const d = step('D', 'D');
    const stages = [stage([a, b]), stage([c, d])];
    const keys = (steps: TStep[]) => steps.map((s) => s.key);
    // A: B and C wait for A (C through B), so only D.
    expect(keys(prerequisiteCandidates(stages, a.id))).toEqual(['D']);
    // C: already waits for B; A is fine (no cycle, a shortcut), D fine.
    expect(keys(prerequisiteCandidates(stages, c.id))).toEqual(['A', 'D']);
    // D: everything else.
    expect(keys(prerequisiteCandidates(stages, d.id))).toEqual(['A', 'B', 'C']);
    // Changing C's prerequisite (on B): B is offered again.
    expect(keys(prerequisiteCandidates(stages, c.id, c.prerequisites[0]!.id))).toEqual(['A', 'B', 'D']);
  });
});

describe('a refusal naming steps', () => {
  it('names the steps of a cycle by their titles and drops the English message', () => {
    const a = step('HEARING', 'Hearing');
    const b = step('REPORT', 'Report');
    const error = {
      code: 'CONFLICT',
      message: 'These steps would wait for each other: HEARING → REPORT → HEARING.',
      params: { reason: 'PREREQUISITE_CYCLE', cycle: 'HEARING → REPORT → HEARING' },
    };
    expect(withStepTitles(error, [stage([a, b])], 'hi')).toEqual({
      code: 'CONFLICT',
      message: '',
      params: { reason: 'PREREQUISITE_CYCLE', cycle: '“Hearing (hi)” → “Report (hi)” → “Hearing (hi)”' },
    });
    const other = { code: 'CONFLICT', message: 'x', params: { reason: 'STATUTORY_STEP' } };
    expect(withStepTitles(other, [], 'en')).toBe(other);
  });
});

describe('step settings form ↔ payload', () => {
  it('round-trips and gives a payload the contract accepts', () => {
    const s = step('X', 'X').settings;
    const form = settingsForm({
      ...s,
      dueRule: {
        anchor: 'STEP_COMPLETED',
        anchorStepKey: 'HEARING',
        offset: 10,
        unit: 'WORKING_DAY',
        onHoliday: 'NONE',
        calendar: 'IN-KA',
        reference: 'Rule 7(3)',
        repeats: false,
      },
      reminderDaysBefore: [2, 5],
      start: { kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: true },
      quorum: 3,
    });
    const payload = settingsPayload(form, 'MEETING');
    expect(ZStepSettings.parse(payload)).toEqual(payload);
    expect(payload).toMatchObject({
      dueRule: { anchorStepKey: 'HEARING', calendar: 'IN-KA', reference: 'Rule 7(3)' },
      reminderDaysBefore: [5, 2],
      start: { kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: true },
      quorum: 3,
    });
  });

  it('drops the anchor step for a non-step anchor, empty calendar and reference, duplicate reminders, quorum on actions', () => {
    const form = {
      ...settingsForm(step('X', 'X').settings),
      hasDue: true,
      anchor: 'FILED' as const,
      anchorStepKey: 'HEARING',
      calendar: ' ',
      reference: '',
      reminders: [3, 3, 0],
    };
    expect(dueRuleOf(form)).toMatchObject({ anchorStepKey: null, calendar: null, reference: null });
    const payload = settingsPayload({ ...form, quorum: 3 }, 'ACTION');
    expect(payload.reminderDaysBefore).toEqual([3]);
    expect(payload.quorum).toBeNull();
    expect(ZStepSettings.safeParse(payload).success).toBe(true);
    expect(settingsPayload({ ...form, hasDue: false }, 'ACTION').dueRule).toBeNull();
  });
});

describe('texts, keys, actions and order', () => {
  it('finds the missing languages', () => {
    expect(missingLanguages({ en: 'x', hi: ' ' }, ['en', 'hi', 'fr'])).toEqual(['hi', 'fr']);
  });
  it('makes keys from labels', () => {
    expect(keyFrom('Settled by conciliation')).toBe('SETTLED_BY_CONCILIATION');
    expect(keyFrom('3rd option')).toBe('OPTION_3RD_OPTION');
    expect(keyFrom('सहमति')).toBe('OPTION');
    const opts = withKeys([
      { key: 'YES', label: { en: 'Yes' } },
      { key: '', label: { en: 'yes' } },
      { key: '', label: { en: '' } },
    ]);
    expect(opts.map((o) => o.key)).toEqual(['YES', 'YES_2', 'OPTION_3']);
  });
  it('starts every action type with settings of that type, valid once their English texts are written', () => {
    for (const type of ACTION_TYPES) {
      const s = defaultActionSettings(type);
      expect(s.type).toBe(type);
      const filled = JSON.parse(JSON.stringify(s).replaceAll('"en":""', '"en":"Words"'));
      expect(ZActionSettings.safeParse(filled).success, type).toBe(true);
    }
  });
  it("cleans an action's texts and keys its new answers and questions", () => {
    const vote = actionSettingsPayload({
      type: 'VOTE',
      question: { en: 'Is it proved?', hi: ' ', fr: '' },
      options: [
        { key: '', label: { en: 'Proved' } },
        { key: '', label: { en: 'Not proved', hi: '' } },
      ],
      quorum: 3,
      presidingOfficerRequired: true,
    });
    expect(vote).toEqual({
      type: 'VOTE',
      question: { en: 'Is it proved?' },
      options: [
        { key: 'PROVED', label: { en: 'Proved' } },
        { key: 'NOT_PROVED', label: { en: 'Not proved' } },
      ],
      quorum: 3,
      presidingOfficerRequired: true,
    });
    const form = actionSettingsPayload({
      type: 'FORM',
      recipient: 'RESPONDENT',
      title: { en: 'Reply' },
      fields: [
        {
          key: '',
          type: 'SINGLE_SELECT',
          label: { en: 'Do you agree?' },
          mandatory: true,
          options: [{ key: '', label: { en: 'Yes' } }],
        },
      ],
    });
    expect(ZActionSettings.parse(form)).toMatchObject({ fields: [{ key: 'DO_YOU_AGREE', options: [{ key: 'YES' }] }] });
  });
  it('moves within a list and not past its ends', () => {
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
