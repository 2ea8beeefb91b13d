import type { TDepartment } from '@app/contract';
import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { organisationApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { organisationKeys } from '../common/keys.ts';
import { useManagers, useOrganisationMutation } from '../common/organisation.queries.ts';

const MANAGER_ROLES = ['MANAGER', 'HEAD'] as const;

/** A department's managers: the list with remove buttons, and a picker of active members to add one. */
export function DepartmentManagersModal(props: { department: TDepartment; onClose: () => void }) {
  const { t } = useTranslation('organisation');
  const id = props.department.departmentId!;
  const managers = useManagers(id);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<string>('MANAGER');
  const [error, setError] = useState<string | null>(null);
  const candidates = useQuery({
    queryKey: organisationKeys.candidates(id, q),
    queryFn: ({ signal }) => organisationApi.managerCandidates(id, q, signal),
  });
  const add = useOrganisationMutation(() => organisationApi.addManager(id, { userId: userId!, role }));
  const remove = useOrganisationMutation((who: string) => organisationApi.removeManager(id, who));

  const options = (candidates.data ?? []).map((c) => ({
    value: c.userId,
    label: `${c.firstName} ${c.lastName}`.trim() + (c.userEmail ? ` (${c.userEmail})` : ''),
  }));

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={props.onClose}
      title={t('departments.managersTitle', { name: props.department.departmentName })}
      centered
      size="lg"
    >
      <Stack gap="md">
        {managers.data && managers.data.length === 0 ? <Text c="dimmed">{t('departments.noManagers')}</Text> : null}
        {managers.data && managers.data.length > 0 ? (
          <List listStyleType="none" spacing="xs" aria-label={t('departments.managersList')}>
            {managers.data.map((m) => {
              const name = `${m.firstName} ${m.lastName}`.trim();
              return (
                <List.Item key={m.userId}>
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`departments.managerRoles.${m.role as 'MANAGER'}`, { defaultValue: m.role })}
                        {m.userEmail ? ` · ${m.userEmail}` : ''}
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={remove.isPending && remove.variables === m.userId}
                      aria-label={t('departments.removeManagerNamed', { name })}
                      onClick={() =>
                        remove.mutate(m.userId, {
                          onSuccess: () => notify(t('departments.managerRemoved', { name })),
                          onError: (err) => setError(errorText(t, err, t('organisation.saveFailed'))),
                        })
                      }
                    >
                      {t('departments.removeManager')}
                    </Button>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!userId) return;
            setError(null);
            add.mutate(undefined, {
              onSuccess: () => {
                notify(t('departments.managerAdded'));
                setUserId(null);
                setSearch('');
              },
              onError: (err) => setError(errorText(t, err, t('organisation.saveFailed'))),
            });
          }}
        >
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label={t('departments.chooseMember')}
              placeholder={t('departments.searchMember')}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('departments.clearMember') }}
              data={options}
              value={userId}
              onChange={setUserId}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: o }) => o}
              nothingFoundMessage={candidates.isFetching ? t('common.loading') : t('departments.noMembers')}
              style={{ flex: '1 1 240px' }}
            />
            <Select
              label={t('departments.managerRole')}
              data={MANAGER_ROLES.map((r) => ({ value: r, label: t(`departments.managerRoles.${r}`) }))}
              value={role}
              onChange={(v) => setRole(v ?? 'MANAGER')}
              allowDeselect={false}
              w={140}
            />
            <Button type="submit" disabled={!userId} loading={add.isPending}>
              {t('departments.addManager')}
            </Button>
          </Group>
        </form>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Modal>
  );
}
