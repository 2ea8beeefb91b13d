import { DEFAULT_MEETING_FIELDS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  cycleClosedBy,
  DEFAULT_MEETING_FIELD_LABELS,
  defaultStepSettings,
  findCycle,
  keyFrom,
  labelIn,
  placeAt,
  statutoryBreach,
} from './rules.ts';

const e = (from: string, to: string) => ({ from, to });

describe('findCycle', () => {
  it('finds none in an acyclic graph (a diamond)', () => {
    expect(findCycle([e('D', 'B'), e('D', 'C'), e('B', 'A'), e('C', 'A')])).toBeNull();
    expect(findCycle([])).toBeNull();
  });
  it('names the keys of a cycle, the first repeated at the end', () => {
    expect(findCycle([e('A', 'B'), e('B', 'C'), e('C', 'A')])).toEqual(['A', 'B', 'C', 'A']);
  });
  it('finds a cycle that does not pass through the first key', () => {
    expect(findCycle([e('A', 'B'), e('B', 'C'), e('C', 'D'), e('D', 'B')])).toEqual(['B', 'C', 'D', 'B']);
  });
  it('finds a self-loop', () => {
    expect(findCycle([e('A', 'A')])).toEqual(['A', 'A']);
  });
  it('does not mistake a node reached twice for a cycle', () => {
    expect(findCycle([e('A', 'C'), e('B', 'C'), e('A', 'B')])).toBeNull();
  });
});

describe('cycleClosedBy', () => {
  const chain = [e('C', 'B'), e('B', 'A')];
  it('accepts an edge that keeps the graph acyclic', () => {
    expect(cycleClosedBy(chain, e('C', 'A'))).toBeNull();
    expect(cycleClosedBy(chain, e('D', 'C'))).toBeNull();
  });
  it('names the cycle an edge would close, from its source back to it', () => {
    expect(cycleClosedBy(chain, e('A', 'C'))).toEqual(['A', 'C', 'B', 'A']);
    expect(cycleClosedBy(chain, e('B', 'C'))).toEqual(['B', 'C', 'B']);
  });
  it('refuses an edge to itself', () => {
    expect(cycleClosedBy([], e('A', 'A'))).toEqual(['A', 'A']);
  });
  it('agrees with findCycle on the graph with the edge', () => {
    const edges = [e('A', 'B'), e('B', 'C'), e('D', 'C'), e('C', 'E')];
    for (const added of [e('E', 'A'), e('E', 'D'), e('A', 'E'), e('C', 'D'), e('D', 'A')]) {
      expect(cycleClosedBy(edges, added) === null, JSON.stringify(added)).toBe(findCycle([...edges, added]) === null);
    }
  });
});

