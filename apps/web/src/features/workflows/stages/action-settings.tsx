import type { TActionSettings, TCmsOptionalText, TLanguage, TStepAction, TWorkflowJurisdiction } from '@app/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { actionSettingsPayload, defaultActionSettings } from './stages.logic.ts';
import { OptionsEditor, TextsField } from './stages.parts.tsx';

const PARTICIPANTS = ['COMPLAINANT', 'RESPONDENT', 'WITNESS', 'COMMITTEE', 'EMPLOYER'] as const;
const FORM_FIELD_TYPES = [
  'TEXT',
  'TEXT_AREA',
  'DATE',
  'FILE_UPLOAD',
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'CHECKBOX_WITH_TEXT',
] as const;

type FormSettings = Extract<TActionSettings, { type: 'FORM' }>;
type FormField = FormSettings['fields'][number];

/** The settings form of one action, by its type (ZActionSettings). */
export function ActionSettingsForm(props: {
  action: TStepAction;
  languages: TLanguage[];
  jurisdiction: TWorkflowJurisdiction;
  editable: boolean;
  pending: boolean;
  error: unknown;
  onSave: (settings: TActionSettings) => void;
}) {
  const { t } = useTranslation('workflowStages');
  const [s, setS] = useState<TActionSettings>(props.action.settings ?? defaultActionSettings(props.action.type));
  const ro = !props.editable;
  // Every branch keeps `type`, so the patch stays within the same member of the union.
  const set = (patch: Record<string, unknown>) => setS((old) => ({ ...old, ...patch }) as TActionSettings);
  const text = (key: string, label: string, value: TCmsOptionalText, multiline = false, hint?: string) => (
    <Stack gap={2}>
      <TextsField
        label={label}
        value={value}
        languages={props.languages}
        required
        multiline={multiline}
        readOnly={ro}
        onChange={(v) => set({ [key]: v })}
      />
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
  type P = (typeof PARTICIPANTS)[number];
  const participant = (key: string, label: string, value: string, only?: readonly P[]) => (
    <Select
      label={label}
      value={value}
      readOnly={ro}
      allowDeselect={false}
      data={(only ?? PARTICIPANTS).map((p) => ({ value: p, label: t(`actions.participant.${p}`) }))}
      onChange={(v) => v && set({ [key]: v })}
    />
  );
  const check = (key: string, label: string, value: boolean) => (
    <Checkbox label={label} checked={value} disabled={ro} onChange={(e) => set({ [key]: e.currentTarget.checked })} />
  );

  let body: React.ReactNode = null;
  switch (s.type) {
    case 'TRANSFER_COMPLAINT':
      body = (
        <>
          <Select
            label={t('actions.to')}
            value={s.to}
            readOnly={ro}
            allowDeselect={false}
            data={(['LOCAL_COMMITTEE', 'OTHER_UNIT_COMMITTEE', 'EXTERNAL_AUTHORITY'] as const).map((v) => ({
              value: v,
              label: t(`actions.toOption.${v}`),
            }))}
            onChange={(v) => v && set({ to: v })}
          />
          {check('reasonRequired', t('actions.reasonRequired'), s.reasonRequired)}
        </>
      );
      break;
    case 'INFORM_RESPONDENT':
      body = (
        <>
          {props.jurisdiction === 'IN_POSH' || s.shareComplaintCopy
            ? check('shareComplaintCopy', t('actions.shareComplaintCopy'), s.shareComplaintCopy)
            : null}
          {text('message', t('actions.message'), s.message, true, t('actions.messageHint'))}
        </>
      );
      break;
    case 'INFORM_EMPLOYER':
      body = (
        <>
          {check('shareReport', t('actions.shareReport'), s.shareReport)}
          {text('message', t('actions.message'), s.message, true, t('actions.messageHint'))}
        </>
      );
      break;
    case 'NOTIFY':
      body = (
        <>
          <MultiSelect
            label={t('actions.recipients')}
            value={s.recipients}
            readOnly={ro}
            maxValues={5}
            data={PARTICIPANTS.map((p) => ({ value: p, label: t(`actions.participant.${p}`) }))}
            onChange={(v) => set({ recipients: v })}
          />
          {text('message', t('actions.message'), s.message, true, t('actions.messageHint'))}
        </>
      );
      break;
    case 'VOTE':
      body = (
        <>
          {text('question', t('actions.question'), s.question)}
          <OptionsEditor
            label={t('actions.voteOptions')}
            value={s.options}
            languages={props.languages}
            readOnly={ro}
            min={2}
            onChange={(options) => set({ options })}
          />
          <NumberInput
            label={t('actions.quorum')}
            min={1}
            max={20}
            allowDecimal={false}
            readOnly={ro}
            value={s.quorum}
            onChange={(v) => set({ quorum: typeof v === 'number' ? v : Number(v) || 1 })}
            style={{ maxWidth: '16rem' }}
          />
          {check('presidingOfficerRequired', t('actions.presidingOfficerRequired'), s.presidingOfficerRequired)}
        </>
      );
      break;
    case 'UPLOAD_RESOURCE':
      body = (
        <>
          {text('label', t('actions.label'), s.label)}
          {participant('uploader', t('actions.uploader'), s.uploader)}
          {check('required', t('actions.required'), s.required)}
        </>
      );
      break;
    case 'BUTTON':
      body = (
        <>
          {text('label', t('actions.buttonLabel'), s.label)}
          <TextInput
            label={t('actions.outcome')}
            value={s.outcome}
            readOnly={ro}
            maxLength={64}
            onChange={(e) => set({ outcome: e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9_]/g, '_') })}
          />
          {check('confirm', t('actions.confirm'), s.confirm)}
        </>
      );
      break;
    case 'RESOURCE':
      body = (
        <>
          {text('title', t('actions.resourceTitle'), s.title)}
          {text('body', t('actions.resourceBody'), s.body, true)}
        </>
      );
      break;
    case 'FORM':
      body = (
        <>
          {participant('recipient', t('actions.recipient'), s.recipient, ['COMPLAINANT', 'RESPONDENT', 'WITNESS'])}
          {text('title', t('actions.formTitle'), s.title)}
          <FormFieldsEditor
            fields={s.fields}
            languages={props.languages}
            readOnly={ro}
            onChange={(fields) => set({ fields })}
          />
        </>
      );
      break;
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave(actionSettingsPayload(s));
      }}
    >
      <Stack gap="sm" mt="sm">
        {body}
        {props.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, props.error, t('editor.failed'))}
          </Alert>
        ) : null}
        {props.editable ? (
          <Button type="submit" loading={props.pending} style={{ alignSelf: 'flex-start' }}>
            {t('editor.save')}
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

/** The questions of a FORM action: type, label per language, mandatory, options for choices. */
function FormFieldsEditor(props: {
  fields: FormField[];
  languages: TLanguage[];
  readOnly: boolean;
  onChange: (fields: FormField[]) => void;
}) {
  const { t } = useTranslation('workflowStages');
  const { fields } = props;
  const update = (i: number, patch: Partial<FormField>) =>
    props.onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('actions.fields')}
      </Text>
      {fields.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a new question has no key until saved: its place identifies it
        <Card key={`${f.key}-${i}`} withBorder padding="xs">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500}>
                {t('actions.field', { n: i + 1 })}
              </Text>
              {props.readOnly ? null : (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={fields.length <= 1}
                  aria-label={t('actions.removeField', { n: i + 1 })}
                  onClick={() => props.onChange(fields.filter((_, j) => j !== i))}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
            <Select
              label={t('meeting.fieldType')}
              value={f.type}
              readOnly={props.readOnly}
              allowDeselect={false}
              data={FORM_FIELD_TYPES.map((ft) => ({ value: ft, label: t(`actions.fieldType.${ft}`) }))}
              onChange={(v) => v && update(i, { type: v as FormField['type'] })}
            />
            <TextsField
              label={t('meeting.label')}
              value={f.label}
              languages={props.languages}
              required
              readOnly={props.readOnly}
              onChange={(label) => update(i, { label: label as FormField['label'] })}
            />
            <Switch
              label={t('meeting.mandatory')}
              checked={f.mandatory}
              disabled={props.readOnly}
              onChange={(e) => update(i, { mandatory: e.currentTarget.checked })}
            />
            {f.type === 'SINGLE_SELECT' || f.type === 'MULTI_SELECT' ? (
              <OptionsEditor
                label={t('meeting.options')}
                value={f.options}
                languages={props.languages}
                readOnly={props.readOnly}
                onChange={(options) => update(i, { options })}
              />
            ) : null}
          </Stack>
        </Card>
      ))}
      {props.readOnly || fields.length >= 50 ? null : (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            props.onChange([...fields, { key: '', type: 'TEXT', label: { en: '' }, mandatory: false, options: [] }])
          }
        >
          {t('actions.addField')}
        </Button>
      )}
    </Stack>
  );
}
