import type { TCaseEntry, TCaseFile, TCaseView } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { CaseKeyGate } from '../key/case-key-gate.tsx';
import { followApi, useCase, useCaseChange } from './follow.api.ts';
import { QuickExit } from './quick-exit.tsx';

/*
 * The complainant's and a participant's case page (`/complaints/:id`), phone first: where the case
 * is and what comes next (with its date and section), the steps, the thread with the committee,
 * meetings with a calendar file, forms to answer, documents, and what the law lets her ask for or do
 * (conciliation, interim relief, withdrawal where provided). A quick exit sits at the top; the tab
 * title names the case's reference only.
 */

type TLocalText = Record<string, string | undefined>;

function useText() {
  const { i18n } = useTranslation();
  const lang = (i18n.language || 'en').split('-')[0] ?? 'en';
  return (text: TLocalText | null | undefined) => (text ? text[lang] || text.en || '' : '');
}

function useDates() {
  const { i18n } = useTranslation();
  const lang = i18n.language || 'en';
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short' });
  const both = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    /** A calendar date (YYYY-MM-DD) as written. */
    day: (d: string) => date.format(new Date(`${d}T12:00:00`)),
    date: (iso: string) => date.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
    at: (iso: string) => both.format(new Date(iso)),
  };
}

export function CasePage() {
  const { t } = useTranslation('caseFollow');
  usePageTitle(t('titleShort'));
  return (
    <Stack gap="md" maw={720} w="100%">
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/complaints" size="sm">
          {t('back')}
        </Anchor>
        <QuickExit />
      </Group>
      <CaseKeyGate purpose="read">
        <CaseBody />
      </CaseKeyGate>
    </Stack>
  );
}

function CaseBody() {
  const { id = '' } = useParams();
  const { t } = useTranslation('caseFollow');
  const query = useCase(id);
  usePageTitle(query.data?.reference ? t('title', { reference: query.data.reference }) : t('titleShort'));
  if (query.isPending) return <Loader aria-label={t('loading')} />;
  if (query.isError) {
    return (
      <Alert color={isApiError(query.error, 404) ? 'gray' : 'red'} role="alert">
        {isApiError(query.error, 404) ? t('notFound') : errorText(t, query.error)}
      </Alert>
    );
  }
  return <CaseView view={query.data} />;
}

