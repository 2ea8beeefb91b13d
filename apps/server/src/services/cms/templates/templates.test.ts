import { ZWorkflowDefinition } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { CANADA_CLC_CLOCKS, INDIA_POSH_CLOCKS } from '../../../core/statutory-clocks.ts';
import { builderOf } from '../versions/builder-fixture.ts';
import { validate } from '../versions/validate.ts';
import { TEMPLATES } from './index.ts';

const CLOCKS = new Map(
  [...Object.values(INDIA_POSH_CLOCKS), ...Object.values(CANADA_CLC_CLOCKS)].map((c) => [c.key as string, c]),
);
const steps = (key: keyof typeof TEMPLATES) => TEMPLATES[key].stages.flatMap((s) => s.steps);

describe('the templates', () => {
  it.each(Object.keys(TEMPLATES) as Array<keyof typeof TEMPLATES>)(
    '%s is a valid definition that publishes with no problem',
    (key) => {
      const def = TEMPLATES[key];
      expect(ZWorkflowDefinition.parse(def)).toEqual(def);
      expect(validate(builderOf(def), def).problems).toEqual([]);
    },
  );

  it.each(Object.keys(TEMPLATES) as Array<keyof typeof TEMPLATES>)(
    'golden: every deadline of %s equals the statutory clock it cites',
    (key) => {
      // Steps with a clock; those the law starts only on request have none (tested below).
      for (const s of steps(key).filter((x) => x.statutory !== null && x.statutory.maxOffset !== null)) {
        const law = s.statutory;
        const rule = s.settings.dueRule;
        const clock = CLOCKS.get(law?.ruleKey ?? '');
        expect(clock, s.key).toBeDefined();
        expect([law?.reference, law?.maxOffset, law?.unit], s.key).toEqual([
          clock?.reference,
          clock?.offset,
          clock?.unit,
        ]);
        expect(
          [rule?.offset, rule?.unit, rule?.onHoliday, rule?.reference, rule?.anchor, rule?.anchorStepKey],
          s.key,
        ).toEqual([clock?.offset, clock?.unit, clock?.onHoliday, clock?.reference, law?.anchor, law?.anchorStepKey]);
      }
    },
  );

  it('POSH: has every clock of the Act the issue lists, on the steps it says', () => {
    const byRule = Object.fromEntries(
      steps('POSH_INQUIRY')
        .filter((s) => s.statutory)
        .map((s) => [s.statutory?.reference, s]),
    );
    expect(Object.keys(byRule).sort()).toEqual([
      'Rule 7(2)',
      'Rule 7(3)',
      's.10(1)',
      's.11(4)',
      's.12',
      's.13(1)',
      's.13(4)',
      's.18(2)',
      's.9(1)',
    ]);
    // Conciliation and interim relief are the law's too, kept, with no deadline: they wait for her request.
    expect([byRule['s.10(1)']?.key, byRule['s.10(1)']?.statutory?.maxOffset]).toEqual(['CONCILIATION', null]);
    expect([byRule['s.12']?.key, byRule['s.12']?.statutory?.maxOffset]).toEqual(['INTERIM_RELIEF', null]);
    expect(byRule['s.9(1)']?.settings.dueRule?.anchor).toBe('INCIDENT');
    expect(byRule['s.9(1)']?.settings.reasonIfLate).toBe(true);
    const date = TEMPLATES.POSH_INQUIRY.form.flatMap((c) => c.attributes).find((a) => a.key === 'INCIDENT_DATE');
    expect([date?.mandatory, date?.statutoryReference]).toEqual([true, 's.9(1)']);
    const all = Object.fromEntries(steps('POSH_INQUIRY').map((s) => [s.key, s]));
    expect(all.CONCILIATION?.settings.start).toEqual({ kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: false });
    expect(all.CONCILIATION?.description.en).toContain('No money');
    expect(all.INTERIM_RELIEF?.settings.start).toEqual({ kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: true });
    expect(all.COPY_TO_RESPONDENT?.actions[0]?.settings).toMatchObject({
      type: 'INFORM_RESPONDENT',
      shareComplaintCopy: true,
    });
    expect([all.HEARING?.type, all.HEARING?.settings.quorum]).toEqual(['MEETING', 3]);
    expect(TEMPLATES.POSH_INQUIRY.languages).toEqual(['en', 'hi', 'kn', 'te', 'ta', 'mr']);
  });

  it('Canada: notice by witnesses (anonymously), conciliation when both agree, monthly updates to both parties, a reason for a missed limit', () => {
    const ca = TEMPLATES.CA_RESOLUTION;
    expect(ca.filers).toContain('WITNESS');
    expect(ca.anonymousWitnesses).toBe(true);
    const all = Object.fromEntries(steps('CA_RESOLUTION').map((s) => [s.key, s]));
    expect(
      Object.values(all)
        .filter((s) => s.statutory)
        .map((s) => s.statutory?.reference)
        .sort(),
    ).toEqual(['s.20', 's.23(1)', 's.24', 's.25(1)', 's.33(1)', 's.34']);
    expect(all.CONCILIATION?.settings.start).toMatchObject({ kind: 'ON_REQUEST', by: 'BOTH_PARTIES' });
    expect(all.INVESTIGATION?.settings.start).toMatchObject({ kind: 'ON_REQUEST', by: 'COMPLAINANT' });
    expect(all.STATUS_UPDATE?.settings.dueRule?.repeats).toBe(true);
    expect(all.STATUS_UPDATE?.actions[0]?.settings).toMatchObject({
      type: 'NOTIFY',
      recipients: ['COMPLAINANT', 'RESPONDENT'],
    });
    expect(all.COMPLETION?.settings.reasonIfLate).toBe(true);
    expect(ca.languages).toEqual(['en', 'fr']);
  });
});
