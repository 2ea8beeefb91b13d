import type { TAnswers, TCaseFile, TDraft, TLanguage, TReceipt } from '@app/contract';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { dayIn } from '../../../lib/dates.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { ComplaintFormPreview } from '../../common/complaint-form/complaint-form-preview.tsx';
import { answersOfVisible } from '../../common/complaint-form/form-visibility.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { useUnsavedChangesGuard } from '../../common/unsaved-changes.hook.ts';
import { CaseKeyGate } from '../key/case-key-gate.tsx';
import { ComplaintsFrame } from './complaints-frame.tsx';
import { FileField } from './file-field.tsx';
import { filingApi, filingKeys, idempotencyKeyFor, useDraft } from './filing.api.ts';
import { Receipt } from './receipt.tsx';

/**
 * `/complaints/draft/:id`: the complaint form — the builder's own renderer (conditions applied live)
 * with real file uploads — saved as the person writes (debounced, "Saved"), a warning before leaving
 * with unsaved changes, and the submission with an Idempotency-Key kept for this draft; then the
 * receipt. Behind the case key.
 */
export function ComplaintDraftPage() {
  const { id = '' } = useParams();
  return (
    <ComplaintsFrame>
      <CaseKeyGate purpose="file">
        <DraftLoader id={id} />
      </CaseKeyGate>
    </ComplaintsFrame>
  );
}

function DraftLoader({ id }: { id: string }) {
  const { t } = useTranslation('complaintFiling');
  const draft = useDraft(id);
  const [receipt, setReceipt] = useState<TReceipt | null>(null);
  if (receipt) return <Receipt receipt={receipt} />;
  if (draft.isPending) return <Loader aria-label="…" />;
  if (draft.isError) {
    // A draft filed already (another tab) reads as "not a draft": its case page has it.
    return <LoadError title={t('draft.loadError')} onRetry={() => void draft.refetch()} />;
  }
  return <DraftForm key={draft.data.id} draft={draft.data} onFiled={setReceipt} />;
}

type SaveState = 'saved' | 'saving' | 'unsaved' | 'error';
const SAVE_DELAY_MS = 1200;

const problemsOf = (error: unknown) =>
  error instanceof ApiError && error.status === 422
    ? (error.details ?? []).filter((d) => d.path?.startsWith('answers.'))
    : [];
const isStale = (error: unknown) => error instanceof ApiError && error.params?.reason === 'CASE_CHANGED';

