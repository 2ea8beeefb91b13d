import { isPermissionBuilt, type TPermissionCell, type TPermissionMatrix } from '@app/contract';
import { Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError, usersApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { LoadError } from '../common/load-error.tsx';
import { sessionKeys } from '../common/session.queries.ts';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';
import { pendingChanges, shownValue, type TCellChange, withChoice } from './matrix-draft.ts';
import classes from './permissions.module.css';

const matrixKey = ['session', 'permissions'] as const;

/** Translation key part of a permission: `users.manage` → `users_manage` (dots separate key levels). */
const keyOf = (permission: string) => permission.replace(/\./g, '_') as 'users_manage';

/**
 * `/permissions`: roles as columns, permissions as rows (the permission's name stays in view while
 * the roles scroll sideways on a phone). Switches change a draft; "Save" sends the changes, "Undo"
 * drops them.
 */
export function PermissionsPage() {
  const { t } = useTranslation('permissions');
  usePageTitle(t('permissions.pageTitle'));
  const queryClient = useQueryClient();
  const matrix = useQuery({ queryKey: matrixKey, queryFn: ({ signal }) => usersApi.getPermissions(signal) });
  const [draft, setDraft] = useState<ReadonlyMap<string, boolean>>(new Map());
  const changes = matrix.data ? pendingChanges(matrix.data, draft) : [];

  // One cell per request, in order (each is checked and audited on its own); the first refusal
  // stops the rest, which stay in the draft.
  const save = useMutation({
    mutationFn: async (list: TCellChange[]) => {
      let latest: TPermissionMatrix | null = null;
      try {
        for (const change of list) {
          latest = await usersApi.updatePermission(change);
          queryClient.setQueryData(matrixKey, latest);
        }
      } finally {
        // Navigation follows the matrix (the administrator's own menus may change too).
        if (latest) void queryClient.invalidateQueries({ queryKey: sessionKeys.navigation });
      }
      return list.length;
    },
    onSuccess: (count) => {
      setDraft(new Map());
      notify(t('permissions.saved', { count }));
    },
    onError: (e) => notify(t('permissions.failed', { message: errorText(t, e) }), 'error'),
  });

  const cellOf = (m: TPermissionMatrix, role: string, permission: string) =>
    m.cells.find((c) => c.role === role && c.permission === permission) as TPermissionCell;
  const label = (permission: string) => t(`permissions.labels.${keyOf(permission)}`, { defaultValue: permission });

  if (isApiError(matrix.error, 403)) return <ForbiddenPage />;
  const saveBar = (
    <Group gap="sm" justify="flex-end" wrap="wrap" className={classes.saveBar}>
      {changes.length > 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {t('permissions.unsaved', { count: changes.length })}
        </Text>
      ) : null}
      <Button variant="default" disabled={changes.length === 0 || save.isPending} onClick={() => setDraft(new Map())}>
        {t('permissions.discard')}
      </Button>
      <Button disabled={changes.length === 0} loading={save.isPending} onClick={() => save.mutate(changes)}>
        {changes.length > 0 ? t('permissions.save', { count: changes.length }) : t('permissions.saveNone')}
      </Button>
    </Group>
  );
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
        <>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" className={classes.matrix}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" className={classes.sticky}>
                      {t('permissions.permission')}
                    </Table.Th>
                    {matrix.data.roles.map((role) => (
                      <Table.Th key={role} scope="col" ta="center">
                        {t(`roles.${role}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {matrix.data.permissions
                    .filter((p) => isPermissionBuilt(p))
                    .map((permission) => (
                      <Table.Tr key={permission}>
                        <Table.Th scope="row" fw={500} className={classes.sticky}>
                          <Text size="sm" fw={600}>
                            {label(permission)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`permissions.help.${keyOf(permission)}` as 'permissions.help.users_manage', {
                              defaultValue: '',
                            })}
                          </Text>
                        </Table.Th>
                        {matrix.data.roles.map((role) => {
                          const cell = cellOf(matrix.data, role, permission);
                          const checked = cell.locked
                            ? cell.granted
                            : shownValue(draft, role, permission, cell.granted);
                          const changed = checked !== cell.granted;
                          const name = t('permissions.cellLabel', {
                            permission: label(permission),
                            role: t(`roles.${role}`),
                          });
                          const note = cell.locked
                            ? t('permissions.locked')
                            : changed
                              ? t('permissions.changed')
                              : null;
                          return (
                            <Table.Td key={role} ta="center" className={changed ? classes.changed : undefined}>
                              <Switch
                                aria-label={note ? `${name} (${note})` : name}
                                checked={checked}
                                disabled={cell.locked || save.isPending}
                                title={cell.locked ? t('permissions.lockedWhy') : undefined}
                                onChange={(e) => setDraft(withChoice(draft, role, permission, e.currentTarget.checked))}
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
          {saveBar}
        </>
      )}
    </Stack>
  );
}