function CaseView({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const dates = useDates();
  const open = view.status === 'OPEN';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Title order={1} size="h2">
            {t('title', { reference: view.reference })}
          </Title>
          <Badge color={open ? 'brand' : 'gray'} variant="light">
            {t(`status.${view.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`relation.${view.relation}`)} · {t('filedOn', { date: dates.date(view.filedAt) })}
        </Text>
        {view.committeeName ? <Text size="sm">{t('handledBy', { name: view.committeeName })}</Text> : null}
        {view.stageTitle ? <Text size="sm">{t('stage', { stage: text(view.stageTitle) })}</Text> : null}
      </Stack>
      {!open ? (
        <Alert color="gray">{t('closed', { status: t(`status.${view.status}`).toLowerCase() })}</Alert>
      ) : (
        <NextCard view={view} />
      )}
      {view.forms.length > 0 ? <Forms view={view} /> : null}
      {view.meetings.length > 0 ? <Meetings view={view} /> : null}
      <Thread view={view} />
      <Asks view={view} />
      <Steps view={view} />
      <Documents view={view} />
      {view.form.length > 0 ? <Filed view={view} /> : null}
      {view.actions.includes('withdraw') ? <Withdraw view={view} /> : null}
    </Stack>
  );
}

function NextCard({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const dates = useDates();
  const first = view.next[0];
  const step = first ? view.steps.find((s) => s.stepKey === first.stepKey && s.status === 'ACTIVE') : undefined;
  const days = step?.daysLeft ?? null;
  return (
    <Card withBorder padding="md">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('next.title')}
        </Title>
        {first ? (
          <>
            <Text fw={600}>{text(first.title)}</Text>
            {first.dueDate ? (
              <Text size="sm">
                {t('next.due', { date: dates.day(first.dueDate) })}
                {days === null
                  ? ''
                  : ` · ${days > 0 ? t('next.daysLeft', { count: days }) : days === 0 ? t('next.today') : t('next.overdue', { count: -days })}`}
              </Text>
            ) : null}
            {first.reference ? (
              <Text size="sm" c="dimmed">
                {t('next.section', { reference: first.reference })}
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="sm">{t('next.none')}</Text>
        )}
      </Stack>
    </Card>
  );
}

function Steps({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const dates = useDates();
  const steps = view.steps.filter((s) => s.status !== 'ON_REQUEST');
  if (steps.length === 0) return null;
  const active = steps.reduce((n, s, i) => (s.status === 'DONE' || s.status === 'SKIPPED' ? i : n), -1);
  return (
    <section aria-labelledby="case-steps">
      <Title order={2} size="h4" id="case-steps" mb="xs">
        {t('timeline.title')}
      </Title>
      <Timeline active={active} bulletSize={16} lineWidth={2}>
        {steps.map((s) => (
          <Timeline.Item key={s.id} title={text(s.title)}>
            <Text size="sm" c="dimmed">
              {t(`timeline.${s.status}`)}
              {s.completedAt ? ` · ${t('timeline.completedOn', { date: dates.date(s.completedAt) })}` : ''}
              {s.status !== 'DONE' && s.dueDate ? ` · ${t('next.due', { date: dates.day(s.dueDate) })}` : ''}
              {s.reference ? ` · ${s.reference}` : ''}
            </Text>
            {s.late ? (
              <Text size="xs" c="dimmed">
                {t('timeline.late')}
              </Text>
            ) : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </section>
  );
}

function FileLink({ caseId, file }: { caseId: string; file: TCaseFile }) {
  const { t } = useTranslation('caseFollow');
  const download = useMutation({ mutationFn: () => followApi.download(caseId, file) });
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => download.mutate(undefined, { onError: (e) => notify(errorText(t, e), 'error') })}
      aria-label={t('files.download', { name: file.name })}
    >
      {file.name}
    </Anchor>
  );
}

function authorLabel(words: { you: string; system: string; committee: string }, e: TCaseEntry): string {
  switch (e.author.kind) {
    case 'YOU':
      return words.you;
    case 'SYSTEM':
      return words.system;
    case 'COMMITTEE':
      return e.author.name ?? words.committee;
    default:
      return e.author.name ?? '';
  }
}

function EntryBody({ view, e }: { view: TCaseView; e: TCaseEntry }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const b = (e.body ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (e.kind) {
    case 'MESSAGE':
    case 'ADDITION':
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{str(b.text)}</Text>;
    case 'REQUEST': {
      const step = view.steps.find((s) => s.stepKey === str(b.stepKey));
      return (
        <Stack gap={2}>
          <Text>{t('entry.requested', { title: step ? text(step.title) : str(b.stepKey) })}</Text>
          {str(b.text) ? <Text style={{ whiteSpace: 'pre-wrap' }}>{str(b.text)}</Text> : null}
          {step?.status === 'ON_REQUEST' ? (
            <Text size="sm" c="dimmed">
              {t('entry.waitingOther')}
            </Text>
          ) : null}
        </Stack>
      );
    }
    case 'WITHDRAWAL':
      return str(b.reason) ? <Text>{t('entry.reason', { reason: str(b.reason) })}</Text> : null;
    case 'NOTICE':
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{str(b.message)}</Text>;
    case 'SHARE': {
      const answers = (b.answers ?? {}) as Record<string, unknown>;
      return (
        <Stack gap={4}>
          {str(b.title) ? <Text fw={600}>{str(b.title)}</Text> : null}
          {str(b.message) ? <Text style={{ whiteSpace: 'pre-wrap' }}>{str(b.message)}</Text> : null}
          {Object.entries(answers).map(([k, v]) => (
            <Text key={k} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {typeof v === 'string' ? v : JSON.stringify(v)}
            </Text>
          ))}
        </Stack>
      );
    }
    case 'FORM_REQUEST':
      return <Text>{text(b.title as TLocalText)}</Text>;
    case 'CLOSURE':
      return <Text>{str(b.outcome)}</Text>;
    default:
      return null;
  }
}

function Thread({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const dates = useDates();
  const entries = view.entries.filter((e) => e.kind !== 'FORM_ANSWER' || e.author.kind === 'YOU');
  return (
    <section aria-labelledby="case-thread">
      <Title order={2} size="h4" id="case-thread" mb="xs">
        {t('thread.title')}
      </Title>
      <Stack gap="xs">
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('thread.empty')}
          </Text>
        ) : (
          entries.map((e) => (
            <Card
              key={e.id}
              withBorder
              padding="sm"
              bg={e.author.kind === 'YOU' ? 'var(--mantine-color-gray-0)' : undefined}
            >
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {authorLabel(
                      { you: t('thread.you'), system: t('thread.system'), committee: t('thread.committee') },
                      e,
                    )}
                    {e.kind !== 'MESSAGE' ? ` · ${t(`entry.${e.kind}`, { defaultValue: t('entry.other') })}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dates.at(e.createdAt)}
                  </Text>
                </Group>
                <EntryBody view={view} e={e} />
                {e.files.map((f) => (
                  <FileLink key={f.id} caseId={view.id} file={f} />
                ))}
              </Stack>
            </Card>
          ))
        )}
        {view.actions.includes('message') ? <Compose view={view} /> : null}
      </Stack>
    </section>
  );
}