function DraftForm({ draft, onFiled }: { draft: TDraft; onFiled: (r: TReceipt) => void }) {
  const { t, i18n } = useTranslation('complaintFiling');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const def = draft.form.definition;
  const language = (def.languages.includes(i18n.language as TLanguage) ? i18n.language : 'en') as TLanguage;
  const fields = useMemo(() => def.form.flatMap((g) => g.attributes), [def]);

  const [answers, setAnswers] = useState<Record<string, unknown>>(draft.answers);
  const [files, setFiles] = useState<Record<string, TCaseFile>>(() =>
    Object.fromEntries(draft.files.map((f) => [f.id, f])),
  );
  const [state, setState] = useState<SaveState>('saved');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<'changed' | 'problems' | null>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const revision = useRef(draft.revision);
  const latest = useRef(answers);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  /** A failed save is tried again a little later (a phone losing its connection for a moment). */
  const retry = useRef<() => void>(() => {});
  const dirty = state === 'unsaved' || state === 'saving' || state === 'error';

  const problemText = useCallback(
    (d: { code?: string; message: string; params?: Record<string, unknown> }) =>
      d.code ? t(`problems.${d.code}` as 'problems.REQUIRED', { defaultValue: d.message, ...d.params }) : d.message,
    [t],
  );

  /** Takes the server's version of the draft (another window changed it). */
  const reload = useCallback(async () => {
    const fresh = await filingApi.draft(draft.id);
    qc.setQueryData(filingKeys.draft(draft.id), fresh);
    revision.current = fresh.revision;
    latest.current = fresh.answers;
    setAnswers(fresh.answers);
    setFiles(Object.fromEntries(fresh.files.map((f) => [f.id, f])));
    setNotice('changed');
    setState('saved');
  }, [draft.id, qc]);

  /** Saves the latest answers (one save at a time; what changes meanwhile is saved next). */
  const save = useCallback(async (): Promise<void> => {
    if (inFlight.current) await inFlight.current;
    const sent = latest.current;
    const run = (async () => {
      setState('saving');
      let body = answersOfVisible(fields, sent) as TAnswers;
      try {
        let saved: TDraft;
        try {
          saved = await filingApi.save(draft.id, body, revision.current);
        } catch (err) {
          // An answer the server cannot keep yet (an email half typed): keep the rest, say which.
          const problems = problemsOf(err);
          if (problems.length === 0) throw err;
          setErrors(Object.fromEntries(problems.map((p) => [p.path!.slice(8), problemText(p)])));
          const bad = new Set(problems.map((p) => p.path!.slice(8)));
          body = Object.fromEntries(Object.entries(body).filter(([k]) => !bad.has(k))) as TAnswers;
          saved = await filingApi.save(draft.id, body, revision.current);
          revision.current = saved.revision;
          setState('unsaved');
          return;
        }
        revision.current = saved.revision;
        setErrors({});
        setState(latest.current === sent ? 'saved' : 'unsaved');
      } catch (err) {
        if (isStale(err)) await reload();
        else {
          setState('error');
          timer.current = setTimeout(() => retry.current(), 5000);
        }
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [draft.id, fields, problemText, reload]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  }, [save]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  retry.current = () => void save();

  const change = (next: Record<string, unknown>) => {
    latest.current = next;
    setAnswers(next);
    setState('unsaved');
    setNotice(null);
    schedule();
  };

  const guard = useUnsavedChangesGuard(dirty);

  const submit = async () => {
    if (timer.current) clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const receipt = await filingApi.submit(
        draft.id,
        answersOfVisible(fields, latest.current) as TAnswers,
        revision.current,
        idempotencyKeyFor(draft.id),
      );
      setState('saved');
      void qc.invalidateQueries({ queryKey: filingKeys.mine });
      qc.removeQueries({ queryKey: filingKeys.draft(draft.id) });
      window.scrollTo(0, 0);
      onFiled(receipt);
    } catch (err) {
      const problems = problemsOf(err);
      if (problems.length > 0) {
        setErrors(Object.fromEntries(problems.map((p) => [p.path!.slice(8), problemText(p)])));
        setNotice('problems');
        window.scrollTo(0, 0);
      } else if (isStale(err)) {
        await reload();
      } else {
        setSubmitError(err);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const discard = async () => {
    if (timer.current) clearTimeout(timer.current);
    await filingApi.discard(draft.id);
    setState('saved');
    void qc.invalidateQueries({ queryKey: filingKeys.mine });
    navigate('/complaints', { replace: true });
  };

  return (
    <Stack gap="lg" maw={720}>
      <PageHeading title={t('draft.title')} intro={t('draft.intro')} />
      {draft.assisted ? <Alert color="blue">{t('draft.assisted')}</Alert> : null}
      {notice === 'changed' ? <Alert color="yellow">{t('draft.changed')}</Alert> : null}
      {notice === 'problems' ? (
        <Alert color="red" role="alert">
          {t('draft.problems')}
        </Alert>
      ) : null}
      <ComplaintFormPreview
        form={def.form}
        language={language}
        answers={answers}
        onAnswersChange={change}
        today={dayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)}
        idPrefix="complaint"
        errors={errors}
        renderFile={(field, p) => (
          <FileField
            caseId={draft.id}
            field={field}
            id={p.id}
            label={p.label}
            error={p.error}
            language={language}
            ids={Array.isArray(answers[field.key]) ? (answers[field.key] as string[]) : []}
            files={files}
            onUploaded={(f) => {
              setFiles((all) => ({ ...all, [f.id]: f }));
              const ids = Array.isArray(latest.current[field.key]) ? (latest.current[field.key] as string[]) : [];
              change({ ...latest.current, [field.key]: [...ids, f.id] });
            }}
            onRemoved={(fileId) => {
              const ids = Array.isArray(latest.current[field.key]) ? (latest.current[field.key] as string[]) : [];
              change({ ...latest.current, [field.key]: ids.filter((x) => x !== fileId) });
            }}
          />
        )}
      />
      {submitError ? (
        <Alert color="red" role="alert">
          {errorText(t, submitError)}
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c={state === 'error' ? 'red.8' : 'dimmed'} aria-live="polite" data-testid="save-state">
          {state === 'saved'
            ? t('draft.saved')
            : state === 'saving'
              ? t('draft.saving')
              : state === 'error'
                ? t('draft.saveFailed')
                : t('draft.unsaved')}
        </Text>
        <Button size="md" onClick={() => void submit()} loading={submitting}>
          {t('draft.submit')}
        </Button>
      </Group>
      <div>
        <Button variant="subtle" color="red" size="compact-sm" onClick={() => setDiscarding(true)}>
          {t('draft.discard')}
        </Button>
      </div>
      <ConfirmDialog
        opened={discarding}
        title={t('draft.discardTitle')}
        message={t('draft.discardBody')}
        confirmLabel={t('draft.discard')}
        confirmColor="red"
        onConfirm={() => void discard()}
        onClose={() => setDiscarding(false)}
      />
      <ConfirmDialog
        opened={guard.asking}
        title={t('draft.leaveTitle')}
        message={t('draft.leaveBody')}
        confirmLabel={t('draft.leave')}
        onConfirm={guard.proceed}
        onClose={guard.stay}
      />
    </Stack>
  );
}
