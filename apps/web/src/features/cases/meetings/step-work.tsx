import type { TCaseMeeting, TCaseStep, TCaseStepWork, TCaseView } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/index.ts';
import { errorDetailText, useErrorText } from '../../../lib/i18n/error-text.ts';
import { meetingsApi, useCaseChange } from './meetings.api.ts';

/**
 * The committee's work on one step of a case: its meetings (schedule, minutes, outcome, who was
 * present, reschedule, cancel) and its actions (vote, inform, transfer, notify, forms, resources).
 * Rendered by the committee's case page under each open step; `onChanged` refetches the case. What
 * it offers comes from `step.work` (the step's meeting fields and actions from the version the case
 * was filed under) and `view.actions` (what the server allows the caller now).
 */
export function StepWork({ view, step, onChanged }: { view: TCaseView; step: TCaseStep; onChanged: () => void }) {
  const work = step.work;
  if (!work || !view.committee) return null;
  return (
    <Stack gap="md">
      {step.type === 'MEETING' && <Meetings view={view} step={step} work={work} onChanged={onChanged} />}
      {work.actions.length > 0 && <Actions view={view} step={step} work={work} onChanged={onChanged} />}
    </Stack>
  );
}

type Props = { view: TCaseView; step: TCaseStep; work: TCaseStepWork; onChanged: () => void };
type Field = TCaseStepWork['meetingFields'][number];

const RECORD_FIELDS = new Set(['MINUTES_OF_MEETING', 'MEETING_OUTCOME']);

/** A text of the workflow in the reader's language (English when missing). */
function useLocal() {
  const { i18n } = useTranslation();
  return (text: Record<string, string | undefined> | null | undefined) =>
    text ? (text[i18n.language] ?? text.en ?? '') : '';
}

/** Problems of a 422 by field (`fields.KEY`, `accountId`, …), translated. */
function useFieldErrors(error: unknown): (path: string) => string | undefined {
  const { t } = useTranslation();
  const details = isApiError(error) ? (error.details ?? []) : [];
  return (path) => {
    const d = details.find((x) => x.path === path || x.path === `body.${path}`);
    return d ? errorDetailText(t, d) : undefined;
  };
}

function ErrorLine({ error }: { error: unknown }) {
  const errorText = useErrorText();
  const { t } = useTranslation('caseMeetings');
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {errorText(error, t('failed'))}
    </Alert>
  );
}

const dateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** `datetime-local` value (the reader's zone) ↔ an ISO instant. */
const toLocalInput = (iso: unknown) => {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : '');

// --- meetings ------------------------------------------------------------------------------------

function Meetings({ view, step, work, onChanged }: Props) {
  const { t } = useTranslation('caseMeetings');
  const meetings = view.meetings.filter((m) => m.stepKey === step.stepKey);
  const [scheduling, setScheduling] = useState(false);
  const canSchedule = view.actions.includes('scheduleMeeting') && step.status === 'ACTIVE';
  return (
    <Stack gap="sm">
      <Title order={4}>{t('meetings.title')}</Title>
      {meetings.length === 0 && <Text c="dimmed">{t('meetings.none')}</Text>}
      {meetings.map((m) => (
        <MeetingCard key={m.id} view={view} step={step} work={work} meeting={m} onChanged={onChanged} />
      ))}
      {canSchedule &&
        (scheduling ? (
          <MeetingForm
            view={view}
            step={step}
            work={work}
            onChanged={() => {
              setScheduling(false);
              onChanged();
            }}
            onBack={() => setScheduling(false)}
          />
        ) : (
          <Group>
            <Button onClick={() => setScheduling(true)}>{t('meetings.schedule')}</Button>
          </Group>
        ))}
    </Stack>
  );
}

function MeetingCard(props: Props & { meeting: TCaseMeeting }) {
  const { view, step, work, meeting, onChanged } = props;
  const { t, i18n } = useTranslation('caseMeetings');
  const [mode, setMode] = useState<'view' | 'record' | 'reschedule' | 'cancel'>('view');
  const canRecord = view.actions.includes('recordMeeting') && meeting.status === 'SCHEDULED';
  const cancel = useCaseChange(
    () => meetingsApi.record(view.id, meeting.id, { status: 'CANCELLED', revision: view.revision }),
    onChanged,
  );
  const title = typeof meeting.fields.MEETING_TITLE === 'string' ? meeting.fields.MEETING_TITLE : '';
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{title}</Text>
          <Badge color={meeting.status === 'HELD' ? 'green' : meeting.status === 'CANCELLED' ? 'gray' : 'blue'}>
            {t(`meetings.status.${meeting.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('meetings.when', {
            start: dateTime(meeting.startsAt, i18n.language),
            end: dateTime(meeting.endsAt, i18n.language),
          })}
        </Text>
        {typeof meeting.fields.MEETING_LOCATION === 'string' && (
          <Text size="sm" c="dimmed">
            {meeting.fields.MEETING_LOCATION}
          </Text>
        )}
        {mode === 'view' && canRecord && (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" onClick={() => setMode('record')}>
              {t('meetings.record')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setMode('reschedule')}>
              {t('meetings.reschedule')}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setMode('cancel')}>
              {t('meetings.cancel')}
            </Button>
          </Group>
        )}
        {mode === 'cancel' && (
          <Stack gap="xs">
            <Text size="sm">{t('meetings.cancelConfirm')}</Text>
            <ErrorLine error={cancel.error} />
            <Group gap="xs">
              <Button size="xs" color="red" loading={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
                {t('actions.confirm')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setMode('view')}>
                {t('meetings.back')}
              </Button>
            </Group>
          </Stack>
        )}
        {mode === 'record' && <MinutesForm {...props} onBack={() => setMode('view')} />}
        {mode === 'reschedule' && (
          <MeetingForm
            view={view}
            step={step}
            work={work}
            meeting={meeting}
            onChanged={() => {
              setMode('view');
              onChanged();
            }}
            onBack={() => setMode('view')}
          />
        )}
      </Stack>
    </Card>
  );
}

/** People with access to the case whom the committee can invite by account. */
function guestChoices(view: TCaseView): Array<{ value: string; label: string }> {
  const c = view.committee!;
  return [
    { value: c.complainant.accountId, label: c.complainant.name },
    ...c.members.map((m) => ({ value: m.accountId, label: m.name })),
    ...c.parties.filter((p) => p.informed).map((p) => ({ value: p.accountId, label: p.name })),
  ];
}

type Outsider = { name: string; email: string };

function MeetingForm(props: Props & { meeting?: TCaseMeeting; onBack: () => void }) {
  const { view, step, work, meeting, onChanged, onBack } = props;
  const { t } = useTranslation('caseMeetings');
  const local = useLocal();
  const defs = work.meetingFields.filter((f) => !RECORD_FIELDS.has(f.key) && f.type !== 'FILE_UPLOAD');
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...(meeting?.fields ?? {}) }));
  const [guests, setGuests] = useState<string[]>(() =>
    meeting ? meeting.guests.flatMap((g) => (g.accountId ? [g.accountId] : [])) : [],
  );
  const save = useCaseChange(() => {
    const fields = Object.fromEntries(
      defs.flatMap((f) => {
        const v = values[f.key];
        if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return [];
        return [[f.key, v]];
      }),
    );
    return meeting
      ? meetingsApi.record(view.id, meeting.id, {
          status: 'SCHEDULED',
          fields,
          guestAccountIds: guests,
          revision: view.revision,
        })
      : meetingsApi.schedule(view.id, { stepId: step.id, fields, guestAccountIds: guests, revision: view.revision });
  }, onChanged);
  const fieldError = useFieldErrors(save.error);
  const set = (key: string, v: unknown) => setValues((s) => ({ ...s, [key]: v }));
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      {defs.map((f) =>
        f.type === 'GUESTS' ? (
          <Stack key={f.key} gap="xs">
            <Checkbox.Group label={t('meetings.guests')} value={guests} onChange={setGuests}>
              <Stack gap={4} mt={4}>
                {guestChoices(view).map((g) => (
                  <Checkbox key={g.value} value={g.value} label={g.label} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Outsiders
              label={local(f.label)}
              value={(values[f.key] as Outsider[] | undefined) ?? []}
              onChange={(v) => set(f.key, v)}
              error={fieldError(`fields.${f.key}`) ?? fieldError('guestAccountIds.0')}
            />
          </Stack>
        ) : (
          <MeetingInput
            key={f.key}
            field={f}
            label={local(f.label)}
            value={values[f.key]}
            onChange={(v) => set(f.key, v)}
            error={fieldError(`fields.${f.key}`)}
          />
        ),
      )}
      <ErrorLine error={save.error && !(isApiError(save.error) && save.error.details?.length) ? save.error : null} />
      <Group gap="xs">
        <Button type="submit" loading={save.isPending}>
          {meeting ? t('meetings.rescheduleSubmit') : t('meetings.scheduleSubmit')}
        </Button>
        <Button variant="default" onClick={onBack}>
          {t('meetings.back')}
        </Button>
      </Group>
    </Stack>
  );
}

function Outsiders(props: {
  label: string;
  value: Outsider[];
  onChange: (v: Outsider[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('caseMeetings');
  const { value, onChange } = props;
  const update = (i: number, patch: Partial<Outsider>) =>
    onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('meetings.outsiders')}
      </Text>
      {value.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
        <Group key={i} gap="xs" wrap="wrap" align="flex-end">
          <TextInput
            label={t('meetings.outsiderName')}
            value={o.name}
            onChange={(e) => update(i, { name: e.currentTarget.value })}
          />
          <TextInput
            label={t('meetings.outsiderEmail')}
            type="email"
            value={o.email}
            onChange={(e) => update(i, { email: e.currentTarget.value })}
          />
          <Button variant="subtle" color="red" onClick={() => onChange(value.filter((_, j) => j !== i))}>
            {t('meetings.removeOutsider')}
          </Button>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="default" onClick={() => onChange([...value, { name: '', email: '' }])}>
          {t('meetings.addOutsider')}
        </Button>
      </Group>
      {props.error && (
        <Text size="sm" c="red">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}

/** One meeting field by its type. */
function MeetingInput(props: {
  field: Field;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('caseMeetings');
  const local = useLocal();
  const { field: f, label, value, onChange, error } = props;
  const common = { label, error, required: f.mandatory };
  switch (f.type) {
    case 'TEXT_AREA':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'DATETIME':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={toLocalInput(value)}
          onChange={(e) => onChange(fromLocalInput(e.currentTarget.value))}
        />
      );
    case 'NUMBER':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      );
    case 'CHECKBOX':
      return (
        <Checkbox
          label={label}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'SINGLE_SELECT':
      return (
        <Select
          {...common}
          data={f.options.map((o) => ({ value: o.key, label: local(o.label) }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'LOCATION':
      return (
        <TextInput
          {...common}
          description={t('meetings.locationHint')}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

function MinutesForm(props: Props & { meeting: TCaseMeeting; onBack: () => void }) {
  const { view, work, meeting, onChanged, onBack } = props;
  const { t } = useTranslation('caseMeetings');
  const local = useLocal();
  const defs = work.meetingFields.filter((f) => RECORD_FIELDS.has(f.key));
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [present, setPresent] = useState<string[]>([]);
  const [noMoney, setNoMoney] = useState(false);
  const save = useCaseChange(
    () =>
      meetingsApi.record(view.id, meeting.id, {
        status: 'HELD',
        fields: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined)),
        presentAccountIds: present,
        ...(work.conciliation ? { noMonetarySettlement: noMoney } : {}),
        revision: view.revision,
      }),
    onChanged,
  );
  const fieldError = useFieldErrors(save.error);
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      {defs.map((f) => (
        <MeetingInput
          key={f.key}
          field={{ ...f, mandatory: f.key === 'MINUTES_OF_MEETING' }}
          label={local(f.label)}
          value={values[f.key]}
          onChange={(v) => setValues((s) => ({ ...s, [f.key]: v }))}
          error={fieldError(`fields.${f.key}`)}
        />
      ))}
      <Checkbox.Group label={t('meetings.present')} value={present} onChange={setPresent}>
        <Stack gap={4} mt={4}>
          {view.committee!.members.map((m) => (
            <Checkbox key={m.accountId} value={m.accountId} label={m.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      {work.quorum !== null && (
        <Text size="sm" c="dimmed">
          {t('meetings.quorum', { count: work.quorum })}
        </Text>
      )}
      {work.conciliation && (
        <Checkbox
          label={t('meetings.noMoney')}
          checked={noMoney}
          onChange={(e) => setNoMoney(e.currentTarget.checked)}
        />
      )}
      <ErrorLine error={save.error} />
      <Group gap="xs">
        <Button type="submit" loading={save.isPending}>
          {t('meetings.recordSubmit')}
        </Button>
        <Button variant="default" onClick={onBack}>
          {t('meetings.back')}
        </Button>
      </Group>
    </Stack>
  );
}

// --- actions -------------------------------------------------------------------------------------

type ActionWork = TCaseStepWork['actions'][number];

function Actions({ view, step, work, onChanged }: Props) {
  const { t } = useTranslation('caseMeetings');
  const canAct = view.actions.includes('act') && step.status === 'ACTIVE';
  return (
    <Stack gap="sm">
      <Title order={4}>{t('actions.title')}</Title>
      {work.actions.map((a) => (
        <Card key={a.key} withBorder padding="sm">
          <ActionControl view={view} step={step} work={work} action={a} canAct={canAct} onChanged={onChanged} />
        </Card>
      ))}
    </Stack>
  );
}

function ActionControl(props: Props & { action: ActionWork; canAct: boolean }) {
  const { view, step, work, action: a, canAct, onChanged } = props;
  const { t } = useTranslation('caseMeetings');
  const local = useLocal();
  const act = useCaseChange(
    (body: Omit<Parameters<typeof meetingsApi.act>[3], 'revision'>) =>
      meetingsApi.act(view.id, step.id, a.key, { ...body, revision: view.revision }),
    onChanged,
  );
  const fieldError = useFieldErrors(act.error);
  const s = a.settings;
  const header = (label: ReactNode) => (
    <Group justify="space-between" wrap="wrap">
      <Text fw={600}>{label}</Text>
      {a.done && <Badge color="green">{t('actions.done')}</Badge>}
    </Group>
  );
  const footer = (
    <ErrorLine error={act.error && !fieldError('accountId') && !fieldError('reason') ? act.error : null} />
  );
  switch (s.type) {
    case 'VOTE':
      return (
        <Stack gap="xs">
          {header(local(s.question))}
          <Vote action={a} canAct={canAct} pending={act.isPending} onVote={(option) => act.mutate({ option })} />
          {footer}
        </Stack>
      );
    case 'INFORM_RESPONDENT':
      return (
        <PersonAction
          title={header(t('actions.informRespondent.submit'))}
          message={local(s.message)}
          label={t('actions.informRespondent.person')}
          choices={view
            .committee!.parties.filter((p) => p.role === 'RESPONDENT')
            .map((p) => ({ value: p.accountId, label: p.name }))}
          empty={t('actions.informRespondent.noParty')}
          submit={t('actions.informRespondent.submit')}
          canAct={canAct}
          pending={act.isPending}
          error={fieldError('accountId')}
          onSubmit={(accountId) => act.mutate({ accountId })}
          footer={footer}
        />
      );
    case 'INFORM_EMPLOYER':
      return (
        <EmployerAction
          header={header(t('actions.informEmployer.submit'))}
          message={local(s.message)}
          view={view}
          work={work}
          canAct={canAct}
          pending={act.isPending}
          error={fieldError('accountId')}
          onSubmit={(accountId, fileIds) => act.mutate({ accountId, fileIds })}
          footer={footer}
        />
      );
    case 'TRANSFER_COMPLAINT':
      return (
        <TransferAction
          header={header(t('actions.transfer.submit'))}
          to={s.to}
          reasonRequired={s.reasonRequired}
          work={work}
          canAct={canAct}
          pending={act.isPending}
          error={(k) => fieldError(k)}
          onSubmit={(committeeId, reason) => act.mutate({ committeeId, reason })}
          footer={footer}
        />
      );
    case 'NOTIFY':
      return (
        <Stack gap="xs">
          {header(t('actions.notify.submit'))}
          <Text size="sm">{local(s.message)}</Text>
          <Text size="sm" c="dimmed">
            {t('actions.sentTo', { who: s.recipients.map((r) => t(`actions.recipient.${r}`)).join(', ') })}
          </Text>
          <Confirmed
            canAct={canAct}
            pending={act.isPending}
            label={t('actions.notify.submit')}
            onConfirm={() => act.mutate({})}
          />
          {footer}
        </Stack>
      );
    case 'BUTTON':
      return (
        <ButtonAction
          header={header(local(s.label))}
          label={local(s.label)}
          confirm={s.confirm}
          conciliation={work.conciliation}
          canAct={canAct}
          pending={act.isPending}
          onSubmit={(noMonetarySettlement) => act.mutate(work.conciliation ? { noMonetarySettlement } : {})}
          footer={footer}
        />
      );
    case 'RESOURCE':
      return (
        <Stack gap="xs">
          {header(local(s.title))}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {local(s.body)}
          </Text>
          {canAct && !a.done && (
            <Group>
              <Button size="xs" variant="default" loading={act.isPending} onClick={() => act.mutate({})}>
                {t('actions.resource.submit')}
              </Button>
            </Group>
          )}
          {footer}
        </Stack>
      );
    case 'FORM': {
      const c = view.committee!;
      const choices =
        s.recipient === 'COMPLAINANT'
          ? [{ value: c.complainant.accountId, label: c.complainant.name }]
          : c.parties
              .filter((p) => p.role === s.recipient && p.informed)
              .map((p) => ({ value: p.accountId, label: p.name }));
      return (
        <PersonAction
          title={header(local(s.title))}
          message={t('actions.sentTo', { who: t(`actions.recipient.${s.recipient}`) })}
          label={t('actions.form.person')}
          choices={choices}
          empty={t('actions.informRespondent.noParty')}
          submit={t('actions.form.submit')}
          canAct={canAct}
          pending={act.isPending}
          error={fieldError('accountId')}
          onSubmit={(accountId) => act.mutate({ accountId })}
          footer={footer}
        />
      );
    }
    case 'UPLOAD_RESOURCE':
      return (
        <FilesAction
          header={header(local(s.label))}
          view={view}
          canAct={canAct}
          pending={act.isPending}
          error={fieldError('fileIds') ?? fieldError('fileIds.0')}
          onSubmit={(fileIds) => act.mutate({ fileIds })}
          footer={footer}
        />
      );
  }
}

function Vote(props: { action: ActionWork; canAct: boolean; pending: boolean; onVote: (option: string) => void }) {
  const { t } = useTranslation('caseMeetings');
  const local = useLocal();
  const [option, setOption] = useState<string | null>(null);
  const s = props.action.settings;
  const tally = props.action.tally;
  if (s.type !== 'VOTE' || !tally) return null;
  const label = (key: string) => local(s.options.find((o) => o.key === key)?.label);
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="wrap">
        {s.options.map((o) => (
          <Text key={o.key} size="sm">
            {local(o.label)}: <b>{tally.counts[o.key] ?? 0}</b>
          </Text>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {t('actions.vote.count', { voters: tally.voters.length, required: tally.required })}
        {tally.presidingOfficerRequired && !tally.presidingOfficerVoted ? ` ${t('actions.vote.poNeeded')}` : ''}
      </Text>
      {tally.decided && <Badge color="green">{t('actions.vote.decided', { option: label(tally.decided) })}</Badge>}
      {tally.mine ? (
        <Text size="sm">{t('actions.vote.voted', { option: label(tally.mine) })}</Text>
      ) : (
        props.canAct && (
          <Stack gap="xs">
            <Radio.Group value={option} onChange={setOption} label={local(s.question)}>
              <Stack gap={4} mt={4}>
                {s.options.map((o) => (
                  <Radio key={o.key} value={o.key} label={local(o.label)} />
                ))}
              </Stack>
            </Radio.Group>
            <Group>
              <Button
                size="xs"
                disabled={!option}
                loading={props.pending}
                onClick={() => option && props.onVote(option)}
              >
                {t('actions.vote.submit')}
              </Button>
            </Group>
          </Stack>
        )
      )}
    </Stack>
  );
}

/** A button that asks once more before it acts (a committee member who double-clicks acts once). */
function Confirmed(props: {
  canAct: boolean;
  pending: boolean;
  label: string;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('caseMeetings');
  const [asking, setAsking] = useState(false);
  // Once the confirmed call has finished, the question goes (one Confirm on screen at a time).
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !props.pending) setAsking(false);
    wasPending.current = props.pending;
  }, [props.pending]);
  if (!props.canAct) return null;
  return asking ? (
    <Group gap="xs">
      <Button size="xs" loading={props.pending} onClick={props.onConfirm}>
        {t('actions.confirm')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking(false)}>
        {t('actions.cancel')}
      </Button>
    </Group>
  ) : (
    <Group>
      <Button size="xs" disabled={props.disabled} onClick={() => setAsking(true)}>
        {props.label}
      </Button>
    </Group>
  );
}

function PersonAction(props: {
  title: ReactNode;
  message: string;
  label: string;
  choices: Array<{ value: string; label: string }>;
  empty: string;
  submit: string;
  canAct: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (accountId: string) => void;
  footer: ReactNode;
}) {
  const [accountId, setAccountId] = useState<string | null>(
    props.choices.length === 1 ? props.choices[0]!.value : null,
  );
  return (
    <Stack gap="xs">
      {props.title}
      {props.message && <Text size="sm">{props.message}</Text>}
      {props.canAct &&
        (props.choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {props.empty}
          </Text>
        ) : (
          <>
            <Select
              label={props.label}
              data={props.choices}
              value={accountId}
              onChange={setAccountId}
              error={props.error}
            />
            <Confirmed
              canAct
              pending={props.pending}
              disabled={!accountId}
              label={props.submit}
              onConfirm={() => accountId && props.onSubmit(accountId)}
            />
          </>
        ))}
      {props.footer}
    </Stack>
  );
}

function EmployerAction(props: {
  header: ReactNode;
  message: string;
  view: TCaseView;
  work: TCaseStepWork;
  canAct: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (accountId: string, fileIds: string[]) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation('caseMeetings');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [fileIds, setFileIds] = useState<string[]>([]);
  return (
    <Stack gap="xs">
      {props.header}
      <Text size="sm">{props.message}</Text>
      {props.canAct &&
        (props.work.employers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('actions.informEmployer.nobody')}
          </Text>
        ) : (
          <>
            <Select
              label={t('actions.informEmployer.person')}
              data={props.work.employers.map((e) => ({ value: e.accountId, label: e.name }))}
              value={accountId}
              onChange={setAccountId}
              error={props.error}
            />
            <MultiSelect
              label={t('actions.informEmployer.files')}
              data={props.view.files.map((f) => ({ value: f.id, label: f.name }))}
              value={fileIds}
              onChange={setFileIds}
            />
            <Confirmed
              canAct
              pending={props.pending}
              disabled={!accountId}
              label={t('actions.informEmployer.submit')}
              onConfirm={() => accountId && props.onSubmit(accountId, fileIds)}
            />
          </>
        ))}
      {props.footer}
    </Stack>
  );
}

function TransferAction(props: {
  header: ReactNode;
  to: 'LOCAL_COMMITTEE' | 'OTHER_UNIT_COMMITTEE' | 'EXTERNAL_AUTHORITY';
  reasonRequired: boolean;
  work: TCaseStepWork;
  canAct: boolean;
  pending: boolean;
  error: (path: string) => string | undefined;
  onSubmit: (committeeId: string | null, reason: string) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation('caseMeetings');
  const [committeeId, setCommitteeId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const needsCommittee = props.to === 'OTHER_UNIT_COMMITTEE';
  return (
    <Stack gap="xs">
      {props.header}
      <Text size="sm">{t(`actions.transfer.to.${props.to}`)}</Text>
      {props.canAct &&
        (needsCommittee && props.work.committees.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('actions.transfer.noCommittee')}
          </Text>
        ) : (
          <>
            {needsCommittee && (
              <Select
                label={t('actions.transfer.committee')}
                data={props.work.committees.map((c) => ({ value: c.id, label: c.name }))}
                value={committeeId}
                onChange={setCommitteeId}
                error={props.error('committeeId')}
              />
            )}
            <Textarea
              label={t('actions.transfer.reason')}
              required={props.reasonRequired}
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={props.error('reason')}
            />
            <Confirmed
              canAct
              pending={props.pending}
              disabled={needsCommittee && !committeeId}
              label={t('actions.transfer.submit')}
              onConfirm={() => props.onSubmit(needsCommittee ? committeeId : null, reason)}
            />
          </>
        ))}
      {props.footer}
    </Stack>
  );
}

function ButtonAction(props: {
  header: ReactNode;
  label: string;
  confirm: boolean;
  conciliation: boolean;
  canAct: boolean;
  pending: boolean;
  onSubmit: (noMonetarySettlement: boolean) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation('caseMeetings');
  const [noMoney, setNoMoney] = useState(false);
  return (
    <Stack gap="xs">
      {props.header}
      {props.canAct && props.conciliation && (
        <Checkbox
          label={t('meetings.noMoney')}
          checked={noMoney}
          onChange={(e) => setNoMoney(e.currentTarget.checked)}
        />
      )}
      {props.confirm ? (
        <Confirmed
          canAct={props.canAct}
          pending={props.pending}
          disabled={props.conciliation && !noMoney}
          label={props.label}
          onConfirm={() => props.onSubmit(noMoney)}
        />
      ) : (
        props.canAct && (
          <Group>
            <Button
              size="xs"
              loading={props.pending}
              disabled={props.conciliation && !noMoney}
              onClick={() => props.onSubmit(noMoney)}
            >
              {props.label}
            </Button>
          </Group>
        )
      )}
      {props.footer}
    </Stack>
  );
}

function FilesAction(props: {
  header: ReactNode;
  view: TCaseView;
  canAct: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (fileIds: string[]) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation('caseMeetings');
  const [fileIds, setFileIds] = useState<string[]>([]);
  return (
    <Stack gap="xs">
      {props.header}
      {props.canAct &&
        (props.view.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('actions.upload.none')}
          </Text>
        ) : (
          <>
            <MultiSelect
              label={t('actions.upload.files')}
              data={props.view.files.map((f) => ({ value: f.id, label: f.name }))}
              value={fileIds}
              onChange={setFileIds}
              error={props.error}
            />
            <Group>
              <Button
                size="xs"
                disabled={fileIds.length === 0}
                loading={props.pending}
                onClick={() => props.onSubmit(fileIds)}
              >
                {t('actions.upload.submit')}
              </Button>
            </Group>
          </>
        ))}
      {props.footer}
    </Stack>
  );
}
