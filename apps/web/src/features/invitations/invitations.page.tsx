import type { TInvitation, TInvitationListRequest } from '@app/contract';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { UserLimitNote } from '../common/contract-notices.tsx';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { useAllBranches } from '../common/organisation.queries.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { usePagedList } from '../common/paged-list.hook.ts';
import { useUserDetails } from '../common/session.queries.ts';
import { headquartersSelection } from '../common/unit-selection.ts';
import {
  ALL_UNITS,
  useInvitationCounts,
  useInvitationList,
  useResendAll,
  useResendMany,
  useResendOne,
  useRevoke,
} from './invitations.queries.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { mailStateView } from './mail-state.ts';
import { TemplateDialog } from './template-dialog.tsx';

/** A person's name as the invitation gives it (may be empty: invited by email only). */
const nameOf = (row: TInvitation) => [row.firstName, row.lastName].filter(Boolean).join(' ');

const STATUS_FILTERS: TInvitationListRequest['status'][] = ['UNUSED', 'PENDING', 'EXPIRED', 'USED', 'REVOKED', 'ALL'];
const STATUS_COLOR: Record<TInvitation['status'], string> = {
  PENDING: 'blue',
  EXPIRED: 'red',
  USED: 'green',
  REVOKED: 'gray',
};

