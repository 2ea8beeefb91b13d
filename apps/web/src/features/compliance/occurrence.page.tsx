import type { TOccurrenceDetails } from '@app/contract';
import {
  Alert,
  Anchor,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { PlainDateInput } from '../common/date-input.tsx';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { complianceApi } from './compliance.api.ts';
import { EVIDENCE_ACCEPT, evidenceFileProblem, formatBytes } from './compliance.logic.ts';
import { complianceKeys, Muted, OccurrenceStatus, useRecordEvent } from './compliance.parts.tsx';

/** Where a source that closed an occurrence by itself is shown. */
function sourceLink(kind: string, id: string): string | null {
  if (kind === 'COMMITTEE' || kind === 'DESIGNATED_RECIPIENT') return '/committee';
  if (kind === 'TRAINING') return `/courses/${id}/learners`;
  if (kind === 'WORKSHOP') return `/workshops/${id}`;
  return null;
}

/** `/compliance/occurrences/:id`: one due date of an obligation, its evidence and its review. */
export function OccurrencePage() {
  const { t } = useTranslation('compliance');
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: complianceKeys.occurrence(id),
    queryFn: ({ signal }) => complianceApi.occurrence(id, signal),
  });
  usePageTitle(query.data?.title ?? t('compliance.occurrenceTitle'));
  if (query.isPending) return <FullPageLoader inline />;
  if (query.isError) {
    return (
      <Stack maw={900}>
        <BackLink />
        <LoadError title={t('compliance.occurrenceLoadError')} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  return <OccurrenceDetails occurrence={query.data} />;
}

function BackLink() {
  const { t } = useTranslation('compliance');
  return (
    <Anchor component={Link} to="/compliance?view=occurrences" size="sm">
      ← {t('compliance.backToRegister')}
    </Anchor>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }} id={id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function OccurrenceDetails({ occurrence: o }: { occurrence: TOccurrenceDetails }) {
  const { t } = useTranslation('compliance');
  const { date } = useDates();
  const link = o.source ? sourceLink(o.source.kind, o.source.id) : null;
  const canReview = o.actions.includes('approve') || o.actions.includes('return');
  return (
    <Stack gap="lg" maw={900}>
      <BackLink />
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {o.title}
        </Title>
        <Text c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {o.section} · {o.unit?.name ?? t('compliance.wholeWorkspace')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
        <Fact label={t('compliance.dueDate')}>{date(o.dueDate)}</Fact>
        <Fact label={t('compliance.period')}>
          {t('compliance.periodRange', { from: date(o.periodStart), to: date(o.periodEnd) })}
        </Fact>
        <Fact label={t('compliance.owner')}>{o.owner?.name ?? t('compliance.nobody')}</Fact>
        <Fact label={t('compliance.reviewer')}>{o.reviewer?.name ?? t('compliance.nobody')}</Fact>
      </SimpleGrid>
      <div data-testid="occurrence-status">
        <OccurrenceStatus occurrence={o} />
      </div>
      {o.status === 'CLOSED_BY_SOURCE' && o.source ? (
        <Alert color="teal" variant="light" title={t(`compliance.closedBy.${o.source.kind}`)}>
          {link ? (
            <Anchor component={Link} to={link}>
              {t(`compliance.sourceLink.${o.source.kind}`)}
            </Anchor>
          ) : (
            t('compliance.closedBySourceBody')
          )}
        </Alert>
      ) : null}
      <Section title={t('compliance.expected')}>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {o.description}
        </Text>
        <div>
          <Text size="sm" fw={600}>
            {t('compliance.evidenceExpected')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {o.evidenceExpected}
          </Text>
        </div>
      </Section>
      <Section title={t('compliance.evidence')}>
        <EvidenceList occurrence={o} />
      </Section>
      {o.actions.includes('addEvidence') ? <EvidenceForm occurrence={o} /> : null}
      {canReview ? <ReviewForm occurrence={o} /> : null}
      <Section title={t('compliance.reviews')}>
        {o.reviews.length === 0 ? (
          <Muted>{t('compliance.noReviews')}</Muted>
        ) : (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {o.reviews.map((r) => (
              <li key={`${r.evidenceRevision}-${r.at}`}>
                <ReviewLine review={r} />
              </li>
            ))}
          </Stack>
        )}
      </Section>
      {o.actions.includes('recordEvent') ? <EventForm occurrence={o} /> : null}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function ReviewLine({ review: r }: { review: TOccurrenceDetails['reviews'][number] }) {
  const { t } = useTranslation('compliance');
  const { dateTime } = useDates();
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text size="sm" fw={600}>
        {r.decision === 'APPROVED'
          ? t('compliance.approvedRevision', { revision: r.evidenceRevision })
          : t('compliance.returnedRevision', { revision: r.evidenceRevision })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('compliance.byOn', { name: r.by.name, at: dateTime(r.at) })}
      </Text>
      {r.note ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {r.note}
        </Text>
      ) : null}
    </Paper>
  );
}

function EvidenceList({ occurrence: o }: { occurrence: TOccurrenceDetails }) {
  const { t, i18n } = useTranslation('compliance');
  const { date, dateTime } = useDates();
  const download = useMutation({
    mutationFn: (revision: number) => complianceApi.downloadEvidence(o.id, revision),
    onSuccess: (file, revision) => saveFile(file.blob, file.name ?? `evidence-${revision}`),
  });
  if (o.evidence.length === 0) return <Muted>{t('compliance.noEvidence')}</Muted>;
  const revisions = [...o.evidence].sort((a, b) => b.revision - a.revision);
  return (
    <Stack gap="sm">
      {download.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, download.error, t('compliance.downloadFailed'))}
        </Alert>
      ) : null}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {revisions.map((e) => (
          <li key={e.revision} data-testid={`evidence-${e.revision}`}>
            <Paper withBorder radius="sm" p="sm">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {t('compliance.revision', { revision: e.revision })}
                    {e.fileName ? ` · ${e.fileName}` : ''}
                    {e.sizeBytes !== null ? ` · ${formatBytes(e.sizeBytes, i18n.language)}` : ''}
                  </Text>
                  {e.source ? (
                    <Text size="sm">
                      {t('compliance.fromSource', { label: e.source.label })}{' '}
                      {sourceLink(e.source.kind, e.source.id) ? (
                        <Anchor component={Link} to={sourceLink(e.source.kind, e.source.id)!} size="sm">
                          {t(`compliance.sourceLink.${e.source.kind}`)}
                        </Anchor>
                      ) : null}
                    </Text>
                  ) : null}
                  {e.coversFrom || e.coversTo ? (
                    <Text size="sm">
                      {t('compliance.covers', {
                        from: e.coversFrom ? date(e.coversFrom) : '…',
                        to: e.coversTo ? date(e.coversTo) : '…',
                      })}
                    </Text>
                  ) : null}
                  {e.note ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {e.note}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {t('compliance.byOn', { name: e.by?.name ?? t('compliance.system'), at: dateTime(e.at) })}
                  </Text>
                  {e.sha256 ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      SHA-256: <Code style={{ wordBreak: 'break-all' }}>{e.sha256}</Code>
                    </Text>
                  ) : null}
                </div>
                {e.kind === 'FILE' ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={download.isPending && download.variables === e.revision}
                    onClick={() => download.mutate(e.revision)}
                    aria-label={t('compliance.downloadRevision', { revision: e.revision })}
                  >
                    {t('compliance.download')}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** Records an evidence revision: a file, the period it covers and a note; shows the upload's progress. */
function EvidenceForm({ occurrence: o }: { occurrence: TOccurrenceDetails }) {
  const { t } = useTranslation('compliance');
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [coversFrom, setCoversFrom] = useState<string | null>(o.periodStart);
  const [coversTo, setCoversTo] = useState<string | null>(o.periodEnd);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const problem = file ? evidenceFileProblem(file) : null;
  const inverted = coversFrom !== null && coversTo !== null && coversTo < coversFrom;
  const send = useMutation({
    mutationFn: () =>
      complianceApi.addEvidence(o.id, { file: file!, coversFrom, coversTo, note: note.trim() || null }, setProgress),
    onSuccess: (next) => {
      qc.setQueryData(complianceKeys.occurrence(o.id), next);
      void qc.invalidateQueries({ queryKey: complianceKeys.all });
      notify(t('compliance.evidenceRecorded'));
      setFile(null);
      setNote('');
      setTried(false);
    },
    onSettled: () => setProgress(null),
  });
  const fileError = (() => {
    if (problem === 'empty') return t('compliance.fileEmpty');
    if (problem === 'tooLarge') return t('compliance.fileTooLarge', { size: '20 MB' });
    if (problem === 'type') return t('compliance.fileType');
    if (tried && !file) return t('compliance.fileRequired');
    return undefined;
  })();
  return (
    <Section title={t('compliance.recordEvidence')} id="evidence">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (file && !problem && !inverted) send.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('compliance.recordEvidenceHint')}
          </Text>
          <FileInput
            label={t('compliance.file')}
            description={t('compliance.fileHint')}
            accept={EVIDENCE_ACCEPT}
            value={file}
            onChange={(f) => {
              send.reset();
              setFile(f);
            }}
            required
            error={fileError}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PlainDateInput
              label={t('compliance.coversFrom')}
              value={coversFrom}
              onChange={(v) => setCoversFrom(typeof v === 'string' ? v : null)}
            />
            <PlainDateInput
              label={t('compliance.coversTo')}
              value={coversTo}
              onChange={(v) => setCoversTo(typeof v === 'string' ? v : null)}
              error={inverted ? t('compliance.coversInverted') : undefined}
            />
          </SimpleGrid>
          <Textarea
            label={t('compliance.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          {progress !== null ? (
            <Progress value={Math.round(progress * 100)} aria-label={t('compliance.uploading')} animated />
          ) : null}
          {send.error ? (
            <Alert color="red" variant="light" role="alert" title={t('compliance.fileRefused')}>
              {errorText(t, send.error, t('compliance.failed'))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={send.isPending}>
              {t('compliance.submitEvidence')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** The reviewer's decision: approve, or return with a note saying what is missing. */
function ReviewForm({ occurrence: o }: { occurrence: TOccurrenceDetails }) {
  const { t } = useTranslation('compliance');
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const review = useMutation({
    mutationFn: (decision: 'APPROVED' | 'RETURNED') =>
      complianceApi.review(o.id, { decision, note: note.trim() || null }),
    onSuccess: (next, decision) => {
      qc.setQueryData(complianceKeys.occurrence(o.id), next);
      void qc.invalidateQueries({ queryKey: complianceKeys.all });
      notify(decision === 'APPROVED' ? t('compliance.approvedDone') : t('compliance.returnedDone'));
      setNote('');
    },
  });
  return (
    <Section title={t('compliance.review')} id="review">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('compliance.reviewHint')}
        </Text>
        <Textarea
          label={t('compliance.reviewNote')}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setNoteMissing(false);
          }}
          autosize
          minRows={2}
          maxLength={2000}
          error={noteMissing ? t('compliance.returnNeedsNote') : undefined}
        />
        {review.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, review.error, t('compliance.failed'))}
          </Alert>
        ) : null}
        <Group gap="sm">
          {o.actions.includes('approve') ? (
            <Button
              color="green"
              loading={review.isPending && review.variables === 'APPROVED'}
              onClick={() => review.mutate('APPROVED')}
            >
              {t('compliance.approve')}
            </Button>
          ) : null}
          {o.actions.includes('return') ? (
            <Button
              variant="default"
              loading={review.isPending && review.variables === 'RETURNED'}
              onClick={() => {
                if (!note.trim()) setNoteMissing(true);
                else review.mutate('RETURNED');
              }}
            >
              {t('compliance.returnWithNote')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Section>
  );
}

/** An EVENT obligation: the event happened on a date (its occurrence is then due by the obligation's rule). */
function EventForm({ occurrence: o }: { occurrence: TOccurrenceDetails }) {
  const { t } = useTranslation('compliance');
  const { day, setDay, note, setNote, record } = useRecordEvent(o.answerId);
  return (
    <Section title={t('compliance.recordEvent')} id="event">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (day) record.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('compliance.recordEventHint')}
          </Text>
          <PlainDateInput
            label={t('compliance.eventDate')}
            value={day}
            onChange={(v) => setDay(typeof v === 'string' ? v : null)}
            required
            maw={320}
          />
          <Textarea
            label={t('compliance.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          {record.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, record.error, t('compliance.failed'))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={record.isPending} disabled={!day}>
              {t('compliance.recordEvent')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
