import type { TBulkInviteMode } from '@app/contract';
import { Alert, Button, FileInput, Group, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkErrors, BulkFigures, BulkRowStatuses, BulkSkipped } from '../common/bulk-rows.tsx';
import type { TBulkInvite, TMode } from './bulk-invite.hook.ts';
import { BulkMapping } from './bulk-mapping.tsx';

/** One numbered step of the import: a section named by its heading (which `showStep` focuses). */
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

/** Step 1: the file, the templates to start from, and (bulk sign-up) what the file is for. */
export function ChooseFileStep({ b }: { b: TBulkInvite }) {
  const { t } = useTranslation('invitations');
  const { file, sending, busy, mode, setMode, mayCreate, choose, template, forget } = b;
  return (
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
  );
}

/** Step 2, once the file's columns are read: which column holds which field. */
export function MapColumnsStep({ b }: { b: TBulkInvite }) {
  const { t } = useTranslation('invitations');
  const { columns, mapping, sending, busy, changeMapping, check, mapped } = b;
  if (!columns) return null;
  return (
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
  );
}

/** Step 3, once checked: the figures, what is wrong, what to do with the wrong rows, and sending. */
export function CheckStep({ b }: { b: TBulkInvite }) {
  const { t } = useTranslation('invitations');
  const {
    checked,
    sending,
    busy,
    rowsMode,
    setRowsMode,
    planned,
    creating,
    send,
    report,
    rowsToFix,
    overLimit,
    done,
    wanted,
    partial,
    canSend,
    changing,
  } = b;
  if (!checked) return null;
  return (
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
            {planned ? t('bulkInvite.create', { count: wanted }) : t('bulkInvite.send', { count: checked.toInvite })}
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
  );
}

/** Step 4 after creating accounts: who was created, who was left out and why. */
export function CreatedStep({ b }: { b: TBulkInvite }) {
  const { t } = useTranslation('invitations');
  const { created, choose } = b;
  if (!created) return null;
  return (
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
          <Alert color="red" variant="light" title={t('bulkInvite.leftOutCreateTitle', { count: created.invalidRows })}>
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
  );
}

/** Step 4 after sending invitations: how many went, the rows left out, the report. */
export function SentStep({ b }: { b: TBulkInvite }) {
  const { t } = useTranslation('invitations');
  const { result, busy, choose, report, rowsToFix } = b;
  if (!result) return null;
  return (
    <Step n={4} title={t('bulkInvite.doneHeading')}>
      <Alert color="green" variant="light" role="status" title={t('bulkInvite.doneTitle', { count: result.invited })}>
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
  );
}
