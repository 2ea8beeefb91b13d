import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { useBulkInvite } from './bulk-invite.hook.ts';
import { CheckStep, ChooseFileStep, CreatedStep, MapColumnsStep, SentStep } from './bulk-steps.tsx';

/**
 * `/invitations/import`: invite many people from a CSV or XLSX file. Choose the file, match its
 * columns to the invitation's fields (guessed from the header names), check every row, send, and
 * download the per-row report. When the workspace allows bulk sign-up and the caller manages users,
 * the same steps can instead create the accounts at once (`/api/user/create/bulk`, checked first
 * with its dry run). The state and what the buttons do are in `bulk-invite.hook.ts`, the steps in
 * `bulk-steps.tsx`.
 */
export function BulkInvitePage() {
  const { t } = useTranslation('invitations');
  usePageTitle(t('bulkInvite.pageTitle'));
  const b = useBulkInvite();
  return (
    <Stack gap="lg" maw={1040}>
      <PageHeading title={t('bulkInvite.heading')} intro={t('bulkInvite.intro')} />

      {b.error ? (
        <Alert
          color="red"
          variant="light"
          title={t('bulkInvite.errorTitle')}
          role="alert"
          withCloseButton
          onClose={() => b.setError(null)}
          closeButtonLabel={t('common.closeNotice')}
        >
          {b.error}
        </Alert>
      ) : null}

      <ChooseFileStep b={b} />
      <MapColumnsStep b={b} />
      <CheckStep b={b} />
      <CreatedStep b={b} />
      <SentStep b={b} />
    </Stack>
  );
}
