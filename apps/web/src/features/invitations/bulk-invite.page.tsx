import type {
  TBulkFileMappingsResponse,
  TBulkInviteMapping,
  TBulkInviteResponse,
  TBulkValidateResponse,
} from '@app/contract';
import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { bulkInviteApi, saveBlob } from './bulk-invite.api.ts';
import { BulkMapping } from './bulk-mapping.tsx';
import { BulkErrors, BulkFigures, BulkSkipped } from './bulk-rows.tsx';
import { guessMapping } from './column-guess.ts';

type TSending = { fraction: number; processing: boolean };

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const id = `bulk-step-${n}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="md">
        {n}. {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/**
 * `/invitations/import`: invite many people from a CSV or XLSX file. Choose the file, match its
 * columns to the invitation's fields (guessed from the header names), check every row, send, and
 * download the per-row report. The browser keeps the file and sends it with each step.
 */
export function BulkInvitePage() {
  const { t } = useTranslation();
  usePageTitle(t('bulkInvite.pageTitle'));
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<TBulkFileMappingsResponse | null>(null);
  const [mapping, setMapping] = useState<TBulkInviteMapping>({});
  const [checked, setChecked] = useState<TBulkValidateResponse | null>(null);
  const [sending, setSending] = useState<TSending | null>(null);
  const [result, setResult] = useState<TBulkInviteResponse | null>(null);
  const [busy, setBusy] = useState<'columns' | 'check' | 'report' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (err: unknown) => setError(isApiError(err) ? err.message : t('bulkInvite.failed'));

  async function choose(next: File | null) {
    setFile(next);
    setColumns(null);
    setChecked(null);
    setResult(null);
    setError(null);
    if (!next) return;
    setBusy('columns');
    try {
      const found = await bulkInviteApi.columns(next);
      setColumns(found);
      // Keep the choices when the new file has the same header (a corrected copy of the same file).
      const same =
        columns &&
        JSON.stringify(columns.columns.map((c) => c.header)) === JSON.stringify(found.columns.map((c) => c.header));
      setMapping(same ? mapping : guessMapping(found.columns.map((c) => c.header)));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  function changeMapping(next: TBulkInviteMapping) {
    setMapping(next);
    setChecked(null);
    setResult(null);
  }

  async function check() {
    if (!file) return;
    setBusy('check');
    setError(null);
    try {
      setChecked(await bulkInviteApi.validate(file, mapping));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    if (!file) return;
    setError(null);
    setSending({ fraction: 0, processing: false });
    try {
      const done = await bulkInviteApi.send(file, mapping, (fraction) =>
        setSending({ fraction, processing: fraction >= 1 }),
      );
      setResult(done);
    } catch (err) {
      fail(err);
    } finally {
      setSending(null);
    }
  }

  async function report() {
    if (!file) return;
    setBusy('report');
    try {
      saveBlob(await bulkInviteApi.report(file, mapping), 'invitation-report.xlsx');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  const mapped = Boolean(mapping.firstName && (mapping.email || mapping.phoneNumber));
  const overLimit = checked?.placesLeft != null && checked.toInvite > checked.placesLeft;
  const canSend = checked && checked.invalidRows === 0 && checked.toInvite > 0 && !overLimit && !result;

  return (
    <Stack gap="lg" maw={1040}>
      <PageHeading title={t('bulkInvite.heading')} intro={t('bulkInvite.intro')} />

      {error ? (
        <Alert
          color="red"
          variant="light"
          title={t('bulkInvite.errorTitle')}
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
          closeButtonLabel={t('common.closeNotice')}
        >
          {error}
        </Alert>
      ) : null}

      <Step n={1} title={t('bulkInvite.chooseHeading')}>
        <FileInput
          label={t('bulkInvite.fileLabel')}
          description={t('bulkInvite.fileHint')}
          placeholder={t('bulkInvite.filePlaceholder')}
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          clearButtonProps={{ 'aria-label': t('bulkInvite.clearFile') }}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          disabled={Boolean(sending)}
        />
        {busy === 'columns' ? <Text size="sm">{t('bulkInvite.reading')}</Text> : null}
      </Step>

      {columns ? (
        <Step n={2} title={t('bulkInvite.mapHeading')}>
          <Text size="sm" c="dimmed">
            {t('bulkInvite.mapHint')}
          </Text>
          <BulkMapping columns={columns} mapping={mapping} onChange={changeMapping} />
          {!mapped ? (
            <Text size="sm" c="red.8">
              {t('bulkInvite.mapRequired')}
            </Text>
          ) : null}
          <Group>
            <Button onClick={() => void check()} disabled={!mapped || Boolean(sending)} loading={busy === 'check'}>
              {t('bulkInvite.check')}
            </Button>
          </Group>
        </Step>
      ) : null}

      {checked ? (
        <Step n={3} title={t('bulkInvite.checkHeading')}>
          <BulkFigures result={checked} />
          {checked.invalidRows ? (
            <Alert color="red" variant="light" title={t('bulkInvite.invalidTitle', { count: checked.invalidRows })}>
              {t('bulkInvite.invalidBody')}
            </Alert>
          ) : overLimit ? (
            <Alert color="red" variant="light" title={t('bulkInvite.limitTitle')}>
              {t('bulkInvite.limitBody', { left: checked.placesLeft, wanted: checked.toInvite })}
            </Alert>
          ) : checked.toInvite === 0 ? (
            <Alert color="blue" variant="light">
              {t('bulkInvite.nothingNew')}
            </Alert>
          ) : (
            <Alert color="green" variant="light">
              {t('bulkInvite.allValid', { count: checked.toInvite })}
            </Alert>
          )}
          {checked.errors.length ? <BulkErrors errors={checked.errors} /> : null}
          {checked.skipped.length ? <BulkSkipped skipped={checked.skipped} /> : null}
          <Group>
            {canSend ? (
              <Button onClick={() => void send()} loading={Boolean(sending)} color="green">
                {t('bulkInvite.send', { count: checked.toInvite })}
              </Button>
            ) : null}
            {result ? null : (
              <Button
                variant="default"
                onClick={() => void report()}
                loading={busy === 'report'}
                disabled={Boolean(sending)}
              >
                {t('bulkInvite.downloadReport')}
              </Button>
            )}
          </Group>
          {sending ? (
            <div>
              <Text size="sm" mb={4} id="bulk-progress-label">
                {sending.processing
                  ? t('bulkInvite.processing')
                  : t('bulkInvite.uploading', { percent: Math.round(sending.fraction * 100) })}
              </Text>
              <Progress
                value={sending.processing ? 100 : Math.round(sending.fraction * 100)}
                animated={sending.processing}
                striped={sending.processing}
                size="lg"
                aria-labelledby="bulk-progress-label"
              />
            </div>
          ) : null}
        </Step>
      ) : null}

      {result ? (
        <Step n={4} title={t('bulkInvite.doneHeading')}>
          <Alert
            color="green"
            variant="light"
            role="status"
            title={t('bulkInvite.doneTitle', { count: result.invited })}
          >
            {t('bulkInvite.doneBody', { skipped: result.skipped })}
          </Alert>
          <Group>
            <Button onClick={() => void report()} loading={busy === 'report'}>
              {t('bulkInvite.downloadReport')}
            </Button>
            <Button variant="default" onClick={() => void choose(null)}>
              {t('bulkInvite.another')}
            </Button>
          </Group>
        </Step>
      ) : null}
    </Stack>
  );
}