describe('placeAt', () => {
  it('appends a new id without a position, and clamps past the end', () => {
    expect(placeAt(['a', 'b'], 'c', undefined)).toEqual(['a', 'b', 'c']);
    expect(placeAt(['a', 'b'], 'c', 99)).toEqual(['a', 'b', 'c']);
  });
  it('inserts at a position and moves an existing id', () => {
    expect(placeAt(['a', 'b'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(placeAt(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(placeAt(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('keyFrom', () => {
  it('makes a key of an English text and keeps it unique', () => {
    expect(keyFrom('Preliminary inquiry', new Set(), 'STEP')).toBe('PRELIMINARY_INQUIRY');
    expect(keyFrom('Preliminary inquiry!', new Set(['PRELIMINARY_INQUIRY']), 'STEP')).toBe('PRELIMINARY_INQUIRY_2');
    expect(keyFrom('Preliminary inquiry', new Set(['PRELIMINARY_INQUIRY', 'PRELIMINARY_INQUIRY_2']), 'STEP')).toBe(
      'PRELIMINARY_INQUIRY_3',
    );
  });
  it('starts with a letter, drops accents, and falls back when nothing latin is left', () => {
    expect(keyFrom('1st réunion', new Set(), 'STEP')).toBe('ST_REUNION');
    expect(keyFrom('सुनवाई', new Set(), 'STEP')).toBe('STEP');
    expect(keyFrom('सुनवाई', new Set(['STEP']), 'STEP')).toBe('STEP_2');
    expect(keyFrom('x'.repeat(100), new Set(), 'STEP').length).toBeLessThanOrEqual(64);
  });
});

describe('defaultStepSettings', () => {
  it('India: the presiding officer, a quorum of 3 on a hearing (Rule 7(7)), no reason asked when late', () => {
    expect(defaultStepSettings('MEETING', 'IN_POSH')).toEqual({
      performer: 'PRESIDING_OFFICER',
      dueRule: null,
      reminderDaysBefore: [],
      escalate: false,
      start: { kind: 'PREREQUISITES_MET' },
      reasonIfLate: false,
      quorum: 3,
    });
    expect(defaultStepSettings('ACTION', 'IN_POSH').quorum).toBeNull();
  });
  it('Canada: the designated recipient, a reason recorded for a missed limit (s.35(1)(f)), no quorum', () => {
    const s = defaultStepSettings('MEETING', 'CA_SOR_2020_130');
    expect(s.performer).toBe('DESIGNATED_RECIPIENT');
    expect(s.reasonIfLate).toBe(true);
    expect(s.quorum).toBeNull();
  });
});

describe('statutoryBreach', () => {
  const rule = {
    ruleKey: 'IN.POSH.S11_4',
    reference: 'POSH Act s.11(4)',
    anchor: 'STEP_COMPLETED' as const,
    anchorStepKey: 'NOTICE',
    maxOffset: 90,
    unit: 'CALENDAR_DAY' as const,
  };
  const due = (over: Record<string, unknown> = {}) => ({
    anchor: 'STEP_COMPLETED' as const,
    anchorStepKey: 'NOTICE',
    offset: 90,
    unit: 'CALENDAR_DAY' as const,
    onHoliday: 'NONE' as const,
    calendar: null,
    reference: 'POSH Act s.11(4)',
    repeats: false,
    ...over,
  });
  it('allows the limit and anything earlier', () => {
    expect(statutoryBreach(rule, due())).toBeNull();
    expect(statutoryBreach(rule, due({ offset: 60 }))).toBeNull();
  });
  it('refuses a later offset, another unit, or no deadline at all, naming the limit', () => {
    const later = {
      code: 'STATUTORY_DEADLINE_LATER',
      reference: 'POSH Act s.11(4)',
      maxOffset: 90,
      unit: 'CALENDAR_DAY',
    };
    expect(statutoryBreach(rule, due({ offset: 91 }))).toEqual(later);
    expect(statutoryBreach(rule, due({ unit: 'MONTH', offset: 3 }))).toEqual(later);
    expect(statutoryBreach(rule, null)).toEqual(later);
  });
  it('refuses another anchor or anchor step', () => {
    expect(statutoryBreach(rule, due({ anchor: 'FILED', anchorStepKey: null }))?.code).toBe('STATUTORY_ANCHOR_FIXED');
    expect(statutoryBreach(rule, due({ anchorStepKey: 'OTHER' }))?.code).toBe('STATUTORY_ANCHOR_FIXED');
  });
});

describe('the default meeting fields', () => {
  it('have a label in every language for each of the spec’s fields', () => {
    for (const f of DEFAULT_MEETING_FIELDS) {
      const labels = DEFAULT_MEETING_FIELD_LABELS[f.key];
      expect(labels, f.key).toBeDefined();
      for (const lang of ['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr'] as const)
        expect(labels?.[lang]?.length, `${f.key} ${lang}`).toBeGreaterThan(0);
    }
  });
  it('are labelled in the workflow’s languages only', () => {
    expect(labelIn(DEFAULT_MEETING_FIELD_LABELS.MEETING_OUTCOME!, ['en', 'hi'])).toEqual({
      en: 'Outcome',
      hi: 'परिणाम',
    });
  });
});
