import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDownloadCertificate } from './certificates.queries.ts';

/**
 * "Download certificate" for a completed enrolment (its learner, or a course manager): fetches the
 * PDF with the session and saves it. Needs the `certificates` namespace loaded by the page's route.
 */
export function CertificateDownloadButton({
  enrolmentId,
  cycle,
  size = 'sm',
}: {
  enrolmentId: string;
  cycle?: number;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('certificates');
  const download = useDownloadCertificate();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size={size}
        variant="light"
        loading={download.isPending}
        onClick={() => download.mutate(cycle === undefined ? { enrolmentId } : { enrolmentId, cycle })}
      >
        {t('download')}
      </Button>
      {download.isError && (
        <Text size="sm" c="red.8" role="alert">
          {t('downloadError')}
        </Text>
      )}
    </Stack>
  );
}
