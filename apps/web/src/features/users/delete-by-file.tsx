import type { TDeleteByFileResponse } from '@app/contract';
import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { notify } from '../../app/notify.ts';
import { isApiError } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { bulkUsersApi } from '../common/bulk-files.api.ts';
import { BulkErrors } from '../common/bulk-rows.tsx';
import { userKeys } from './keys.ts';
import { displayName } from './user-name.ts';

/**
 * "Delete by file" on the users page: choose a CSV or XLSX whose header names an Email, Username or
 * Employee ID column → the server's dry run shows exactly who would be deleted and every row that
 * stands in the way → a confirmation naming the count → the deletion (all or nothing).
 */
export function DeleteByFile({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'invitations']);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TDeleteByFileResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    setConfirming(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  async function choose(next: File | null) {
    reset();
    setFile(next);
    if (!next) return;
    setBusy(true);
    try {
      setPreview(await bulkUsersApi.deleteByFile(next, true));
    } catch (err) {
      setError(isApiError(err) ? errorText(t, err) : t('invitations:bulkInvite.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!file) return;
    setBusy(true);
    try {
      const done = await bulkUsersApi.deleteByFile(file, false);
      notify(t('users.deleted', { count: done.deleted.length }));
      close();
    } catch (err) {
      setError(isApiError(err) ? errorText(t, err) : t('invitations:bulkInvite.failed'));
      setConfirming(false);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    }
  }

  const count = preview?.matched.length ?? 0;
  const clean = preview && preview.problems.length === 0 && count > 0;
  return (
    <>
      <Modal
        opened={opened && !confirming}
        onClose={close}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={t('users.byFile.title')}
        size="xl"
      >
        <Stack gap="md">
          <Text size="sm">{t('users.byFile.intro')}</Text>
          <FileInput
            label={t('invitations:bulkInvite.fileLabel')}
            description={t('invitations:bulkInvite.fileHint')}
            placeholder={t('invitations:bulkInvite.filePlaceholder')}
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            clearButtonProps={{ 'aria-label': t('invitations:bulkInvite.clearFile') }}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => void choose(f)}
            clearable
          />
          {busy && !preview ? <Text size="sm">{t('invitations:bulkInvite.reading')}</Text> : null}
          {error ? (
            <Alert color="red" variant="light" role="alert" title={t('invitations:bulkInvite.errorTitle')}>
              {error}
            </Alert>
          ) : null}
          {preview?.problems.length ? (
            <>
              <Alert
                color="red"
                variant="light"
                title={t('users.byFile.problemsTitle', { count: preview.problems.length })}
              >
                {t('users.byFile.problemsBody')}
              </Alert>
              <BulkErrors errors={preview.problems} maxHeight={260} />
            </>
          ) : null}
          {preview && count > 0 ? (
            <section aria-labelledby="delete-file-matched">
              <Title order={3} fz="md" id="delete-file-matched" mb="xs">
                {t('users.byFile.matchedHeading', { count })}
              </Title>
              <Table.ScrollContainer type="native" tabIndex={0} minWidth={520} maxHeight={300}>
                <Table striped withTableBorder stickyHeader fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('invitations:bulkInvite.row')}</Table.Th>
                      <Table.Th>{t('users.columns.name')}</Table.Th>
                      <Table.Th>{t('invitations:bulkInvite.fields.email')}</Table.Th>
                      <Table.Th>{t('users.columns.unit')}</Table.Th>
                      <Table.Th>{t('users.columns.role')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.matched.map((u) => (
                      <Table.Tr key={u.userId}>
                        <Table.Td>{u.rowNumber}</Table.Td>
                        <Table.Td>{displayName({ ...u, contactNumber: null })}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.userEmail ?? u.username ?? '—'}</Table.Td>
                        <Table.Td>{u.branchName ?? '—'}</Table.Td>
                        <Table.Td>{t(`roles.${u.role}`)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </section>
          ) : null}
          {preview && preview.totalRows === 0 ? <Text size="sm">{t('users.byFile.empty')}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            {clean ? (
              <Button color="red" onClick={() => setConfirming(true)}>
                {t('users.byFile.delete', { count })}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={opened && confirming}
        title={t('users.confirmDeleteTitle', { count })}
        message={t('users.byFile.confirm', { count })}
        confirmLabel={t('users.byFile.delete', { count })}
        confirmColor="red"
        pending={busy}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
