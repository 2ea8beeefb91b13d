import { LANGUAGES, type TLanguage } from '@app/contract';
import { Alert, Anchor, Button, FileInput, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { DataTable } from '../common/data-table.tsx';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { useUploadManual, useUserManuals } from './operator.queries.ts';
import { isPdf } from './workspace-settings.ts';

type TAudience = 'EMPLOYEE' | 'ADMINISTRATOR';

/** `/platform/user-manuals` (operator): the PDF manual per audience and language. */
export function UserManualsPage() {
  const { t } = useTranslation('operator');
  const { dateTime } = useDates();
  usePageTitle(t('operator.manuals.pageTitle'));
  const manuals = useUserManuals();
  const upload = useUploadManual();
  const [audience, setAudience] = useState<TAudience>('EMPLOYEE');
  const [language, setLanguage] = useState<TLanguage>('en');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/platform/workspaces" size="sm">
        ← {t('operator.manuals.back')}
      </Anchor>
      <PageHeading title={t('operator.manuals.heading')} intro={t('operator.manuals.intro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return;
            if (!isPdf(file)) {
              setError(t('operator.manuals.notPdf'));
              return;
            }
            setError(null);
            upload.mutate(
              { file, audience, language },
              {
                onSuccess: () => {
                  setFile(null);
                  notify(t('operator.manuals.uploaded'));
                },
                onError: (err) => setError(errorText(t, err, t('operator.manuals.failed'))),
              },
            );
          }}
        >
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label={t('operator.manuals.audience')}
              data={(['EMPLOYEE', 'ADMINISTRATOR'] as const).map((a) => ({
                value: a,
                label: t(`operator.manuals.audiences.${a}`),
              }))}
              value={audience}
              onChange={(v) => setAudience((v ?? 'EMPLOYEE') as TAudience)}
              allowDeselect={false}
              w={190}
            />
            <Select
              label={t('operator.manuals.language')}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              value={language}
              onChange={(v) => setLanguage((v ?? 'en') as TLanguage)}
              allowDeselect={false}
              w={160}
            />
            <FileInput
              label={t('operator.manuals.file')}
              accept="application/pdf,.pdf"
              value={file}
              onChange={setFile}
              clearable
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" disabled={!file} loading={upload.isPending}>
              {t('operator.manuals.upload')}
            </Button>
          </Group>
          {error ? (
            <Alert mt="sm" color="red" variant="light" role="alert" title={t('operator.manuals.failed')}>
              {error}
            </Alert>
          ) : null}
        </form>
      </Paper>

      {manuals.isPending ? (
        <FullPageLoader inline />
      ) : manuals.isError ? (
        <LoadError title={t('operator.manuals.loadError')} onRetry={() => void manuals.refetch()} />
      ) : manuals.data.length === 0 ? (
        <Text>{t('operator.manuals.empty')}</Text>
      ) : (
        <DataTable
          rows={manuals.data}
          rowKey={(m) => `${m.audience}:${m.language}`}
          minWidth={560}
          label={t('operator.manuals.tableLabel')}
          columns={[
            {
              key: 'audience',
              header: t('operator.manuals.audience'),
              cell: (m) => t(`operator.manuals.audiences.${m.audience}`),
            },
            { key: 'language', header: t('operator.manuals.language'), cell: (m) => t(`languages.${m.language}`) },
            {
              key: 'file',
              header: t('operator.manuals.colFile'),
              cell: (m) => (
                <Anchor href={m.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                  {m.fileName}
                </Anchor>
              ),
            },
            { key: 'uploaded', header: t('operator.manuals.colUploaded'), cell: (m) => dateTime(m.uploadedAt) },
          ]}
        />
      )}
    </Stack>
  );
}
