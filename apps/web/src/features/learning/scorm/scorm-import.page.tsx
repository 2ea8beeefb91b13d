import { SCORM_MAX_UPLOAD_BYTES } from '@app/contract';
import { Alert, Button, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { scormApi } from './scorm.api.ts';

/**
 * Import a SCORM package (`/courses/import-scorm`, `?courseId=` to add it to that course's draft):
 * pick the zip, watch it upload, then follow its extraction on the package's page.
 */
export function ScormImportPage() {
  const { t } = useTranslation('scorm');
  usePageTitle(t('scorm.import.pageTitle'));
  const errorText = useErrorText();
  const navigate = useNavigate();
  const base = useLocation().pathname.startsWith('/platform/') ? '/platform' : '';
  const [params] = useSearchParams();
  const courseId = params.get('courseId') ?? undefined;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooLarge = file !== null && file.size > SCORM_MAX_UPLOAD_BYTES;

  const submit = async () => {
    if (!file || tooLarge) return;
    setError(null);
    setProgress(0);
    try {
      const result = await scormApi.importPackage(file, {
        ...(courseId ? { courseId } : {}),
        onProgress: setProgress,
      });
      void navigate(`${base}/courses/${result.courseId}/edit/scorm/${result.itemId}`);
    } catch (err) {
      setError(errorText(err, t('scorm.import.failed')));
      setProgress(null);
    }
  };

  return (
    <Stack maw={640} gap="md">
      <Title order={1}>{t('scorm.import.heading')}</Title>
      <Text>{courseId ? t('scorm.import.introItem') : t('scorm.import.introCourse')}</Text>
      <FileInput
        label={t('scorm.import.fileLabel')}
        description={t('scorm.import.fileHint')}
        accept=".zip,application/zip"
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        clearable
        error={tooLarge ? t('scorm.import.tooLarge') : undefined}
      />
      {error ? (
        <Alert color="red" role="alert" title={t('scorm.import.refusedTitle')}>
          {error}
        </Alert>
      ) : null}
      {progress !== null ? (
        <div>
          <Text size="sm" mb={4} id="scorm-upload-label">
            {progress < 1
              ? t('scorm.import.uploading', { percent: Math.round(progress * 100) })
              : t('scorm.import.checking')}
          </Text>
          <Progress
            value={Math.round(progress * 100)}
            animated={progress >= 1}
            size="lg"
            aria-labelledby="scorm-upload-label"
          />
        </div>
      ) : null}
      <Group>
        <Button onClick={() => void submit()} disabled={!file || tooLarge} loading={progress !== null}>
          {t('scorm.import.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
