import type { TWorkflowBuilder, TWorkflowDefinition } from '@app/contract';

/*
 * For tests and the bench: a definition expanded back into the builder a draft would answer (ids
 * made up, positions from the order), and a large generated definition (the speed target:
 * 10 stages, 40 steps, 60 attributes in six languages).
 */

export function builderOf(def: TWorkflowDefinition, opts: { handlerName?: string | null } = {}): TWorkflowBuilder {
  let n = 0;
  const id = () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
  const stepIds = new Map<string, string>();
  for (const st of def.stages) for (const s of st.steps) stepIds.set(s.key, id());
  return {
    workflow: {
      id: id(),
      name: def.name,
      description: def.description,
      jurisdiction: def.jurisdiction,
      filers: def.filers,
      anonymousWitnesses: def.anonymousWitnesses,
      branchId: def.branchId,
      branchName: null,
      handler: def.handler,
      handlerName:
        def.handler.kind === 'COMMITTEE' ? (opts.handlerName === undefined ? 'A committee' : opts.handlerName) : null,
      contact: def.contact,
      languages: def.languages,
      template: def.template,
      status: 'DRAFT',
      latestVersion: null,
      revision: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
      actions: ['edit', 'publish'],
    },
    components: def.form.map((c, i) => {
      const componentId = id();
      return {
        id: componentId,
        key: c.key,
        title: c.title,
        position: i,
        builtin: false,
        attributes: c.attributes.map((a, j) => ({
          id: id(),
          key: a.key,
          componentId,
          type: a.type,
          label: a.label,
          hint: a.hint,
          mandatory: a.mandatory,
          position: j,
          options: a.options,
          condition: a.condition,
          settings: a.settings,
          resource: a.resourceSha256 ? { fileName: 'doc.pdf', size: 1, sha256: a.resourceSha256, url: '/x' } : null,
          builtin: false,
          locked: false,
          statutoryReference: a.statutoryReference,
        })),
      };
    }),
    stages: def.stages.map((st, i) => {
      const stageId = id();
      return {
        id: stageId,
        key: st.key,
        title: st.title,
        position: i,
        statutory: st.steps.some((s) => s.statutory !== null),
        steps: st.steps.map((s, j) => {
          const stepId = stepIds.get(s.key) ?? id();
          return {
            id: stepId,
            key: s.key,
            stageId,
            type: s.type,
            title: s.title,
            description: s.description,
            position: j,
            mandatory: s.mandatory,
            settings: s.settings,
            statutory: s.statutory,
            actions: s.actions.map((a, k) => ({
              id: id(),
              key: a.key,
              type: a.settings.type,
              position: k,
              settings: a.settings,
              statutory: s.statutory !== null,
            })),
            meetingFields: s.meetingFields.map((m, k) => ({
              id: id(),
              key: m.key,
              type: m.type,
              label: m.label,
              mandatory: m.mandatory,
              position: k,
              options: m.options,
              builtin: false,
            })),
            prerequisites: s.requires.map((r) => ({
              id: id(),
              stepId,
              requiresStepId: stepIds.get(r.stepKey) ?? id(),
              requiresStepKey: r.stepKey,
              condition: r.condition,
            })),
          };
        }),
      };
    }),
    offeredLanguages: ['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr'],
  };
}

const SIX = ['en', 'hi', 'kn', 'te', 'ta', 'mr'] as const;
const six = (s: string) => Object.fromEntries(SIX.map((l) => [l, `${s} (${l})`])) as { en: string };

/** A large valid definition: `stages` stages of `steps / stages` steps each, `attributes` fields, six languages. */
export function largeDefinition(
  base: TWorkflowDefinition,
  size = { stages: 10, steps: 40, attributes: 60 },
): TWorkflowDefinition {
  const meeting = base.stages.flatMap((s) => s.steps).find((s) => s.type === 'MEETING');
  if (!meeting) throw new Error('largeDefinition: the base needs a meeting step');
  const perStage = Math.ceil(size.steps / size.stages);
  const builtins = base.form.flatMap((c) => c.attributes).length;
  const extra = Math.max(0, size.attributes - builtins);
  return {
    ...base,
    name: 'Large workflow',
    template: null,
    languages: [...SIX],
    description: six('A large workflow'),
    form: [
      ...base.form.map((c) => ({
        ...c,
        title: six(c.title.en),
        attributes: c.attributes.map((a) => ({
          ...a,
          label: six(a.label.en),
          hint: {},
          options: a.options.map((o) => ({ ...o, label: six(o.label.en) })),
        })),
      })),
      {
        key: 'EXTRA',
        title: six('More'),
        attributes: Array.from({ length: extra }, (_, i) => ({
          key: `EXTRA_${i + 1}`,
          type: i % 3 === 0 ? ('SINGLE_SELECT' as const) : ('TEXT' as const),
          label: six(`Question ${i + 1}`),
          hint: six(`Hint ${i + 1}`),
          mandatory: i % 2 === 0,
          options:
            i % 3 === 0
              ? [
                  { key: 'YES', label: six('Yes') },
                  { key: 'NO', label: six('No') },
                ]
              : [],
          condition: null,
          settings: {},
          resourceSha256: null,
          statutoryReference: null,
        })),
      },
    ],
    stages: Array.from({ length: size.stages }, (_, i) => ({
      key: `STAGE_${i + 1}`,
      title: six(`Stage ${i + 1}`),
      steps: Array.from({ length: perStage }, (_, j) => {
        const n = i * perStage + j + 1;
        const isMeeting = j === 0;
        return {
          key: `STEP_${n}`,
          type: isMeeting ? ('MEETING' as const) : ('ACTION' as const),
          title: six(`Step ${n}`),
          description: six(`What step ${n} does`),
          mandatory: true,
          settings: {
            performer: 'PRESIDING_OFFICER' as const,
            dueRule: {
              anchor: 'FILED' as const,
              anchorStepKey: null,
              offset: n,
              unit: 'CALENDAR_DAY' as const,
              onHoliday: 'NEXT_WORKING_DAY' as const,
              calendar: null,
              reference: null,
              repeats: false,
            },
            reminderDaysBefore: [1],
            escalate: true,
            start: { kind: 'PREREQUISITES_MET' as const },
            reasonIfLate: false,
            quorum: isMeeting ? 3 : null,
          },
          statutory: null,
          requires: n > 1 ? [{ stepKey: `STEP_${n - 1}`, condition: 'COMPLETED' as const }] : [],
          meetingFields: isMeeting ? meeting.meetingFields.map((m) => ({ ...m, label: six(m.label.en) })) : [],
          actions: isMeeting
            ? []
            : [
                {
                  key: `NOTIFY_${n}`,
                  settings: {
                    type: 'NOTIFY' as const,
                    recipients: ['COMPLAINANT' as const],
                    message: six(`Message ${n}`),
                  },
                },
              ],
        };
      }),
    })),
  };
}
