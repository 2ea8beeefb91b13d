import type {
  TBulkCreateUsersResponse,
  TBulkFileMappingsResponse,
  TBulkInviteMapping,
  TBulkInviteMode,
  TBulkInviteResponse,
  TBulkValidateResponse,
} from '@app/contract';
import { Alert, Button, FileInput, Group, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../app/navigation.queries.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { bulkInviteApi, bulkUsersApi } from '../common/bulk-files.api.ts';
import { BulkErrors, BulkFigures, BulkRowStatuses, BulkSkipped } from '../common/bulk-rows.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { useBulkSignUp } from '../common/settings.queries.ts';
import { BulkMapping } from './bulk-mapping.tsx';
import { guessMapping } from './column-guess.ts';

type TSending = { fraction: number; processing: boolean };
/** What the file is for: invitations to send, or accounts to create at once (bulk sign-up). */
type TMode = 'invite' | 'create';

/** A create dry run as the figures of a checked file (the same cards as for invitations). */
function asFigures(p: TBulkCreateUsersResponse): TBulkValidateResponse {
  return {
    totalRows: p.totalRows,
    validRows: p.totalRows - p.invalidRows,
    invalidRows: p.invalidRows,
    toInvite: p.created,
    errors: p.errors,
    skipped: p.rows.flatMap((r) =>
      r.status === 'ALREADY_MEMBER'
        ? [{ rowNumber: r.rowNumber, email: r.email, status: 'ALREADY_MEMBER' as const }]
        : [],
    ),
    placesLeft: p.placesLeft,
  };
}

/**
 * Brings a step's section into view and moves the focus to its heading (after checking or
 * sending, the results are below the fold, at 360 px most of all).
 */
function showStep(n: number) {
  const heading = document.getElementById(`bulk-step-${n}`);
  if (!heading) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  heading.closest('section')?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  const id = `bulk-step-${n}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={2} fz="lg" id={id} mb="md" tabIndex={-1} style={{ outlineOffset: 2 }}>
        {n}. {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/**
 * `/invitations/import`: invite many people from a CSV or XLSX file. Choose the file, match its
 * columns to the invitation's fields (guessed from the header names), check every row, send, and
 * download the per-row report. The browser keeps the file and sends it with each step. When the
 * workspace allows bulk sign-up and the caller manages users, the same steps can instead create the
 * accounts at once (`/api/user/create/bulk`, checked first with its dry run).
 */
export function BulkInvitePage() {
  const { t } = useTranslation('invitations');
  usePageTitle(t('bulkInvite.pageTitle'));
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<TBulkFileMappingsResponse | null>(null);
  const [mapping, setMapping] = useState<TBulkInviteMapping>({});
  const [checked, setChecked] = useState<TBulkValidateResponse | null>(null);
  const [sending, setSending] = useState<TSending | null>(null);
  const [result, setResult] = useState<TBulkInviteResponse | null>(null);
  const [busy, setBusy] = useState<'columns' | 'check' | 'report' | 'fix' | 'csv' | 'xlsx' | null>(null);
  /** What to do when some rows have errors: send nothing, or send the valid rows and give the rest back. */
  const [rowsMode, setRowsMode] = useState<TBulkInviteMode>('ALL_OR_NOTHING');
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<TMode>('invite');
  const [planned, setPlanned] = useState<TBulkCreateUsersResponse | null>(null);
  const [created, setCreated] = useState<TBulkCreateUsersResponse | null>(null);
  const navigation = useNavigation();
  const bulkSignUp = useBulkSignUp();
  const mayCreate =
    Boolean(bulkSignUp.data?.bulkSignUpEnabled) &&
    Boolean(navigation.data?.some((item) => item.menu === 'USERS' && item.enabled));
  const creating = mayCreate && mode === 'create';
  useEffect(() => {
    if (checked) showStep(3);
  }, [checked]);
  useEffect(() => {
    if (result || created) showStep(4);
  }, [result, created]);

  const fail = (err: unknown) => setError(isApiError(err) ? errorText(t, err) : t('bulkInvite.failed'));

  function forget() {
    setChecked(null);
    setResult(null);
    setPlanned(null);
    setCreated(null);
  }

  async function choose(next: File | null) {
    setFile(next);
    setColumns(null);
    forget();
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
    forget();
  }

  async function check() {
    if (!file) return;
    setBusy('check');
    setError(null);
    try {
      if (creating) {
        const plan = await bulkUsersApi.checkCreate(file, mapping);
        setPlanned(plan);
        setChecked(asFigures(plan));
      } else setChecked(await bulkInviteApi.validate(file, mapping));
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
    const progress = (fraction: number) => setSending({ fraction, processing: fraction >= 1 });
    try {
      const sendMode = partial ? 'VALID_ROWS' : 'ALL_OR_NOTHING';
      if (creating) setCreated(await bulkUsersApi.create(file, mapping, sendMode, progress));
      else setResult(await bulkInviteApi.send(file, mapping, sendMode, progress));
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
      saveFile(await bulkInviteApi.report(file, mapping), 'invitation-report.xlsx');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function rowsToFix() {
    if (!file) return;
    setBusy('fix');
    try {
      saveFile(await bulkInviteApi.rowsToFix(file, mapping), 'rows-to-fix.xlsx');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function template(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      saveFile(await bulkInviteApi.template(format), `invitation-template.${format}`);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  const mapped = Boolean(mapping.firstName && (mapping.email || mapping.phoneNumber));
  const overLimit = checked?.placesLeft != null && checked.toInvite > checked.placesLeft;
  const done = Boolean(result || created);
  const wanted = planned ? planned.created + planned.fromInvitations : (checked?.toInvite ?? 0);
  // Some rows wrong, and the valid ones are to go now (invitations or accounts).
  const partial = Boolean(checked?.invalidRows) && rowsMode === 'VALID_ROWS';
  const canSend = checked && (checked.invalidRows === 0 || partial) && wanted > 0 && !overLimit && !done;
  const changing = planned?.rows.filter((r) => r.status === 'FROM_INVITATION' || r.status === 'ALREADY_MEMBER') ?? [];

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
        <div>
          <Text size="sm" id="bulk-template-hint" mb={6}>
            {t('bulkInvite.templateHint')}
          </Text>
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              onClick={() => void template('xlsx')}
              loading={busy === 'xlsx'}
              aria-describedby="bulk-template-hint"
            >
              {t('bulkInvite.templateXlsx')}
            </Button>
            <Button
              variant="light"
              size="xs"
              onClick={() => void template('csv')}
              loading={busy === 'csv'}
              aria-describedby="bulk-template-hint"
            >
              {t('bulkInvite.templateCsv')}
            </Button>
          </Group>
        </div>
        {mayCreate ? (
          <Radio.Group
            label={t('bulkInvite.modeLabel')}
            value={mode}
            onChange={(v) => {
              setMode(v as TMode);
              forget();
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="invite" label={t('bulkInvite.modeInvite')} description={t('bulkInvite.modeInviteHint')} />
              <Radio value="create" label={t('bulkInvite.modeCreate')} description={t('bulkInvite.modeCreateHint')} />
            </Stack>
          </Radio.Group>
        ) : null}
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
          <BulkFigures result={checked} toLabel={creating ? t('bulkInvite.figures.toCreate') : undefined} />
          {checked.invalidRows ? (
            <Alert color="red" variant="light" title={t('bulkInvite.invalidTitle', { count: checked.invalidRows })}>
              {partial
                ? creating
                  ? t('bulkInvite.rowsModeValidCreateHint')
                  : t('bulkInvite.invalidBodyPartial', { count: checked.toInvite })
                : creating
                  ? t('bulkInvite.invalidBody')
                  : t('bulkInvite.invalidBodyChoose')}
            </Alert>
          ) : overLimit ? (
            <Alert color="red" variant="light" title={t('bulkInvite.limitTitle')}>
              {t('bulkInvite.limitBody', { left: checked.placesLeft, wanted: checked.toInvite })}
            </Alert>
          ) : wanted === 0 ? (
            <Alert color="blue" variant="light">
              {planned ? t('bulkInvite.nothingNewCreate') : t('bulkInvite.nothingNew')}
            </Alert>
          ) : planned ? (
            <Alert color="green" variant="light">
              {t('bulkInvite.allValidCreate', { count: wanted, fromInvitations: planned.fromInvitations })}
            </Alert>
          ) : (
            <Alert color="green" variant="light">
              {t('bulkInvite.allValid', { count: checked.toInvite })}
            </Alert>
          )}
          {checked.invalidRows && !done ? (
            <Radio.Group
              label={t('bulkInvite.rowsModeLabel')}
              value={rowsMode}
              onChange={(v) => setRowsMode(v as TBulkInviteMode)}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="ALL_OR_NOTHING"
                  label={creating ? t('bulkInvite.rowsModeAllCreate') : t('bulkInvite.rowsModeAll')}
                />
                {creating ? (
                  <Radio
                    value="VALID_ROWS"
                    label={t('bulkInvite.rowsModeValidCreate', { count: wanted })}
                    description={t('bulkInvite.rowsModeValidCreateHint')}
                  />
                ) : (
                  <Radio
                    value="VALID_ROWS"
                    label={t('bulkInvite.rowsModeValid', { count: checked.toInvite })}
                    description={t('bulkInvite.rowsModeValidHint')}
                  />
                )}
              </Stack>
            </Radio.Group>
          ) : null}
          {checked.errors.length ? <BulkErrors errors={checked.errors} /> : null}
          {planned ? (
            changing.length ? (
              <BulkRowStatuses
                rows={changing}
                id="bulk-changing-heading"
                title={t('bulkInvite.notNewHeading', { count: changing.length })}
              />
            ) : null
          ) : checked.skipped.length ? (
            <BulkSkipped skipped={checked.skipped} />
          ) : null}
          <Group>
            {checked.invalidRows && !creating && !done ? (
              <Button variant="default" onClick={() => void rowsToFix()} loading={busy === 'fix'}>
                {t('bulkInvite.downloadRowsToFix', { count: checked.invalidRows })}
              </Button>
            ) : null}
            {canSend ? (
              <Button onClick={() => void send()} loading={Boolean(sending)} color="green">
                {planned
                  ? t('bulkInvite.create', { count: wanted })
                  : t('bulkInvite.send', { count: checked.toInvite })}
              </Button>
            ) : null}
            {done || planned ? null : (
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
                  ? creating
                    ? t('bulkInvite.processingCreate')
                    : t('bulkInvite.processing')
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

      {created ? (
        <Step n={4} title={t('bulkInvite.doneHeading')}>
          <Alert
            color="green"
            variant="light"
            role="status"
            title={t('bulkInvite.createdTitle', { count: created.created + created.fromInvitations })}
          >
            {t('bulkInvite.createdBody', { skipped: created.skipped })}
          </Alert>
          {created.invalidRows ? (
            <>
              <Alert
                color="red"
                variant="light"
                title={t('bulkInvite.leftOutCreateTitle', { count: created.invalidRows })}
              >
                {t('bulkInvite.leftOutCreateBody')}
              </Alert>
              <BulkErrors errors={created.errors} />
            </>
          ) : null}
          <BulkRowStatuses
            rows={created.rows}
            id="bulk-created-heading"
            title={t('bulkInvite.resultHeading', { count: created.rows.length })}
          />
          <Group>
            <Button variant="default" onClick={() => void choose(null)}>
              {t('bulkInvite.another')}
            </Button>
          </Group>
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
          {result.invalidRows ? (
            <Alert color="red" variant="light" title={t('bulkInvite.leftOutTitle', { count: result.invalidRows })}>
              {t('bulkInvite.leftOutBody')}
            </Alert>
          ) : null}
          <Group>
            {result.invalidRows ? (
              <Button onClick={() => void rowsToFix()} loading={busy === 'fix'}>
                {t('bulkInvite.downloadRowsToFix', { count: result.invalidRows })}
              </Button>
            ) : null}
            <Button
              variant={result.invalidRows ? 'default' : 'filled'}
              onClick={() => void report()}
              loading={busy === 'report'}
            >
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
