import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { ScormFrame } from '../player/scorm-frame.tsx';
import { scormApi } from './scorm.api.ts';
import { useScormPackage } from './scorm.queries.ts';

const STATUS_COLOR = { PROCESSING: 'blue', READY: 'green', FAILED: 'red' } as const;

/** A SCORM package (`/courses/scorm/:packageId`). */
export function ScormPackagePage() {
  const { packageId = '' } = useParams();
  return <ScormPackageView packageId={packageId} />;
}

/**
 * A course's SCORM item (`/courses/:courseId/edit/scorm/:itemId`): the item's package, found in the
 * course's draft (or published version).
 */
export function ScormItemPage() {
  const { t } = useTranslation('scorm');
  const errorText = useErrorText();
  const { courseId = '', itemId = '' } = useParams();
  const details = useQuery({
    queryKey: ['lms', 'course-details', courseId],
    queryFn: ({ signal }) => scormApi.courseDetails(courseId, signal),
  });
  if (details.isPending) return <Loader aria-label={t('scorm.package.loading')} />;
  if (details.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(details.error)}
      </Alert>
    );
  }
  const item = details.data.items.find((i) => i.id === itemId || i.stableId === itemId);
  if (!item?.scormPackageId) {
    return (
      <Alert color="red" role="alert">
        {t('scorm.package.noItem')}
      </Alert>
    );
  }
  return <ScormPackageView packageId={item.scormPackageId} />;
}

/** A package's status, manifest summary, and "Play" (preview: nothing is recorded). */
function ScormPackageView({ packageId }: { packageId: string }) {
  const { t } = useTranslation('scorm');
  usePageTitle(t('scorm.package.pageTitle'));
  const errorText = useErrorText();
  const pkg = useScormPackage(packageId);
  const [playing, setPlaying] = useState(false);

  if (pkg.isPending) return <Loader aria-label={t('scorm.package.loading')} />;
  if (pkg.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(pkg.error)}
      </Alert>
    );
  }
  const p = pkg.data;
  const title = p.manifest?.title || p.sourceName;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Badge color={STATUS_COLOR[p.status]} size="lg" data-testid="scorm-package-status">
          {t(`scorm.status.${p.status}`)}
        </Badge>
      </Group>
      {p.status === 'PROCESSING' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('scorm.package.processing')}</Text>
        </Group>
      ) : null}
      {p.status === 'FAILED' ? (
        <Alert color="red" role="alert" title={t('scorm.package.failedTitle')}>
          {errorText({ code: 'SCORM_INVALID', params: { reason: p.failureCode ?? '' } }, t('scorm.package.failed'))}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('scorm.package.summary')}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('scorm.package.standard')}</Table.Th>
              <Table.Td>{p.standard ? t(`scorm.standard.${p.standard}`) : '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('scorm.package.file')}</Table.Th>
              <Table.Td>{p.sourceName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('scorm.package.files')}</Table.Th>
              <Table.Td>
                {p.fileCount ?? '—'}
                {p.inflatedBytes !== null
                  ? ` (${t('scorm.package.size', { size: (p.inflatedBytes / 1024 / 1024).toFixed(1) })})`
                  : ''}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('scorm.package.scos')}</Table.Th>
              <Table.Td>
                {p.manifest?.scos.map((s) => (
                  <Text key={s.identifier} size="sm">
                    {s.title || s.identifier} — <code>{s.href}</code>
                    {s.masteryScore !== undefined ? ` (${t('scorm.package.mastery', { score: s.masteryScore })})` : ''}
                  </Text>
                )) ?? '—'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      {p.status === 'READY' ? (
        playing ? (
          <Stack gap="xs">
            <Alert color="blue" variant="light">
              {t('scorm.package.previewNote')}
            </Alert>
            <ScormFrame packageId={p.id} title={title} />
          </Stack>
        ) : (
          <Group>
            <Button onClick={() => setPlaying(true)}>{t('scorm.package.play')}</Button>
          </Group>
        )
      ) : null}
    </Stack>
  );
}
