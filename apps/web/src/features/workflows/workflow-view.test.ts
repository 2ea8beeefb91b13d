import type { TWorkflowBuilder, TWorkflowSummary } from '@app/contract';
import { ZWorkflowUpdate } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  processFormOf,
  processProblems,
  processUpdate,
  withFilers,
  withJurisdiction,
  withLanguages,
} from './process-form.ts';
import { keyNamer, namedParams, onlyTranslationsMissing, placeOf, statusOf, tabOf } from './workflow-view.ts';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const workflow: TWorkflowSummary = {
  id: ID(1),
  name: 'POSH inquiry',
  description: { en: 'How Acme handles complaints' },
  jurisdiction: 'CA_SOR_2020_130',
  filers: ['EMPLOYEE', 'WITNESS'],
  anonymousWitnesses: true,
  branchId: null,
  branchName: null,
  handler: { kind: 'UNIT_COMMITTEE' },
  handlerName: null,
  contact: null,
  languages: ['en', 'fr'],
  template: null,
  status: 'DRAFT',
  latestVersion: null,
  revision: 3,
  updatedAt: '2026-11-29T09:00:00Z',
  actions: ['edit', 'publish'],
};

const builder: TWorkflowBuilder = {
  workflow,
  offeredLanguages: ['en', 'fr'],
  components: [
    {
      id: ID(2),
      key: 'INCIDENT',
      title: { en: 'Incident', fr: 'Incident' },
      position: 0,
      builtin: true,
      attributes: [
        {
          id: ID(3),
          key: 'INCIDENT_DATE',
          componentId: ID(2),
          type: 'DATE',
          label: { en: 'Date of the incident', fr: 'Date de l’incident' },
          hint: {},
          mandatory: true,
          position: 0,
          options: [],
          condition: null,
          settings: {},
          resource: null,
          builtin: true,
          locked: true,
          statutoryReference: 's.9(1)',
        },
      ],
    },
  ],
  stages: [
    {
      id: ID(4),
      key: 'INQUIRY',
      title: { en: 'Inquiry', fr: 'Enquête' },
      position: 0,
      statutory: false,
      steps: [],
    },
  ],
};

describe('the workflow list and header', () => {
  it('says Draft before the first publish, Published vN while the draft equals it, Draft of vN+1 after', () => {
    expect(statusOf({ status: 'DRAFT', latestVersion: null })).toEqual({ key: 'DRAFT', n: 1 });
    expect(statusOf({ status: 'PUBLISHED', latestVersion: 3 })).toEqual({ key: 'PUBLISHED', n: 3 });
    expect(statusOf({ status: 'DRAFT', latestVersion: 3 })).toEqual({ key: 'DRAFT_OF', n: 4 });
  });

  it('reads the tab from the URL, Process Details for anything it does not know', () => {
    expect(tabOf('form')).toBe('form');
    expect(tabOf('stages')).toBe('stages');
    expect(tabOf(null)).toBe('process');
    expect(tabOf('nonsense')).toBe('process');
  });
});

describe('a refused publish', () => {
  it('names where each problem is, in the language the builder edits', () => {
    expect(placeOf('stages.INQUIRY.steps.HEARING', builder, 'fr')).toEqual({
      tab: 'stages',
      names: ['Enquête', 'HEARING'],
    });
    expect(placeOf('form.INCIDENT.attributes.INCIDENT_DATE', builder, 'en')).toEqual({
      tab: 'form',
      names: ['Incident', 'Date of the incident'],
    });
    expect(placeOf('handler', builder, 'en')).toEqual({ tab: 'process', names: [] });
    expect(placeOf(undefined, builder, 'en')).toEqual({ tab: 'process', names: [] });
  });

  it('names the keys a problem quotes by their titles, keys it does not know as they are', () => {
    const name = keyNamer(builder, 'fr');
    expect(namedParams({ key: 'INQUIRY', attributeKey: 'INCIDENT_DATE', count: 2 }, name)).toEqual({
      key: 'Enquête',
      attributeKey: 'Date de l’incident',
      count: 2,
    });
    expect(namedParams({ cycle: 'INQUIRY → GONE → INQUIRY' }, name)).toEqual({ cycle: 'Enquête → GONE → Enquête' });
  });

  it('offers English as fallback only when every problem is a missing translation', () => {
    expect(onlyTranslationsMissing([{ code: 'TRANSLATION_MISSING' }, { code: 'TRANSLATION_MISSING' }])).toBe(true);
    expect(onlyTranslationsMissing([{ code: 'TRANSLATION_MISSING' }, { code: 'PREREQUISITE_CYCLE' }])).toBe(false);
    expect(onlyTranslationsMissing([])).toBe(false);
  });
});

describe('the Process Details form', () => {
  it('sends nothing when nothing changed, and only what changed otherwise', () => {
    const initial = processFormOf(workflow);
    expect(processUpdate(initial, initial)).toBeNull();
    const update = processUpdate(initial, {
      ...initial,
      name: '  Resolution  ',
      contactKind: 'OWN',
      contactName: 'Nadia',
      contactEmail: 'nadia@globex.test',
    });
    expect(update).toEqual({ name: 'Resolution', contact: { name: 'Nadia', email: 'nadia@globex.test', phone: null } });
    expect(ZWorkflowUpdate.safeParse(update).success).toBe(true);
  });

  it('drops witnesses and their anonymity when the law becomes India’s', () => {
    const india = withJurisdiction(processFormOf(workflow), 'IN_POSH');
    expect(india.filers).toEqual(['EMPLOYEE']);
    expect(india.anonymousWitnesses).toBe(false);
    expect(withFilers(processFormOf(workflow), ['EMPLOYEE']).anonymousWitnesses).toBe(false);
  });

  it('keeps English first and always', () => {
    expect(withLanguages(['en', 'hi', 'kn', 'fr'], ['kn', 'hi'])).toEqual(['en', 'hi', 'kn']);
  });

  it('asks for a committee, a contact’s name and a way to reach them before saving', () => {
    const form = {
      ...processFormOf(workflow),
      name: ' ',
      filers: [],
      handlerKind: 'COMMITTEE' as const,
      contactKind: 'OWN' as const,
    };
    expect(processProblems(form)).toEqual({
      name: 'nameRequired',
      filers: 'filersRequired',
      committee: 'handlerRequired',
      contactName: 'contactNameRequired',
      contactEmail: 'contactNeeded',
    });
  });
});