/** `/invitations`: invite people, and follow, resend or revoke the invitations of a business unit. */
export function InvitationsPage() {
  const { t } = useTranslation('invitations');
  usePageTitle(t('invitations.pageTitle'));
  // The units the server lists are those the caller administers (a business unit admin: its own);
  // the page starts with the headquarters (or the first unit).
  const units = useAllBranches();
  const myUnits = units.data ?? [];
  const unitOptions = myUnits.map((u) => ({ value: u.branchId, label: u.branchName }));
  // Spec §6: who works across every unit (the server's scope: the whole workspace) sees "All business
  // units" by default, the list the workspace-wide counters count; a business unit admin its own unit.
  const acrossUnits = useUserDetails().data?.currentScope === 'workspace';
  const viewOptions = acrossUnits
    ? [{ value: ALL_UNITS, label: t('invitations.allUnits') }, ...unitOptions]
    : unitOptions;
  const [chosenBranchId, setBranchId] = useState<string | null>(null);
  const branchId = chosenBranchId ?? (acrossUnits ? ALL_UNITS : headquartersSelection(myUnits));
  const allUnits = branchId === ALL_UNITS;
  // Where the invite dialog starts: the unit in view, or the headquarters.
  const inviteUnit = allUnits ? headquartersSelection(myUnits) : branchId;
  const [status, setStatus] = useState<TInvitationListRequest['status']>('UNUSED');
  // The page number and the selection belong to one view (unit, status, search) and page.
  const paged = usePagedList({ filters: [branchId, status], selectionPerPage: true });
  const { searchText, page, selected } = paged;
  const [inviting, setInviting] = useState(false);
  const [editingTemplate, setEditingTemplate] = useState(false);

  const filter = useMemo(
    () => ({ status, ...(searchText ? { searchText } : {}) }) as TInvitationListRequest,
    [status, searchText],
  );
  const list = useInvitationList(branchId, page, filter);
  const counts = useInvitationCounts();
  const resendOne = useResendOne();
  const resendMany = useResendMany();
  const resendAll = useResendAll();
  const revoke = useRevoke();

  const done = (message: string) => notifications.show({ color: 'green', message });
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('invitations.failed'), message: errorText(t, error) });

  const rows = list.data?.content ?? [];
  // The server says what the caller may do with each invitation (`actions`); the page offers exactly that.
  const resendable = rows.filter((r) => r.actions.includes('resend'));
  const canEditMail = list.data?.mailTemplateActions.includes('edit') ?? false;
  const { date } = useDates();

  if (units.isPending) return <FullPageLoader inline />;
  if (units.isError) {
    return <LoadError title={t('invitations.loadError')} onRetry={() => void units.refetch()} />;
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <PageHeading title={t('invitations.heading')} intro={t('invitations.intro')} />
          <UserLimitNote />
        </Stack>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/invitations/import">
            {t('invitations.importFile')}
          </Button>
          {!canEditMail ? null : (
            <Button variant="default" onClick={() => setEditingTemplate(true)}>
              {t('invitations.editMail')}
            </Button>
          )}
          <Button onClick={() => setInviting(true)} disabled={!branchId}>
            {t('invitations.invite')}
          </Button>
        </Group>
      </Group>

      <Group gap="md" align="stretch">
        <Paper withBorder radius="md" p="md" miw={160}>
          <Text size="sm" c="dimmed">
            {t('invitations.unusedCount')}
          </Text>
          <Text fz={28} fw={700} data-testid="unused-count">
            {counts.data?.unused ?? '–'}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md" miw={160}>
          <Text size="sm" c="dimmed">
            {t('invitations.expiredCount')}
          </Text>
          <Text fz={28} fw={700} data-testid="expired-count">
            {counts.data?.expired ?? '–'}
          </Text>
        </Paper>
        <Stack justify="center" gap={6}>
          <ConfirmButton
            label={t('invitations.resendAll')}
            confirmTitle={t('invitations.resendAllConfirmTitle')}
            confirmBody={t('invitations.resendAllConfirmBody', { count: counts.data?.unused ?? 0 })}
            confirmLabel={t('invitations.resendAll')}
            disabled={!counts.data?.unused}
            loading={resendAll.isPending}
            onConfirm={() =>
              resendAll.mutate(undefined, {
                onSuccess: (r) => done(t('invitations.resent', { count: r.count })),
                onError: failed,
              })
            }
          />
        </Stack>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label={t('invitations.businessUnit')}
              data={viewOptions}
              value={branchId}
              onChange={setBranchId}
              allowDeselect={false}
              w={{ base: '100%', sm: 240 }}
            />
            <Select
              label={t('invitations.status')}
              data={STATUS_FILTERS.map((s) => ({ value: s, label: t(`invitations.statuses.${s}`) }))}
              value={status}
              onChange={(v) => setStatus((v ?? 'UNUSED') as TInvitationListRequest['status'])}
              allowDeselect={false}
              w={{ base: '100%', sm: 180 }}
            />
            <TextInput
              label={t('invitations.search')}
              placeholder={t('invitations.searchPlaceholder')}
              value={paged.search}
              onChange={(e) => paged.setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
            <Button
              variant="light"
              disabled={selected.size === 0}
              loading={resendMany.isPending}
              onClick={() =>
                resendMany.mutate([...selected], {
                  onSuccess: (r) => done(t('invitations.resent', { count: r.count })),
                  onError: failed,
                })
              }
            >
              {t('invitations.resendSelected', { count: selected.size })}
            </Button>
          </Group>

          {list.isError ? (
            <Alert color="red" variant="light">
              {errorText(t, list.error)}
            </Alert>
          ) : rows.length === 0 && !list.isPending ? (
            <Stack align="center" py="xl" gap="xs">
              <Text fw={600}>{t('invitations.emptyHeading')}</Text>
              <Text c="dimmed" ta="center" maw={440}>
                {t('invitations.emptyBody')}
              </Text>
              <Button mt="xs" onClick={() => setInviting(true)} disabled={!branchId}>
                {t('invitations.invite')}
              </Button>
            </Stack>
          ) : (
            <DataTable
              rows={rows}
              rowKey={(row) => row.invitationId}
              minWidth={760}
              label={t('invitations.tableLabel')}
              selection={{
                selected,
                onChange: paged.setSelected,
                canSelect: (row) => resendable.includes(row),
                selectAllLabel: t('invitations.selectAll'),
                rowLabel: (row) => t('invitations.select', { name: nameOf(row) || row.email || row.contactNumber }),
              }}
              columns={[
                {
                  key: 'person',
                  header: t('invitations.columns.person'),
                  cell: (row) => (
                    <>
                      <Text fw={600} size="sm">
                        {nameOf(row) || '—'}
                      </Text>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {row.email ?? row.contactNumber}
                      </Text>
                    </>
                  ),
                },
                ...(allUnits
                  ? [
                      {
                        key: 'unit',
                        header: t('invitations.columns.unit'),
                        cell: (row: (typeof rows)[number]) => row.branchName,
                      },
                    ]
                  : []),
                { key: 'role', header: t('invitations.columns.role'), cell: (row) => t(`roles.${row.role}`) },
                {
                  key: 'department',
                  header: t('invitations.columns.department'),
                  cell: (row) => row.departmentName ?? '—',
                },
                {
                  key: 'status',
                  header: t('invitations.columns.status'),
                  cell: (row) => {
                    const delivery = mailStateView(row);
                    return (
                      <Stack gap={4} align="flex-start">
                        <Badge color={STATUS_COLOR[row.status]} variant="light" style={{ minWidth: 'max-content' }}>
                          {t(`invitations.statuses.${row.status}`)}
                        </Badge>
                        {/* A message's state, once one was sent (the demo invitations never were); small
                            text in its colour's darkest shade keeps the contrast above 4.5:1 — teal's
                            darkest is at 4.5:1 on a hovered striped row, so "sent" is darker still. */}
                        {row.sendCount > 0 ? (
                          <Text size="xs" fw={600} c={delivery.color === 'teal' ? '#0b6b50' : `${delivery.color}.9`}>
                            {t(delivery.labelKey)}
                          </Text>
                        ) : null}
                        {delivery.reason ? (
                          <Text size="xs" c="red.9" maw={260} style={{ overflowWrap: 'anywhere' }}>
                            {t('invitations.deliveryReason', { reason: delivery.reason })}
                          </Text>
                        ) : null}
                      </Stack>
                    );
                  },
                },
                {
                  key: 'expires',
                  header: t('invitations.columns.expires'),
                  cell: (row) => (
                    <>
                      <Text size="sm">{date(row.expiresAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {row.sendCount === 0
                          ? t('invitations.notSent')
                          : t('invitations.sentTimes', { count: row.sendCount })}
                      </Text>
                    </>
                  ),
                },
                {
                  key: 'actions',
                  header: t('invitations.columns.actions'),
                  cell: (row) => {
                    const canResend = row.actions.includes('resend');
                    const canRevoke = row.actions.includes('revoke');
                    if (!canResend && !canRevoke) return null;
                    const delivery = mailStateView(row);
                    return (
                      <Group gap={6} wrap="nowrap">
                        {canResend ? (
                          <Button
                            size="xs"
                            variant={delivery.urgeResend ? 'filled' : 'light'}
                            color={delivery.urgeResend ? 'red' : undefined}
                            loading={resendOne.isPending && resendOne.variables?.invitationId === row.invitationId}
                            onClick={() =>
                              resendOne.mutate(
                                { branchId: row.branchId, invitationId: row.invitationId },
                                {
                                  onSuccess: () =>
                                    done(t('invitations.resentOne', { to: row.email ?? row.contactNumber })),
                                  onError: failed,
                                },
                              )
                            }
                          >
                            {t('invitations.resend')}
                          </Button>
                        ) : null}
                        {canRevoke ? (
                          <ConfirmButton
                            size="xs"
                            color="red"
                            variant="subtle"
                            label={t('invitations.revoke')}
                            confirmTitle={t('invitations.revokeConfirmTitle')}
                            confirmBody={t('invitations.revokeConfirmBody', { to: row.email ?? row.contactNumber })}
                            confirmLabel={t('invitations.revoke')}
                            onConfirm={() =>
                              revoke.mutate(
                                { branchId: row.branchId, invitationId: row.invitationId },
                                { onSuccess: () => done(t('invitations.revoked')), onError: failed },
                              )
                            }
                          />
                        ) : null}
                      </Group>
                    );
                  },
                },
              ]}
            />
          )}
          {list.data ? (
            <DataTablePager
              totalPages={list.data.totalPages}
              page={page}
              onChange={paged.setPage}
              size="md"
              summary={
                <Text size="sm" c="dimmed">
                  {t('invitations.total', { count: list.data.totalElements })}
                </Text>
              }
              controlLabel={(control) => t(`invitations.pager.${control}`)}
              pageLabel={(p) => t('invitations.pager.page', { page: p })}
            />
          ) : null}
        </Stack>
      </Paper>

      {inviteUnit ? (
        <InviteDialog
          opened={inviting}
          onClose={() => setInviting(false)}
          branchId={inviteUnit}
          branchName={unitOptions.find((u) => u.value === inviteUnit)?.label ?? ''}
          {...(allUnits ? { units: unitOptions } : {})}
          roles={list.data?.grantableRoles ?? []}
          onInvited={(to) => done(t('invitations.invited', { to }))}
        />
      ) : null}
      {!canEditMail ? null : <TemplateDialog opened={editingTemplate} onClose={() => setEditingTemplate(false)} />}
    </Stack>
  );
}
