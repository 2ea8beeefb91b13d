import type { TPermissionCell, TPermissionMatrix, TWorkspaceRole } from '@app/contract';
import { Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError, usersApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { sessionKeys } from '../auth/session.queries.ts';
import { LoadError } from '../common/load-error.tsx';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';

const matrixKey = ['session', 'permissions'] as const;

/** Translation key part of a permission: `users.manage` → `users_manage` (dots separate key levels). */
const keyOf = (permission: string) => permission.replace(/\./g, '_') as 'users_manage';

/** `/permissions`: roles as columns, permissions as rows; each switch saves at once. */
export function PermissionsPage() {
  const { t } = useTranslation('permissions');
  usePageTitle(t('permissions.pageTitle'));
  const queryClient = useQueryClient();
  const matrix = useQuery({ queryKey: matrixKey, queryFn: ({ signal }) => usersApi.getPermissions(signal) });
  // The cell being saved shows its requested state until the server answers.
  const [pending, setPending] = useState<{ role: TWorkspaceRole; permission: string; granted: boolean } | null>(null);
  const save = useMutation({
    mutationFn: usersApi.updatePermission,
    onMutate: (change) => setPending(change),
    onSuccess: (next: TPermissionMatrix, change) => {
      queryClient.setQueryData(matrixKey, next);
      // Navigation follows the matrix (the administrator's own menus may change too).
      void queryClient.invalidateQueries({ queryKey: sessionKeys.navigation });
      const what = { permission: t(`permissions.labels.${keyOf(change.permission)}`), role: t(`roles.${change.role}`) };
      notify(change.granted ? t('permissions.granted', what) : t('permissions.revoked', what));
    },
    onError: (e) => notify(t('permissions.failed', { message: errorText(t, e) }), 'error'),
    onSettled: () => setPending(null),
  });

  const cellOf = (m: TPermissionMatrix, role: string, permission: string) =>
    m.cells.find((c) => c.role === role && c.permission === permission) as TPermissionCell;

  if (isApiError(matrix.error, 403)) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('permissions.heading')}
        </Title>
        <Text c="dimmed" mt={4} maw={760}>
          {t('permissions.intro')}
        </Text>
      </div>
      {matrix.isPending ? (
        <FullPageLoader inline />
      ) : matrix.isError ? (
        <LoadError title={t('permissions.loadError')} onRetry={() => void matrix.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('permissions.permission')}</Table.Th>
                  {matrix.data.roles.map((role) => (
                    <Table.Th key={role} scope="col" ta="center">
                      {t(`roles.${role}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {matrix.data.permissions.map((permission) => (
                  <Table.Tr key={permission}>
                    <Table.Th scope="row" fw={500}>
                      <Text size="sm" fw={600}>
                        {t(`permissions.labels.${keyOf(permission)}`, { defaultValue: permission })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`permissions.help.${keyOf(permission)}` as 'permissions.help.users_manage', {
                          defaultValue: '',
                        })}
                      </Text>
                    </Table.Th>
                    {matrix.data.roles.map((role) => {
                      const cell = cellOf(matrix.data, role, permission);
                      const isPending = pending?.role === role && pending.permission === permission;
                      const label = t('permissions.cellLabel', {
                        permission: t(`permissions.labels.${keyOf(permission)}`, { defaultValue: permission }),
                        role: t(`roles.${role}`),
                      });
                      return (
                        <Table.Td key={role} ta="center">
                          <Switch
                            aria-label={cell.locked ? `${label} (${t('permissions.locked')})` : label}
                            checked={isPending ? pending.granted : cell.granted}
                            disabled={cell.locked}
                            title={cell.locked ? t('permissions.lockedWhy') : undefined}
                            onChange={(e) => {
                              if (save.isPending) return;
                              save.mutate({ role, permission, granted: e.currentTarget.checked });
                            }}
                            styles={{ body: { justifyContent: 'center' } }}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed" p="sm">
            {t('permissions.lockedNote')}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
