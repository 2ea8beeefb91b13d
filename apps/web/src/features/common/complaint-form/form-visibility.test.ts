import { describe, expect, it } from 'vitest';
import { answerMatches, answersOfVisible, visibleFieldKeys } from './form-visibility.ts';

const FORM = [
  { key: 'COMPLAINANT_GENDER', condition: null },
  { key: 'PREGNANT', condition: { attributeKey: 'COMPLAINANT_GENDER', equals: 'WOMAN' } },
  { key: 'PREGNANCY_DETAILS', condition: { attributeKey: 'PREGNANT', equals: true as const } },
  { key: 'CHANNELS', condition: null },
  { key: 'ONLINE_PLATFORM', condition: { attributeKey: 'CHANNELS', equals: 'ONLINE' } },
  { key: 'EARLY', condition: { attributeKey: 'LATER_FIELD', equals: 'YES' } },
  { key: 'LATER_FIELD', condition: null },
];

describe('which fields of the complaint form are shown', () => {
  it('shows a conditional field only when the select it depends on has that option', () => {
    expect(visibleFieldKeys(FORM, {})).toEqual(new Set(['COMPLAINANT_GENDER', 'CHANNELS', 'LATER_FIELD']));
    expect(visibleFieldKeys(FORM, { COMPLAINANT_GENDER: 'MAN' }).has('PREGNANT')).toBe(false);
    expect(visibleFieldKeys(FORM, { COMPLAINANT_GENDER: 'WOMAN' }).has('PREGNANT')).toBe(true);
  });

  it('follows a chain: a field depending on a hidden field is hidden, whatever its own answer', () => {
    const answers = { COMPLAINANT_GENDER: 'WOMAN', PREGNANT: { checked: true, text: '' } };
    expect(visibleFieldKeys(FORM, answers).has('PREGNANCY_DETAILS')).toBe(true);
    expect(visibleFieldKeys(FORM, { ...answers, COMPLAINANT_GENDER: 'MAN' }).has('PREGNANCY_DETAILS')).toBe(false);
    expect(
      visibleFieldKeys(FORM, { ...answers, PREGNANT: { checked: false, text: 'x' } }).has('PREGNANCY_DETAILS'),
    ).toBe(false);
  });

  it('matches an option among several chosen (multi select)', () => {
    expect(visibleFieldKeys(FORM, { CHANNELS: ['IN_PERSON', 'ONLINE'] }).has('ONLINE_PLATFORM')).toBe(true);
    expect(visibleFieldKeys(FORM, { CHANNELS: ['IN_PERSON'] }).has('ONLINE_PLATFORM')).toBe(false);
    expect(visibleFieldKeys(FORM, { CHANNELS: [] }).has('ONLINE_PLATFORM')).toBe(false);
  });

  it('hides a field whose condition names a later or unknown field', () => {
    expect(visibleFieldKeys(FORM, { LATER_FIELD: 'YES' }).has('EARLY')).toBe(false);
  });

  it('compares answers strictly', () => {
    expect(answerMatches(true, true)).toBe(true);
    expect(answerMatches('true', true)).toBe(false);
    expect(answerMatches(undefined, 'WOMAN')).toBe(false);
    expect(answerMatches('WOMAN', 'WOMAN')).toBe(true);
    expect(answerMatches({ checked: true }, 'WOMAN')).toBe(false);
  });

  it('keeps only the answers of the fields shown', () => {
    const answers = {
      COMPLAINANT_GENDER: 'MAN',
      PREGNANT: { checked: true, text: 'left from before' },
      CHANNELS: ['ONLINE'],
    };
    expect(answersOfVisible(FORM, answers)).toEqual({ COMPLAINANT_GENDER: 'MAN', CHANNELS: ['ONLINE'] });
  });
});
