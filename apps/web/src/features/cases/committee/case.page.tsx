import type { TCaseEntry, TCasePeoplePerson, TCaseStep, TCaseView } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { PlainDateInput } from '../../common/date-input.tsx';
import { useDates } from '../../common/dates.hook.ts';
import { LoadError } from '../../common/load-error.tsx';
import { ConflictPanel } from '../access/conflict-panel.tsx';
import { isKeyLocked } from '../key/case-key.api.ts';
import { CaseKeyGate } from '../key/case-key-gate.tsx';
import { StepWork } from '../meetings/step-work.tsx';
import { committeeCaseKeys, committeeCasesApi, useCaseView } from './committee.api.ts';
import { DaysLeft, useCmsText, usePlainDate } from './parts.tsx';
import { PersonPicker } from './person-picker.tsx';

/**
 * `/cases/:id`: the committee's page of a case, behind the case key. Its stages and steps with their
 * deadlines and sections, the work of each open step (`StepWork`), the complaint as filed, the
 * threads and the committee's private space, the people and the conflicts with the quorum, closing,
 * and the trail. The title names the reference only; the URL holds the id only.
 */
export function CommitteeCasePage() {
  return (
    <CaseKeyGate purpose="read">
      <CaseBody />
    </CaseKeyGate>
  );
}

function CaseBody() {
  const { t } = useTranslation('committeeCases');
  const { id = '' } = useParams();
  const view = useCaseView(id);
  const qc = useQueryClient();
  usePageTitle(view.data ? t('view.title', { reference: view.data.reference }) : t('list.title'));
  const refresh = () => void qc.invalidateQueries({ queryKey: committeeCaseKeys.all });
  if (view.isPending) return <FullPageLoader inline />;
  if (view.isError) {
    if (isKeyLocked(view.error)) return <CaseKeyGate purpose="read">{null}</CaseKeyGate>;
    return <LoadError title={t('view.loadError')} onRetry={() => void view.refetch()} />;
  }
  return <CaseView view={view.data} onChanged={refresh} />;
}