/** Uploads the chosen files one by one; answers their ids (a failed upload stops with its error). */
async function uploadAll(caseId: string, files: File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const f of files) ids.push((await followApi.upload(caseId, f)).id);
  return ids;
}

function Compose({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const send = useCaseChange(view.id, async () =>
    followApi.message(view.id, { body: body.trim(), fileIds: await uploadAll(view.id, files) }),
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim() || send.isPending) return;
        send.mutate(undefined, {
          onSuccess: () => {
            setBody('');
            setFiles([]);
            notify(t('thread.sent'));
          },
        });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('thread.write')}
          placeholder={t('thread.placeholder')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={8000}
        />
        <FileInput label={t('thread.attach')} multiple clearable value={files} onChange={setFiles} />
        {send.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, send.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} disabled={!body.trim()}>
            {t('thread.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Meetings({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const dates = useDates();
  const calendar = useMutation({ mutationFn: (meetingId: string) => followApi.calendar(view.id, meetingId) });
  return (
    <section aria-labelledby="case-meetings">
      <Title order={2} size="h4" id="case-meetings" mb="xs">
        {t('meetings.title')}
      </Title>
      <Stack gap="xs">
        {view.meetings.map((m) => {
          const title = typeof m.fields.MEETING_TITLE === 'string' ? m.fields.MEETING_TITLE : '';
          const place = typeof m.fields.MEETING_LOCATION === 'string' ? m.fields.MEETING_LOCATION : '';
          return (
            <Card key={m.id} withBorder padding="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{title}</Text>
                  {m.status !== 'SCHEDULED' ? (
                    <Badge color="gray" variant="light">
                      {t(m.status === 'CANCELLED' ? 'meetings.cancelled' : 'meetings.held')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm">
                  {t('meetings.when', {
                    date: dates.date(m.startsAt),
                    from: dates.time(m.startsAt),
                    to: dates.time(m.endsAt),
                  })}
                </Text>
                {place ? <Text size="sm">{t('meetings.where', { place })}</Text> : null}
                {m.status === 'SCHEDULED' ? (
                  <Group>
                    <Button
                      variant="light"
                      size="compact-md"
                      loading={calendar.isPending && calendar.variables === m.id}
                      onClick={() => calendar.mutate(m.id, { onError: (e) => notify(errorText(t, e), 'error') })}
                    >
                      {t('meetings.addToCalendar')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </section>
  );
}

type FormField = {
  key: string;
  type: string;
  label: TLocalText;
  mandatory: boolean;
  options: Array<{ key: string; label: TLocalText }>;
};

function Forms({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  return (
    <section aria-labelledby="case-forms">
      <Title order={2} size="h4" id="case-forms" mb="xs">
        {t('forms.title')}
      </Title>
      <Stack gap="xs">
        {view.forms.map((f) => (
          <FormCard key={f.itemId} view={view} form={f} />
        ))}
      </Stack>
    </section>
  );
}

function FormCard({ view, form }: { view: TCaseView; form: TCaseView['forms'][number] }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const dates = useDates();
  const fields = form.fields as FormField[];
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const set = (k: string, v: unknown) => setAnswers((a) => ({ ...a, [k]: v }));
  const submit = useCaseChange(view.id, async () => {
    const out: Record<string, unknown> = { ...answers };
    for (const [k, list] of Object.entries(files)) if (list.length) out[k] = await uploadAll(view.id, list);
    return followApi.answerForm(view.id, form.itemId, out as never);
  });
  return (
    <Card withBorder padding="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit.mutate(undefined, { onSuccess: () => notify(t('forms.sent')) });
        }}
      >
        <Stack gap="sm">
          <Text fw={600}>{text(form.title)}</Text>
          {form.dueDate ? <Text size="sm">{t('forms.due', { date: dates.day(form.dueDate) })}</Text> : null}
          {fields.map((f) => {
            const label = text(f.label);
            const options = f.options.map((o) => ({ value: o.key, label: text(o.label) }));
            switch (f.type) {
              case 'TEXT_AREA':
                return (
                  <Textarea
                    key={f.key}
                    label={label}
                    required={f.mandatory}
                    autosize
                    minRows={3}
                    onChange={(e) => set(f.key, e.currentTarget.value)}
                  />
                );
              case 'DATE':
                return (
                  <TextInput
                    key={f.key}
                    type="date"
                    label={label}
                    required={f.mandatory}
                    onChange={(e) => set(f.key, e.currentTarget.value)}
                  />
                );
              case 'SINGLE_SELECT':
                return (
                  <Select
                    key={f.key}
                    label={label}
                    required={f.mandatory}
                    data={options}
                    placeholder={t('forms.select')}
                    onChange={(v) => set(f.key, v ?? undefined)}
                  />
                );
              case 'MULTI_SELECT':
                return (
                  <MultiSelect
                    key={f.key}
                    label={label}
                    required={f.mandatory}
                    data={options}
                    onChange={(v) => set(f.key, v)}
                  />
                );
              case 'CHECKBOX_WITH_TEXT': {
                const cur = (answers[f.key] as { checked: boolean; text: string } | undefined) ?? {
                  checked: false,
                  text: '',
                };
                return (
                  <Stack key={f.key} gap={4}>
                    <Checkbox
                      label={label}
                      checked={cur.checked}
                      onChange={(e) => set(f.key, { ...cur, checked: e.currentTarget.checked })}
                    />
                    {cur.checked ? (
                      <TextInput
                        aria-label={label}
                        value={cur.text}
                        onChange={(e) => set(f.key, { ...cur, text: e.currentTarget.value })}
                      />
                    ) : null}
                  </Stack>
                );
              }
              case 'FILE_UPLOAD':
                return (
                  <FileInput
                    key={f.key}
                    label={label}
                    required={f.mandatory}
                    multiple
                    clearable
                    value={files[f.key] ?? []}
                    onChange={(v) => setFiles((x) => ({ ...x, [f.key]: v }))}
                  />
                );
              default:
                return (
                  <TextInput
                    key={f.key}
                    label={label}
                    required={f.mandatory}
                    onChange={(e) => set(f.key, e.currentTarget.value)}
                  />
                );
            }
          })}
          {submit.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, submit.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={submit.isPending}>
              {t('forms.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Documents({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  return (
    <section aria-labelledby="case-files">
      <Title order={2} size="h4" id="case-files" mb="xs">
        {t('files.title')}
      </Title>
      {view.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('files.empty')}
        </Text>
      ) : (
        <Stack gap={4}>
          {view.files.map((f) => (
            <Group key={f.id} gap="xs" wrap="wrap">
              <FileLink caseId={view.id} file={f} />
              <Text size="xs" c="dimmed">
                {t(f.mine ? 'files.yours' : 'files.shared')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}

function Filed({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const value = (v: unknown) =>
    typeof v === 'string' || typeof v === 'number'
      ? String(v)
      : Array.isArray(v)
        ? v.join(', ')
        : v && typeof v === 'object' && 'text' in v
          ? String((v as { text: string }).text)
          : '';
  return (
    <details>
      <summary>
        <Text span fw={600}>
          {t('form.title')}
        </Text>
      </summary>
      <Stack gap="sm" mt="xs">
        {view.form.map((c) => (
          <Stack key={c.key} gap={4}>
            <Text fw={600} size="sm">
              {text(c.title)}
            </Text>
            {c.answers
              .filter((a) => a.type !== 'FILE_UPLOAD')
              .map((a) => (
                <Stack key={a.key} gap={0}>
                  <Text size="xs" c="dimmed">
                    {text(a.label)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {value(a.value)}
                  </Text>
                </Stack>
              ))}
          </Stack>
        ))}
      </Stack>
    </details>
  );
}

function Asks({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const [asking, setAsking] = useState<TCaseView['requests'][number] | null>(null);
  const [adding, setAdding] = useState(false);
  const canAdd = view.actions.includes('addInformation');
  const requests = view.actions.includes('request') ? view.requests : [];
  if (!canAdd && requests.length === 0) return null;
  return (
    <section aria-labelledby="case-asks">
      <Title order={2} size="h4" id="case-asks" mb="xs">
        {t('requests.title')}
      </Title>
      <Stack gap="xs">
        {canAdd ? (
          <Group>
            <Button variant="light" onClick={() => setAdding(true)}>
              {t('add.button')}
            </Button>
          </Group>
        ) : null}
        {requests.map((r) => (
          <Card key={r.stepKey} withBorder padding="sm">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{text(r.title)}</Text>
                <Button variant="light" size="compact-md" onClick={() => setAsking(r)}>
                  {t('requests.ask', { title: text(r.title) })}
                </Button>
              </Group>
              {r.reference ? (
                <Text size="sm" c="dimmed">
                  {t('requests.section', { reference: r.reference })}
                </Text>
              ) : null}
              {view.jurisdiction === 'IN_POSH' && r.reference === 's.10(1)' ? (
                <Text size="sm">{t('requests.noMoney')}</Text>
              ) : null}
            </Stack>
          </Card>
        ))}
      </Stack>
      {asking ? <AskModal view={view} request={asking} onClose={() => setAsking(null)} /> : null}
      {adding ? <AddModal view={view} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

function AskModal(props: { view: TCaseView; request: TCaseView['requests'][number]; onClose: () => void }) {
  const { t } = useTranslation('caseFollow');
  const text = useText();
  const [body, setBody] = useState('');
  const ask = useCaseChange(props.view.id, () =>
    followApi.request(props.view.id, { stepKey: props.request.stepKey, text: body.trim() }),
  );
  return (
    <Modal opened onClose={props.onClose} title={t('requests.ask', { title: text(props.request.title) })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ask.isPending) return;
          ask.mutate(undefined, {
            onSuccess: () => {
              notify(t('requests.done'));
              props.onClose();
            },
          });
        }}
      >
        <Stack gap="sm">
          {props.view.jurisdiction === 'IN_POSH' && props.request.reference === 's.10(1)' ? (
            <Alert color="blue">{t('requests.noMoney')}</Alert>
          ) : null}
          <Textarea
            label={t('requests.text')}
            description={t('requests.textHint')}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={4000}
            data-autofocus
          />
          {ask.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, ask.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('requests.cancel')}
            </Button>
            <Button type="submit" loading={ask.isPending}>
              {t('requests.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AddModal(props: { view: TCaseView; onClose: () => void }) {
  const { t } = useTranslation('caseFollow');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const add = useCaseChange(props.view.id, async () =>
    followApi.addition(props.view.id, { text: body.trim(), fileIds: await uploadAll(props.view.id, files) }),
  );
  return (
    <Modal opened onClose={props.onClose} title={t('add.title')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (add.isPending || (!body.trim() && files.length === 0)) return;
          add.mutate(undefined, {
            onSuccess: () => {
              notify(t('add.done'));
              props.onClose();
            },
          });
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('add.text')}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            autosize
            minRows={4}
            maxLength={20000}
            data-autofocus
          />
          <FileInput label={t('thread.attach')} multiple clearable value={files} onChange={setFiles} />
          {add.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, add.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('add.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!body.trim() && files.length === 0}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Withdraw({ view }: { view: TCaseView }) {
  const { t } = useTranslation('caseFollow');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const withdraw = useCaseChange(view.id, () => followApi.withdraw(view.id, { reason: reason.trim() }));
  return (
    <>
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          {t('withdraw.button')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('withdraw.title')}>
        <Stack gap="sm">
          <Text>{t('withdraw.why')}</Text>
          <Textarea
            label={t('withdraw.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={4000}
          />
          {withdraw.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, withdraw.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('withdraw.cancel')}
            </Button>
            <Button
              color="red"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, {
                  onSuccess: () => {
                    notify(t('withdraw.done'));
                    setOpen(false);
                  },
                })
              }
            >
              {t('withdraw.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
