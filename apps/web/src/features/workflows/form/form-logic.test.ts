import type { TAttribute, TComponent } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { cleanText, conditionSources, fieldsInOrder, missingLanguages, moveItem, optionKey } from './form-logic.ts';

const field = (id: string, position: number, type: TAttribute['type']): TAttribute => ({
  id,
  key: id.toUpperCase(),
  componentId: '',
  type,
  label: { en: id },
  hint: {},
  mandatory: false,
  position,
  options: [],
  condition: null,
  settings: {},
  resource: null,
  builtin: false,
  locked: false,
  statutoryReference: null,
});
const group = (id: string, position: number, attributes: TAttribute[]): TComponent => ({
  id,
  key: id.toUpperCase(),
  title: { en: id },
  position,
  builtin: false,
  attributes,
});

// Given out of order on purpose: positions decide.
const COMPONENTS = [
  group('incident', 1, [field('date', 1, 'DATE'), field('where', 0, 'SINGLE_SELECT')]),
  group('complainant', 0, [
    field('gender', 1, 'SINGLE_SELECT'),
    field('name', 0, 'TEXT'),
    field('agree', 2, 'CHECKBOX_WITH_TEXT'),
  ]),
];

describe('the form tab rules', () => {
  it('moves one item, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
  });

  it('lists the fields in form order', () => {
    expect(fieldsInOrder(COMPONENTS).map((f) => f.id)).toEqual(['name', 'gender', 'agree', 'where', 'date']);
  });

  it('offers as condition sources only earlier selects and checkboxes', () => {
    expect(conditionSources(COMPONENTS, 'incident', 'date').map((f) => f.id)).toEqual(['gender', 'agree', 'where']);
    expect(conditionSources(COMPONENTS, 'incident', 'where').map((f) => f.id)).toEqual(['gender', 'agree']);
    expect(conditionSources(COMPONENTS, 'complainant', 'gender').map((f) => f.id)).toEqual([]);
    // A new field goes last in its group.
    expect(conditionSources(COMPONENTS, 'complainant', null).map((f) => f.id)).toEqual(['gender', 'agree']);
    expect(conditionSources(COMPONENTS, 'incident', null).map((f) => f.id)).toEqual(['gender', 'agree', 'where']);
  });

  it('makes option keys from English labels, unique and valid', () => {
    expect(optionKey('Woman', [])).toBe('WOMAN');
    expect(optionKey('Prefer not to say', [])).toBe('PREFER_NOT_TO_SAY');
    expect(optionKey('Café – online', [])).toBe('CAFE_ONLINE');
    expect(optionKey('3rd floor', [])).toBe('O_3RD_FLOOR');
    expect(optionKey('???', [])).toBe('OPTION');
    expect(optionKey('Woman', ['WOMAN', 'WOMAN_2'])).toBe('WOMAN_3');
    expect(optionKey('x'.repeat(100), []).length).toBeLessThanOrEqual(64);
  });

  it('names the missing translations and drops empty ones', () => {
    expect(missingLanguages({ en: 'Name', hi: 'नाम', kn: ' ' }, ['en', 'hi', 'kn', 'fr'])).toEqual(['kn', 'fr']);
    expect(cleanText({ en: ' Name ', hi: '', kn: '  ' })).toEqual({ en: 'Name' });
  });
});