/** The page once the case is read (exported for its unit test). */
export function CaseView({ view, onChanged }: { view: TCaseView; onChanged: () => void }) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  const plain = usePlainDate();
  const { date } = useDates();
  const can = (a: TCaseView['actions'][number]) => view.actions.includes(a);
  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to="/cases" size="sm">
        ← {t('view.back')}
      </Anchor>
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {view.reference}
          </Title>
          <Badge variant="light" color={view.status === 'OPEN' ? 'blue' : 'gray'}>
            {t(`status.${view.status}`)}
          </Badge>
          {view.committee?.subStatus ? <Badge variant="outline">{view.committee.subStatus}</Badge> : null}
        </Group>
        <Text c="dimmed" size="sm">
          {[
            view.workflowName,
            t('view.filed', { date: date(view.filedAt) }),
            view.stageTitle ? t('view.stage', { stage: text(view.stageTitle) }) : null,
            view.committeeName ? t('view.committee', { name: view.committeeName }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {view.outcome ? (
          <Text size="sm">{t('view.outcome', { outcome: outcomeLabel(view, view.outcome, text) })}</Text>
        ) : null}
        {view.appealUntil ? <Text size="sm">{t('view.appealUntil', { date: plain(view.appealUntil) })}</Text> : null}
      </Stack>
      <StepsSection view={view} onChanged={onChanged} canRun={can('runSteps')} />
      <ComplaintSection view={view} />
      <ThreadsSection view={view} onChanged={onChanged} canNote={can('note')} />
      <PeopleSection view={view} onChanged={onChanged} canAdd={can('addParty')} />
      <ConflictPanel view={view} onChanged={onChanged} />
      {can('close') ? <CloseSection view={view} onChanged={onChanged} /> : null}
      {can('trail') ? <TrailSection view={view} /> : null}
    </Stack>
  );
}

function outcomeLabel(view: TCaseView, key: string, text: ReturnType<typeof useCmsText>) {
  const o = view.committee?.outcomes?.find((x) => x.key === key);
  return o ? text(o.label) : key;
}

function Section({ title, children, intro }: { title: string; children: ReactNode; intro?: string }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} fz="lg" id={id} mb={intro ? 2 : 'sm'}>
        {title}
      </Title>
      {intro ? (
        <Text c="dimmed" size="sm" mb="sm">
          {intro}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

// --- steps -------------------------------------------------------------------------------------------------

function StepsSection({ view, onChanged, canRun }: { view: TCaseView; onChanged: () => void; canRun: boolean }) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  const stages: Array<{ key: string; steps: TCaseStep[] }> = [];
  for (const s of view.steps) {
    const last = stages.at(-1);
    if (last?.key === s.stageKey) last.steps.push(s);
    else stages.push({ key: s.stageKey, steps: [s] });
  }
  return (
    <Section title={t('steps.heading')}>
      <Stack gap="md">
        {stages.map((stage) => (
          <Stack key={stage.key} gap="xs">
            <Text fw={700} size="sm" c={stage.key === view.stageKey ? 'blue.8' : 'dimmed'}>
              {stage.key === view.stageKey && view.stageTitle ? text(view.stageTitle) : stage.key}
            </Text>
            {stage.steps.map((s) => (
              <StepRow key={s.id} view={view} step={s} onChanged={onChanged} canRun={canRun} />
            ))}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

function StepRow(props: { view: TCaseView; step: TCaseStep; onChanged: () => void; canRun: boolean }) {
  const { view, step, onChanged, canRun } = props;
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  const plain = usePlainDate();
  const { date } = useDates();
  const [completing, setCompleting] = useState(false);
  const [reason, setReason] = useState('');
  const overdue = step.status === 'ACTIVE' && step.daysLeft !== null && step.daysLeft < 0;
  const complete = useMutation({
    mutationFn: () =>
      committeeCasesApi.completeStep(view.id, step.id, {
        lateReason: reason.trim() || null,
        revision: view.revision,
      }),
    onSuccess: () => {
      setCompleting(false);
      setReason('');
      notify(t('steps.completed'));
      onChanged();
    },
  });
  const start = useMutation({
    mutationFn: () => committeeCasesApi.startStep(view.id, step.id, view.revision),
    onSuccess: () => {
      notify(t('steps.started'));
      onChanged();
    },
  });
  const reasonId = useId();
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      style={overdue ? { borderColor: 'var(--mantine-color-red-8)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fw={600}>
            {text(step.title)}
            {step.occurrence > 1 ? ` (${step.occurrence})` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {[
              t(`steps.statusLabel.${step.status}`),
              step.status === 'DONE' && step.completedAt
                ? t('steps.done', { date: date(step.completedAt) })
                : step.dueDate
                  ? t('steps.due', { date: plain(step.dueDate) })
                  : null,
              step.reference,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {step.late ? (
            <Text size="sm" fw={600} c="red.9">
              {t('steps.late')}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {step.status === 'ACTIVE' ? <DaysLeft days={step.daysLeft} /> : null}
          {canRun && step.status === 'ACTIVE' && !completing ? (
            <Button size="xs" onClick={() => setCompleting(true)}>
              {t('steps.complete')}
            </Button>
          ) : null}
          {canRun && step.status === 'ON_REQUEST' ? (
            <Button size="xs" variant="default" loading={start.isPending} onClick={() => start.mutate()}>
              {t('steps.start')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {start.error ? (
        <Alert color="red" mt="xs" role="alert">
          {errorText(t, start.error, t('steps.failed'))}
        </Alert>
      ) : null}
      {completing ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!complete.isPending) complete.mutate();
          }}
        >
          <Stack gap="xs" mt="sm">
            {overdue ? (
              <Textarea
                id={reasonId}
                label={t('steps.lateReason')}
                description={t('steps.lateHint')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                maxLength={4000}
                autosize
                minRows={2}
                required
              />
            ) : null}
            {complete.error ? (
              <Alert color="red" role="alert">
                {errorText(t, complete.error, t('steps.failed'))}
              </Alert>
            ) : null}
            <Group gap="xs">
              <Button type="submit" size="xs" loading={complete.isPending} disabled={overdue && !reason.trim()}>
                {t('steps.confirm')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setCompleting(false)}>
                {t('steps.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {step.status === 'ACTIVE' ? <StepWork view={view} step={step} onChanged={onChanged} /> : null}
    </Paper>
  );
}

// --- the complaint and the threads ---------------------------------------------------------------------------------

function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('checked' in o) return `${o.checked ? '✓' : '✗'} ${String(o.text ?? '')}`.trim();
    return Object.entries(o)
      .map(([k, x]) => `${k}: ${String(x)}`)
      .join('; ');
  }
  return String(v);
}

function ComplaintSection({ view }: { view: TCaseView }) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  return (
    <Section title={t('complaint.heading')}>
      <Stack gap="sm">
        {view.form.map((g) => (
          <Stack key={g.key} gap={4}>
            <Text fw={700} size="sm">
              {text(g.title)}
            </Text>
            {g.answers.map((a) => (
              <div key={a.key}>
                <Text size="sm" c="dimmed">
                  {text(a.label)}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{valueText(a.value)}</Text>
              </div>
            ))}
          </Stack>
        ))}
        <Text fw={700} size="sm">
          {t('complaint.files')}
        </Text>
        {view.files.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('complaint.noFiles')}
          </Text>
        ) : (
          <List size="sm">
            {view.files.map((f) => (
              <List.Item key={f.id}>{`${f.name} (${Math.ceil(f.size / 1024)} KB)`}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Section>
  );
}

/**
 * What an entry says: its text when it has one; for a recorded action or vote, the action's own
 * label from the workflow (e.g. "Complaint accepted"); else the kind of record, in words.
 */
function entryText(
  e: TCaseEntry,
  view: TCaseView,
  text: ReturnType<typeof useCmsText>,
  t: (key: string, o?: Record<string, string>) => string,
): string {
  const b = e.body as Record<string, unknown> | null;
  if (b && typeof b === 'object') {
    for (const k of ['text', 'message', 'reason', 'label']) if (typeof b[k] === 'string' && b[k]) return b[k] as string;
    if (typeof b.actionKey === 'string') {
      const step = view.steps.find((s) => s.work?.actions.some((a) => a.key === b.actionKey));
      const action = step?.work?.actions.find((a) => a.key === b.actionKey);
      const set = action?.settings as Record<string, unknown> | undefined;
      // The action's own words (a button's label, a form's title, a vote's question), else its step's title.
      const words = set?.label ?? set?.title ?? set?.question ?? step?.title;
      const name = words && typeof words === 'object' ? text(words as Parameters<typeof text>[0]) : String(b.actionKey);
      return t(e.kind === 'VOTE' ? 'threads.voted' : 'threads.actionDone', { action: name });
    }
  }
  return t(`threads.kind.${e.kind}`, { defaultValue: e.kind });
}

function ThreadsSection({ view, onChanged, canNote }: { view: TCaseView; onChanged: () => void; canNote: boolean }) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  const { dateTime } = useDates();
  const names = new Map((view.committee?.parties ?? []).map((p) => [p.accountId, p.name]));
  const threads = new Map<string, { title: string; entries: TCaseEntry[] }>();
  const add = (key: string, title: string, e: TCaseEntry) => {
    const th = threads.get(key) ?? { title, entries: [] };
    th.entries.push(e);
    threads.set(key, th);
  };
  threads.set('COMPLAINANT', { title: t('threads.complainant'), entries: [] });
  threads.set('COMMITTEE', { title: t('threads.committee'), entries: [] });
  for (const e of view.entries) {
    if (e.audience === 'PARTICIPANT' && e.participantAccountId)
      add(
        `P:${e.participantAccountId}`,
        t('threads.participant', { name: names.get(e.participantAccountId) ?? '' }),
        e,
      );
    else add(e.audience, e.audience === 'COMMITTEE' ? t('threads.committee') : t('threads.complainant'), e);
  }
  const [note, setNote] = useState('');
  const [label, setLabel] = useState(view.committee?.subStatus ?? '');
  const addNote = useMutation({
    mutationFn: () => committeeCasesApi.note(view.id, note.trim()),
    onSuccess: () => {
      setNote('');
      notify(t('threads.noteAdded'));
      onChanged();
    },
  });
  const saveLabel = useMutation({
    mutationFn: () => committeeCasesApi.subStatus(view.id, label.trim()),
    onSuccess: () => {
      notify(t('threads.subStatusSaved'));
      onChanged();
    },
  });
  return (
    <Section title={t('threads.heading')}>
      <Stack gap="md">
        {[...threads.entries()].map(([key, th]) => (
          <Stack key={key} gap={4}>
            <Text fw={700} size="sm">
              {th.title}
            </Text>
            {th.entries.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('threads.nothing')}
              </Text>
            ) : (
              th.entries.map((e) => (
                <Paper key={e.id} withBorder p="xs" radius="sm">
                  <Text size="xs" c="dimmed">
                    {`${e.author.name ?? t(`threads.by.${e.author.kind}`)} · ${dateTime(e.createdAt)}`}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {entryText(e, view, text, t as never)}
                  </Text>
                </Paper>
              ))
            )}
          </Stack>
        ))}
        {canNote ? (
          <>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (note.trim() && !addNote.isPending) addNote.mutate();
              }}
            >
              <Stack gap="xs">
                <Textarea
                  label={t('threads.note')}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  maxLength={8000}
                  autosize
                  minRows={2}
                />
                {addNote.error ? (
                  <Alert color="red" role="alert">
                    {errorText(t, addNote.error)}
                  </Alert>
                ) : null}
                <Button type="submit" size="xs" w="fit-content" loading={addNote.isPending} disabled={!note.trim()}>
                  {t('threads.addNote')}
                </Button>
              </Stack>
            </form>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!saveLabel.isPending) saveLabel.mutate();
              }}
            >
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={t('threads.subStatus')}
                  value={label}
                  onChange={(e) => setLabel(e.currentTarget.value)}
                  maxLength={120}
                  style={{ flex: '1 1 220px' }}
                />
                <Button type="submit" size="xs" variant="default" loading={saveLabel.isPending}>
                  {t('threads.saveSubStatus')}
                </Button>
              </Group>
              {saveLabel.error ? (
                <Alert color="red" role="alert" mt="xs">
                  {errorText(t, saveLabel.error)}
                </Alert>
              ) : null}
            </form>
          </>
        ) : null}
      </Stack>
    </Section>
  );
}

// --- people, conflicts, quorum -------------------------------------------------------------------------------------------

function PeopleSection({ view, onChanged, canAdd }: { view: TCaseView; onChanged: () => void; canAdd: boolean }) {
  const { t } = useTranslation('committeeCases');
  const c = view.committee;
  if (!c) return null;
  const roles = ['PRESIDING_OFFICER', 'MEMBER', 'EXTERNAL_MEMBER', 'DESIGNATED_RECIPIENT'] as const;
  const memberRole = (r: string) =>
    (roles as readonly string[]).includes(r) ? t(`parties.memberRole.${r as (typeof roles)[number]}`) : r;
  return (
    <Section title={t('parties.heading')}>
      <Stack gap="sm">
        <Text size="sm">{t('parties.complainant', { name: c.complainant.name })}</Text>
        {c.assistedBy ? <Text size="sm">{t('parties.assistedBy', { name: c.assistedBy.name })}</Text> : null}
        <Text fw={700} size="sm">
          {t('parties.members')}
        </Text>
        <List size="sm">
          {c.members.map((m) => (
            <List.Item key={m.accountId}>{`${m.name} (${memberRole(m.role)})`}</List.Item>
          ))}
        </List>
        <Text fw={700} size="sm">
          {t('parties.parties')}
        </Text>
        {c.parties.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('parties.none')}
          </Text>
        ) : (
          <List size="sm">
            {c.parties.map((p) => (
              <List.Item key={p.id}>
                {`${p.name} — ${t(`parties.role.${p.role}`)}${p.informed ? ` (${t('parties.informed')})` : ''}`}
              </List.Item>
            ))}
          </List>
        )}
        {canAdd ? <AddParty view={view} onChanged={onChanged} /> : null}
      </Stack>
    </Section>
  );
}

/** Names a respondent or witness, found among the workspace's people (the committee's person picker). */
function AddParty({ view, onChanged }: { view: TCaseView; onChanged: () => void }) {
  const { t } = useTranslation('committeeCases');
  const [person, setPerson] = useState<TCasePeoplePerson | null>(null);
  const [role, setRole] = useState<'RESPONDENT' | 'WITNESS'>('RESPONDENT');
  const c = view.committee;
  const named = [...(c ? [c.complainant.accountId] : []), ...(c?.parties.map((p) => p.accountId) ?? [])];
  const add = useMutation({
    mutationFn: () => committeeCasesApi.addParty(view.id, { accountId: person!.accountId, role }),
    onSuccess: (out) => {
      setPerson(null);
      notify(
        out.conflicted.length > 0 ? t('parties.conflicted', { count: out.conflicted.length }) : t('parties.added'),
      );
      onChanged();
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (person && !add.isPending) add.mutate();
      }}
    >
      <Stack gap="xs">
        <Text fw={700} size="sm">
          {t('parties.add')}
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <PersonPicker
            label={t('parties.person')}
            value={person}
            onChange={setPerson}
            exclude={named}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label={t('parties.roleLabel')}
            data={[
              { value: 'RESPONDENT', label: t('parties.role.RESPONDENT') },
              { value: 'WITNESS', label: t('parties.role.WITNESS') },
            ]}
            value={role}
            onChange={(v) => v && setRole(v as 'RESPONDENT' | 'WITNESS')}
            allowDeselect={false}
            style={{ flex: '0 1 160px' }}
          />
          <Button type="submit" loading={add.isPending} disabled={!person}>
            {t('parties.save')}
          </Button>
        </Group>
        {add.error ? (
          <Alert color="red" role="alert">
            {errorText(t, add.error)}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

// --- closing and the trail -----------------------------------------------------------------------------------------------

function CloseSection({ view, onChanged }: { view: TCaseView; onChanged: () => void }) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [reportFileId, setReportFileId] = useState<string | null>(null);
  const [reportOn, setReportOn] = useState<string | null>(null);
  const [employerAction, setEmployerAction] = useState('');
  const [employerActionOn, setEmployerActionOn] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = useMutation({
    mutationFn: () =>
      committeeCasesApi.close(view.id, {
        outcome: (outcome ?? '').trim(),
        reportFileId,
        reportOn: reportOn ?? '',
        employerAction: employerAction.trim(),
        employerActionOn,
      }),
    onSuccess: () => {
      setConfirming(false);
      notify(t('close.closed'));
      onChanged();
    },
  });
  const outcomes = view.committee?.outcomes ?? [];
  const ready = Boolean(outcome?.trim() && reportOn);
  return (
    <Section title={t('close.heading')} intro={t('close.intro')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          if (!confirming) setConfirming(true);
          else if (!close.isPending) close.mutate();
        }}
      >
        <Stack gap="sm" maw={560}>
          {outcomes.length > 0 ? (
            <Select
              label={t('close.outcome')}
              data={outcomes.map((o) => ({ value: o.key, label: text(o.label) }))}
              value={outcome}
              onChange={setOutcome}
              required
            />
          ) : (
            <TextInput
              label={t('close.outcome')}
              value={outcome ?? ''}
              onChange={(e) => setOutcome(e.currentTarget.value.toUpperCase())}
              required
            />
          )}
          <Select
            label={t('close.report')}
            placeholder={t('close.noReport')}
            data={view.files.map((f) => ({ value: f.id, label: f.name }))}
            value={reportFileId}
            onChange={setReportFileId}
            clearable
          />
          <PlainDateInput
            label={t('close.reportOn')}
            value={reportOn}
            onChange={(v) => setReportOn(v ? String(v).slice(0, 10) : null)}
            required
          />
          <Textarea
            label={t('close.employerAction')}
            value={employerAction}
            onChange={(e) => setEmployerAction(e.currentTarget.value)}
            maxLength={4000}
            autosize
            minRows={2}
          />
          <PlainDateInput
            label={t('close.employerActionOn')}
            value={employerActionOn}
            onChange={(v) => setEmployerActionOn(v ? String(v).slice(0, 10) : null)}
          />
          {confirming ? (
            <Alert color="orange" role="status">
              {t('close.confirm')}
            </Alert>
          ) : null}
          {close.error ? (
            <Alert color="red" role="alert">
              {errorText(t, close.error, t('close.failed'))}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit" color="red.8" disabled={!ready} loading={close.isPending}>
              {confirming ? t('steps.confirm') : t('close.submit')}
            </Button>
            {confirming ? (
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('steps.cancel')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function TrailSection({ view }: { view: TCaseView }) {
  const { t } = useTranslation('committeeCases');
  const { dateTime } = useDates();
  const [shown, setShown] = useState(false);
  const trail = useQuery({
    queryKey: committeeCaseKeys.trail(view.id),
    queryFn: ({ signal }) => committeeCasesApi.trail(view.id, signal),
    enabled: shown,
    retry: false,
  });
  const verify = useMutation({ mutationFn: () => committeeCasesApi.verify(view.id) });
  const v = verify.data;
  return (
    <Section title={t('trail.heading')} intro={t('trail.intro')}>
      <Stack gap="sm">
        <Group gap="xs">
          {!shown ? (
            <Button variant="default" size="xs" onClick={() => setShown(true)}>
              {t('trail.show')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" loading={verify.isPending} onClick={() => verify.mutate()}>
            {t('trail.verify')}
          </Button>
        </Group>
        {v ? (
          <Alert color={v.intact ? 'green' : 'red'} role="status">
            {v.intact
              ? t('trail.intact', { count: v.entries })
              : t('trail.broken', { seq: v.firstBadSeq ?? 0, problem: v.problem ?? '' })}
          </Alert>
        ) : null}
        {trail.data?.head ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('trail.head', { seq: trail.data.head.seq, hash: trail.data.head.hash })}
          </Text>
        ) : null}
        {trail.isError ? <Text c="red.8">{t('trail.loadError')}</Text> : null}
        {trail.data ? (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('trail.at')}</Table.Th>
                  <Table.Th>{t('trail.actor')}</Table.Th>
                  <Table.Th>{t('trail.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trail.data.entries.map((e) => (
                  <Table.Tr key={e.seq}>
                    <Table.Td>{e.seq}</Table.Td>
                    <Table.Td>{dateTime(e.at)}</Table.Td>
                    <Table.Td>{e.actor ?? t('trail.system')}</Table.Td>
                    <Table.Td>{e.action}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Section>
  );
}
