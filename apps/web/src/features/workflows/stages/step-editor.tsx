import {
  ACTION_TYPES,
  DEFAULT_MEETING_FIELDS,
  MEETING_FIELD_TYPES,
  type TActionType,
  type TAttributeOption,
  type TCmsOptionalText,
  type TCmsText,
  type TLanguage,
  type TMeetingField,
  type TStage,
  type TStep,
  type TWorkflowBuilder,
} from '@app/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Drawer,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../app/notify.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { textIn, workflowKeys } from '../builder.shared.ts';
import { ActionSettingsForm } from './action-settings.tsx';
import { useStageCalls, useStepCalls } from './stages.api.ts';
import {
  allSteps,
  cleanText,
  dueRuleOf,
  laterThanStatute,
  performersFor,
  prerequisiteCandidates,
  settingsForm,
  settingsPayload,
  statutoryLimitWords,
  type Translate,
  type TSettingsForm,
  withKeys,
  withStepTitles,
} from './stages.logic.ts';
import { OptionsEditor, StepIcon, TextsField } from './stages.parts.tsx';

type EditorProps = {
  builder: TWorkflowBuilder;
  stages: TStage[];
  step: TStep;
  language: TLanguage;
  editable: boolean;
};

/** The step editor: a drawer on the right (full screen on a phone) with the step's details, settings, prerequisites and its meeting fields or actions. */
export function StepEditor(props: {
  builder: TWorkflowBuilder;
  stages: TStage[];
  stepId: string | null;
  language: TLanguage;
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflowStages');
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const step = allSteps(props.stages).find((s) => s.step.id === props.stepId)?.step;
  return (
    <Drawer
      opened={Boolean(step)}
      onClose={props.onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={step ? t('editor.title', { title: textIn(step.title, props.language) }) : ''}
      closeButtonProps={{ 'aria-label': t('editor.close') }}
    >
      {step ? (
        <StepEditorBody
          key={step.id}
          builder={props.builder}
          stages={props.stages}
          step={step}
          language={props.language}
          editable={props.editable}
        />
      ) : null}
    </Drawer>
  );
}

function StepEditorBody(props: EditorProps) {
  const { t } = useTranslation('workflowStages');
  const { step } = props;
  const [tab, setTab] = useState<string | null>('details');
  // Actions belong to action steps; a template's meeting may carry one too (an outcome button), shown the same way.
  const hasActions = step.type === 'ACTION' || step.actions.length > 0;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StepIcon type={step.type} />
        <Text size="sm" fw={600}>
          {t(`step.type.${step.type}`)}
        </Text>
        {step.statutory ? (
          <Badge color="grape" variant="light" tt="none">
            {t('step.statutory', { reference: step.statutory.reference })}
          </Badge>
        ) : null}
      </Group>
      {step.statutory ? (
        <Text size="sm" c="dimmed">
          {t('step.statutoryWhy', { reference: step.statutory.reference })}
        </Text>
      ) : null}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">{t('editor.tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('editor.tabs.settings')}</Tabs.Tab>
          <Tabs.Tab value="prerequisites">{t('editor.tabs.prerequisites')}</Tabs.Tab>
          {step.type === 'MEETING' ? <Tabs.Tab value="meeting">{t('editor.tabs.meeting')}</Tabs.Tab> : null}
          {hasActions ? <Tabs.Tab value="actions">{t('editor.tabs.actions')}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <DetailsPanel {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsPanel {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="prerequisites" pt="md">
          <PrerequisitesPanel {...props} />
        </Tabs.Panel>
        {step.type === 'MEETING' ? (
          <Tabs.Panel value="meeting" pt="md">
            <MeetingFieldsPanel {...props} />
          </Tabs.Panel>
        ) : null}
        {hasActions ? (
          <Tabs.Panel value="actions" pt="md">
            <ActionsPanel {...props} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}

/** A call's failure, translated, in place. */
function Failure({ error, stages, language }: { error: unknown; stages?: TStage[]; language?: TLanguage }) {
  const { t } = useTranslation('workflowStages');
  if (!error) return null;
  const named = stages && language ? withStepTitles(error, stages, language) : error;
  return (
    <Alert color="red" variant="light" role="alert">
      {errorText(t, named, t('editor.failed'))}
    </Alert>
  );
}

function DetailsPanel({ builder, step, editable }: EditorProps) {
  const { t } = useTranslation('workflowStages');
  const calls = useStageCalls(builder.workflow.id);
  const [title, setTitle] = useState<TCmsOptionalText>(step.title);
  const [description, setDescription] = useState<TCmsOptionalText>(step.description);
  const [mandatory, setMandatory] = useState(step.mandatory);
  const languages = builder.workflow.languages;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        calls.updateStep.mutate(
          {
            id: step.id,
            body: { title: cleanText(title) as TCmsText, description: cleanText(description), mandatory },
          },
          { onSuccess: () => notify(t('editor.saved')) },
        );
      }}
    >
      <Stack gap="md">
        <TextsField
          label={t('step.title')}
          value={title}
          languages={languages}
          required
          maxLength={200}
          readOnly={!editable}
          onChange={setTitle}
        />
        <TextsField
          label={t('step.description')}
          value={description}
          languages={languages}
          multiline
          maxLength={4000}
          readOnly={!editable}
          onChange={setDescription}
        />
        <Switch
          label={t('step.mandatory')}
          description={t('step.mandatoryHint')}
          checked={mandatory}
          disabled={!editable || Boolean(step.statutory)}
          onChange={(e) => setMandatory(e.currentTarget.checked)}
        />
        <Failure error={calls.updateStep.error} />
        {editable ? (
          <Button
            type="submit"
            loading={calls.updateStep.isPending}
            disabled={!title.en?.trim()}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('editor.save')}
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

const DUE_ANCHORS = ['FILED', 'INCIDENT', 'STEP_COMPLETED', 'STEP_STARTED'] as const;
const DUE_UNITS = ['CALENDAR_DAY', 'WORKING_DAY', 'MONTH', 'YEAR'] as const;

function SettingsPanel({ builder, stages, step, language, editable }: EditorProps) {
  const { t } = useTranslation('workflowStages');
  const tt = t as unknown as Translate;
  const calls = useStepCalls(builder.workflow.id);
  const [form, setForm] = useState<TSettingsForm>(() => settingsForm(step.settings));
  const set = (patch: Partial<TSettingsForm>) => setForm((f) => ({ ...f, ...patch }));
  const ro = !editable;
  const otherSteps = allSteps(stages).filter((s) => s.step.id !== step.id);
  const stepAnchor = form.anchor === 'STEP_COMPLETED' || form.anchor === 'STEP_STARTED';
  const later = step.statutory ? laterThanStatute(step.statutory, dueRuleOf(form)) : false;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        calls.saveSettings.mutate(
          { stepId: step.id, body: settingsPayload(form, step.type) },
          { onSuccess: () => notify(t('editor.saved')) },
        );
      }}
    >
      <Stack gap="md">
        <Select
          label={t('settings.performer')}
          value={form.performer}
          readOnly={ro}
          allowDeselect={false}
          data={performersFor(builder.workflow.jurisdiction).map((p) => ({ value: p, label: t(`performer.${p}`) }))}
          onChange={(v) => v && set({ performer: v as TSettingsForm['performer'] })}
        />

        <Title order={4} size="h5">
          {t('settings.dueHeading')}
        </Title>
        {step.statutory ? (
          <Alert color="grape" variant="light" role="note">
            {statutoryLimitWords(tt, step.statutory, stages, language)}
          </Alert>
        ) : null}
        <Switch
          label={t('settings.hasDue')}
          checked={form.hasDue}
          disabled={ro}
          onChange={(e) => set({ hasDue: e.currentTarget.checked })}
        />
        {form.hasDue ? (
          <Stack gap="sm">
            <Group grow align="flex-start" wrap="wrap">
              <NumberInput
                label={t('settings.offset')}
                min={0}
                max={3650}
                allowDecimal={false}
                readOnly={ro}
                value={form.offset}
                onChange={(v) => set({ offset: typeof v === 'number' ? v : Number(v) || 0 })}
                style={{ minWidth: '8rem' }}
              />
              <Select
                label={t('settings.unit')}
                value={form.unit}
                readOnly={ro}
                allowDeselect={false}
                data={DUE_UNITS.map((u) => ({ value: u, label: t(`settings.unitOption.${u}`) }))}
                onChange={(v) => v && set({ unit: v as TSettingsForm['unit'] })}
                style={{ minWidth: '10rem' }}
              />
            </Group>
            <Select
              label={t('settings.anchor')}
              value={form.anchor}
              readOnly={ro}
              allowDeselect={false}
              data={DUE_ANCHORS.map((a) => ({ value: a, label: t(`settings.anchorOption.${a}`) }))}
              onChange={(v) => v && set({ anchor: v as TSettingsForm['anchor'] })}
            />
            {stepAnchor ? (
              <Select
                label={t('settings.anchorStep')}
                value={form.anchorStepKey}
                readOnly={ro}
                required
                data={otherSteps.map((s) => ({ value: s.step.key, label: textIn(s.step.title, language) }))}
                onChange={(v) => set({ anchorStepKey: v })}
              />
            ) : null}
            <Select
              label={t('settings.onHoliday')}
              value={form.onHoliday}
              readOnly={ro}
              allowDeselect={false}
              data={(['NEXT_WORKING_DAY', 'NONE'] as const).map((o) => ({
                value: o,
                label: t(`settings.onHolidayOption.${o}`),
              }))}
              onChange={(v) => v && set({ onHoliday: v as TSettingsForm['onHoliday'] })}
            />
            <TextInput
              label={t('settings.calendar')}
              description={t('settings.calendarHint')}
              maxLength={16}
              readOnly={ro}
              value={form.calendar}
              onChange={(e) => set({ calendar: e.currentTarget.value })}
            />
            <TextInput
              label={t('settings.reference')}
              description={t('settings.referenceHint')}
              maxLength={100}
              readOnly={ro}
              value={form.reference}
              onChange={(e) => set({ reference: e.currentTarget.value })}
            />
            <Checkbox
              label={t('settings.repeats')}
              checked={form.repeats}
              disabled={ro}
              onChange={(e) => set({ repeats: e.currentTarget.checked })}
            />
          </Stack>
        ) : null}
        {later ? (
          <Alert color="orange" variant="light" role="note">
            {t('due.laterWarning')}
          </Alert>
        ) : null}

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('settings.reminders')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('settings.remindersHint')}
          </Text>
          {form.reminders.map((day, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reminder is its place in the list
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <NumberInput
                label={t('settings.reminderDay', { n: i + 1 })}
                min={1}
                max={90}
                allowDecimal={false}
                readOnly={ro}
                value={day}
                onChange={(v) => {
                  const next = [...form.reminders];
                  next[i] = typeof v === 'number' ? v : Number(v) || 1;
                  set({ reminders: next });
                }}
                style={{ width: '10rem' }}
              />
              {ro ? null : (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={6}
                  aria-label={t('settings.removeReminder', { n: i + 1 })}
                  onClick={() => set({ reminders: form.reminders.filter((_, j) => j !== i) })}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          {ro || form.reminders.length >= 3 ? null : (
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => set({ reminders: [...form.reminders, form.reminders.length === 0 ? 2 : 1] })}
            >
              {t('settings.addReminder')}
            </Button>
          )}
        </Stack>

        <Stack gap={4}>
          <Switch
            label={t('settings.escalate')}
            checked={form.escalate}
            disabled={ro}
            onChange={(e) => set({ escalate: e.currentTarget.checked })}
          />
          <Anchor component={Link} to="/settings/escalation" size="sm">
            {t('settings.escalateLink')}
          </Anchor>
        </Stack>

        <Radio.Group
          label={t('settings.startHeading')}
          value={form.startKind}
          onChange={(v) => !ro && set({ startKind: v as TSettingsForm['startKind'] })}
        >
          <Stack gap={6} mt={6}>
            <Radio value="PREREQUISITES_MET" label={t('settings.start.PREREQUISITES_MET')} disabled={ro} />
            <Radio value="ON_REQUEST" label={t('settings.start.ON_REQUEST')} disabled={ro} />
          </Stack>
        </Radio.Group>
        {form.startKind === 'ON_REQUEST' ? (
          <Stack gap="xs" pl="md">
            <Select
              label={t('settings.startBy')}
              value={form.startBy}
              readOnly={ro}
              allowDeselect={false}
              data={(['COMPLAINANT', 'RESPONDENT', 'BOTH_PARTIES'] as const).map((b) => ({
                value: b,
                label: t(`settings.startByOption.${b}`),
              }))}
              onChange={(v) => v && set({ startBy: v as TSettingsForm['startBy'] })}
            />
            <Checkbox
              label={t('settings.inWriting')}
              checked={form.startInWriting}
              disabled={ro}
              onChange={(e) => set({ startInWriting: e.currentTarget.checked })}
            />
          </Stack>
        ) : null}
        <Checkbox
          label={t('settings.reasonIfLate')}
          checked={form.reasonIfLate}
          disabled={ro}
          onChange={(e) => set({ reasonIfLate: e.currentTarget.checked })}
        />
        {step.type === 'MEETING' ? (
          <NumberInput
            label={t('settings.quorum')}
            placeholder={t('settings.noQuorum')}
            min={1}
            max={20}
            allowDecimal={false}
            readOnly={ro}
            value={form.quorum ?? ''}
            onChange={(v) => set({ quorum: typeof v === 'number' ? v : v === '' ? null : Number(v) || null })}
            style={{ maxWidth: '24rem' }}
          />
        ) : null}
        <Failure error={calls.saveSettings.error} stages={stages} language={language} />
        {editable ? (
          <Button type="submit" loading={calls.saveSettings.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('editor.save')}
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

function PrerequisitesPanel({ builder, stages, step, language, editable }: EditorProps) {
  const { t } = useTranslation('workflowStages');
  const calls = useStepCalls(builder.workflow.id);
  const queryClient = useQueryClient();
  const [requires, setRequires] = useState<string | null>(null);
  const [condition, setCondition] = useState<'COMPLETED' | 'STARTED'>('COMPLETED');
  const steps = allSteps(stages).map((s) => s.step);
  const titleOf = (id: string) => {
    const s = steps.find((x) => x.id === id);
    return s ? textIn(s.title, language) : id;
  };
  const candidates = prerequisiteCandidates(stages, step.id);
  // A refusal means the cached builder is behind the server's (another editor): read it again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: workflowKeys.builder(builder.workflow.id) });
  const conditions = (['COMPLETED', 'STARTED'] as const).map((c) => ({
    value: c,
    label: t(`prerequisites.condition.${c}`),
  }));
  const error = calls.addPrerequisite.error ?? calls.updatePrerequisite.error ?? calls.removePrerequisite.error;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('prerequisites.intro')}
      </Text>
      {step.prerequisites.length === 0 ? <Text size="sm">{t('prerequisites.none')}</Text> : null}
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {step.prerequisites.map((p) => (
          <Card component="li" withBorder padding="xs" key={p.id}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {titleOf(p.requiresStepId)}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Select
                  aria-label={`${t('prerequisites.conditionLabel')}: ${titleOf(p.requiresStepId)}`}
                  value={p.condition}
                  readOnly={!editable}
                  allowDeselect={false}
                  data={conditions}
                  w={140}
                  onChange={(v) =>
                    v &&
                    v !== p.condition &&
                    calls.updatePrerequisite.mutate(
                      { id: p.id, body: { condition: v as 'COMPLETED' | 'STARTED' } },
                      { onError: refresh },
                    )
                  }
                />
                {editable ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('prerequisites.remove', { title: titleOf(p.requiresStepId) })}
                    onClick={() => calls.removePrerequisite.mutate(p.id, { onError: refresh })}
                  >
                    ×
                  </ActionIcon>
                ) : null}
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <Failure error={error} stages={stages} language={language} />
      {editable ? (
        candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('prerequisites.noCandidates')}
          </Text>
        ) : (
          <Card withBorder padding="sm">
            <Stack gap="xs">
              <Text fw={500} size="sm">
                {t('prerequisites.add')}
              </Text>
              <Select
                label={t('prerequisites.step')}
                value={requires}
                searchable
                data={candidates.map((c) => ({ value: c.id, label: textIn(c.title, language) }))}
                onChange={setRequires}
              />
              <Select
                label={t('prerequisites.conditionLabel')}
                value={condition}
                allowDeselect={false}
                data={conditions}
                onChange={(v) => v && setCondition(v as 'COMPLETED' | 'STARTED')}
              />
              <Button
                style={{ alignSelf: 'flex-start' }}
                disabled={!requires}
                loading={calls.addPrerequisite.isPending}
                onClick={() => {
                  calls.updatePrerequisite.reset();
                  calls.removePrerequisite.reset();
                  if (requires)
                    calls.addPrerequisite.mutate(
                      { stepId: step.id, requiresStepId: requires, condition },
                      { onSuccess: () => setRequires(null), onError: refresh },
                    );
                }}
              >
                {t('add')}
              </Button>
            </Stack>
          </Card>
        )
      ) : null}
    </Stack>
  );
}

/** The spec's required meeting fields (§3): never removed, never optional. */
const REQUIRED_MEETING_KEYS = new Set<string>(DEFAULT_MEETING_FIELDS.filter((f) => f.mandatory).map((f) => f.key));
const locked = (f: TMeetingField) => f.builtin && REQUIRED_MEETING_KEYS.has(f.key);

type FieldForm = {
  type: TMeetingField['type'];
  label: TCmsOptionalText;
  mandatory: boolean;
  options: TAttributeOption[];
};

function MeetingFieldsPanel({ builder, step, language, editable }: EditorProps) {
  const { t } = useTranslation('workflowStages');
  const calls = useStepCalls(builder.workflow.id);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const fields = [...step.meetingFields].sort((a, b) => a.position - b.position);
  const save = (form: FieldForm, field: TMeetingField | null) => {
    const options =
      form.type === 'SINGLE_SELECT' ? withKeys(form.options.map((o) => ({ ...o, label: cleanText(o.label) }))) : [];
    const label = cleanText(form.label) as TCmsText;
    const done = { onSuccess: () => setEditing(null) };
    if (field)
      calls.updateMeetingField.mutate(
        {
          id: field.id,
          body: field.builtin ? { label, mandatory: form.mandatory } : { label, mandatory: form.mandatory, options },
        },
        done,
      );
    else
      calls.addMeetingField.mutate(
        { stepId: step.id, type: form.type, label, mandatory: form.mandatory, options },
        done,
      );
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('meeting.intro')}
      </Text>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {fields.map((f) => (
          <Card component="li" withBorder padding="xs" key={f.id} data-field-key={f.key}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {textIn(f.label, language)}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {t(`meeting.type.${f.type}`)}
                  </Text>
                  <Badge size="xs" variant={f.mandatory ? 'filled' : 'outline'} color={f.mandatory ? 'blue' : 'dark'}>
                    {f.mandatory ? t('meeting.required') : t('meeting.optional')}
                  </Badge>
                  {locked(f) ? (
                    <Text size="xs" c="dimmed">
                      {t('meeting.locked')}
                    </Text>
                  ) : null}
                </Group>
              </Stack>
              {editable ? (
                <Group gap={4}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`${t('step.edit')}: ${textIn(f.label, language)}`}
                    onClick={() => setEditing(f.id)}
                  >
                    {t('step.edit')}
                  </Button>
                  {locked(f) ? null : (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`${t('step.remove')}: ${textIn(f.label, language)}`}
                      onClick={() => calls.removeMeetingField.mutate(f.id)}
                    >
                      {t('step.remove')}
                    </Button>
                  )}
                </Group>
              ) : null}
            </Group>
            {editing === f.id ? (
              <MeetingFieldForm
                field={f}
                languages={builder.workflow.languages}
                pending={calls.updateMeetingField.isPending}
                error={calls.updateMeetingField.error}
                onCancel={() => setEditing(null)}
                onSave={(form) => save(form, f)}
              />
            ) : null}
          </Card>
        ))}
      </Stack>
      <Failure error={calls.removeMeetingField.error} />
      {editable ? (
        editing === 'new' ? (
          <Card withBorder padding="sm">
            <MeetingFieldForm
              field={null}
              languages={builder.workflow.languages}
              pending={calls.addMeetingField.isPending}
              error={calls.addMeetingField.error}
              onCancel={() => setEditing(null)}
              onSave={(form) => save(form, null)}
            />
          </Card>
        ) : (
          <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => setEditing('new')}>
            {t('meeting.add')}
          </Button>
        )
      ) : null}
    </Stack>
  );
}

function MeetingFieldForm(props: {
  field: TMeetingField | null;
  languages: TLanguage[];
  pending: boolean;
  error: unknown;
  onSave: (form: FieldForm) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('workflowStages');
  const { field } = props;
  const [form, setForm] = useState<FieldForm>({
    type: field?.type ?? 'TEXT',
    label: field?.label ?? {},
    mandatory: field?.mandatory ?? false,
    options: field?.options ?? [],
  });
  const builtinRequired = field !== null && locked(field);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave(form);
      }}
    >
      <Stack gap="sm" mt="xs">
        <Select
          label={t('meeting.fieldType')}
          value={form.type}
          disabled={Boolean(field)}
          allowDeselect={false}
          data={MEETING_FIELD_TYPES.map((ft) => ({ value: ft, label: t(`meeting.type.${ft}`) }))}
          onChange={(v) => v && setForm({ ...form, type: v as FieldForm['type'] })}
        />
        <TextsField
          label={t('meeting.label')}
          value={form.label}
          languages={props.languages}
          required
          maxLength={200}
          onChange={(label) => setForm({ ...form, label })}
        />
        <Checkbox
          label={t('meeting.mandatory')}
          checked={form.mandatory}
          disabled={builtinRequired}
          onChange={(e) => setForm({ ...form, mandatory: e.currentTarget.checked })}
        />
        {form.type === 'SINGLE_SELECT' && !field?.builtin ? (
          <OptionsEditor
            label={t('meeting.options')}
            value={form.options}
            languages={props.languages}
            onChange={(options) => setForm({ ...form, options })}
          />
        ) : null}
        <Failure error={props.error} />
        <Group gap="xs">
          <Button type="submit" loading={props.pending} disabled={!form.label.en?.trim()}>
            {field ? t('editor.save') : t('add')}
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ActionsPanel({ builder, step, editable }: EditorProps) {
  const { t } = useTranslation('workflowStages');
  const calls = useStepCalls(builder.workflow.id);
  const [type, setType] = useState<TActionType | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const actions = [...step.actions].sort((a, b) => a.position - b.position);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('actions.intro')}
      </Text>
      {actions.length === 0 ? <Text size="sm">{t('actions.none')}</Text> : null}
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {actions.map((a) => {
          const name = t(`actions.type.${a.type}`);
          return (
            <Card component="li" withBorder padding="xs" key={a.id} data-action-type={a.type}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {name}
                  </Text>
                  {a.settings ? null : (
                    <Badge size="xs" color="orange" variant="light">
                      {t('actions.notSet')}
                    </Badge>
                  )}
                  {a.statutory ? (
                    <Text size="xs" c="dimmed">
                      {t('actions.statutory')}
                    </Text>
                  ) : null}
                </Group>
                <Group gap={4}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-expanded={open === a.id}
                    aria-label={`${t('editor.tabs.settings')}: ${name}`}
                    onClick={() => setOpen(open === a.id ? null : a.id)}
                  >
                    {t('editor.tabs.settings')}
                  </Button>
                  {editable && !a.statutory ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`${t('step.remove')}: ${name}`}
                      onClick={() => calls.removeAction.mutate(a.id)}
                    >
                      {t('step.remove')}
                    </Button>
                  ) : null}
                </Group>
              </Group>
              {open === a.id ? (
                <ActionSettingsForm
                  key={`${a.id}-${JSON.stringify(a.settings)}`}
                  action={a}
                  languages={builder.workflow.languages}
                  jurisdiction={builder.workflow.jurisdiction}
                  editable={editable}
                  pending={calls.saveActionSettings.isPending}
                  error={calls.saveActionSettings.error}
                  onSave={(body) =>
                    calls.saveActionSettings.mutate(
                      { actionId: a.id, body },
                      { onSuccess: () => notify(t('editor.saved')) },
                    )
                  }
                />
              ) : null}
            </Card>
          );
        })}
      </Stack>
      <Failure error={calls.removeAction.error ?? calls.addAction.error} />
      {editable && step.type === 'ACTION' ? (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label={t('actions.addType')}
            value={type}
            data={ACTION_TYPES.map((at) => ({ value: at, label: t(`actions.type.${at}`) }))}
            onChange={(v) => setType(v as TActionType | null)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button
            disabled={!type}
            loading={calls.addAction.isPending}
            onClick={() => {
              if (!type) return;
              const before = new Set(step.actions.map((a) => a.id));
              calls.addAction.mutate(
                { stepId: step.id, type },
                {
                  onSuccess: (answer) => {
                    setType(null);
                    const created = allSteps(answer.stages)
                      .find((s) => s.step.id === step.id)
                      ?.step.actions.find((a) => !before.has(a.id));
                    if (created) setOpen(created.id);
                  },
                },
              );
            }}
          >
            {t('actions.add')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
