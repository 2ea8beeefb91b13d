import type { TInvitation, TInvitationListRequest } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmButton } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/errors/error-text.ts';
import { useSignedInUser } from '../auth/session.queries.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { useAllBranches } from '../organisation/organisation.queries.ts';
import { headquartersSelection } from '../organisation/unit-selection.ts';
import {
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

const STATUS_FILTERS: TInvitationListRequest['status'][] = ['UNUSED', 'PENDING', 'EXPIRED', 'USED', 'REVOKED', 'ALL'];
const STATUS_COLOR: Record<TInvitation['status'], string> = {
  PENDING: 'blue',
  EXPIRED: 'orange',
  USED: 'green',
  REVOKED: 'gray',
};

/** `/invitations`: invite people, and follow, resend or revoke the invitations of a business unit. */
export function InvitationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('invitations.pageTitle'));
  const me = useSignedInUser();
  const membership = me.workspaces.find((w) => w.workspaceId === me.currentWorkspaceId) ?? null;
  const isBranchAdmin = me.currentRole === 'BRANCH_ADMIN';
  const units = useAllBranches();
  // A business unit admin works in its own unit; others start with the headquarters (or the first unit).
  const myUnits = isBranchAdmin
    ? (units.data ?? []).filter((u) => u.branchId === membership?.branch?.branchId)
    : (units.data ?? []);
  const unitOptions = myUnits.map((u) => ({ value: u.branchId, label: u.branchName }));
  const [chosenBranchId, setBranchId] = useState<string | null>(null);
  const branchId = chosenBranchId ?? headquartersSelection(myUnits);
  const [status, setStatus] = useState<TInvitationListRequest['status']>('UNUSED');
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search.trim(), 300);
  // The page number and the selection belong to one view (unit, status, search): a new view starts afresh.
  const viewKey = `${branchId}|${status}|${searchText}`;
  const [paging, setPaging] = useState({ view: '', page: 0 });
  const page = paging.view === viewKey ? paging.page : 0;
  const setPage = (p: number) => setPaging({ view: viewKey, page: p });
  const [selection, setSelection] = useState({ view: '', ids: new Set<string>() });
  const selected = selection.view === `${viewKey}|${page}` ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ view: `${viewKey}|${page}`, ids });
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
  const resendable = rows.filter((r) => r.status === 'PENDING' || r.status === 'EXPIRED');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const allSelected = resendable.length > 0 && resendable.every((r) => selected.has(r.invitationId));

  if (units.isPending) return <FullPageLoader inline />;
  if (units.isError) {
    return <LoadError title={t('invitations.loadError')} onRetry={() => void units.refetch()} />;
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeading title={t('invitations.heading')} intro={t('invitations.intro')} />
        <Group gap="xs">
          <Button variant="default" component={Link} to="/invitations/import">
            {t('invitations.importFile')}
          </Button>
          {isBranchAdmin ? null : (
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
              data={unitOptions}
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
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
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
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('invitations.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('invitations.selectAll')}
                        checked={allSelected}
                        indeterminate={!allSelected && selected.size > 0}
                        disabled={resendable.length === 0}
                        onChange={() =>
                          setSelected(allSelected ? new Set() : new Set(resendable.map((r) => r.invitationId)))
                        }
                      />
                    </Table.Th>
                    <Table.Th>{t('invitations.columns.person')}</Table.Th>
                    <Table.Th>{t('invitations.columns.role')}</Table.Th>
                    <Table.Th>{t('invitations.columns.department')}</Table.Th>
                    <Table.Th>{t('invitations.columns.status')}</Table.Th>
                    <Table.Th>{t('invitations.columns.expires')}</Table.Th>
                    <Table.Th>{t('invitations.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
                    const open = row.status === 'PENDING' || row.status === 'EXPIRED';
                    const delivery = mailStateView(row);
                    return (
                      <Table.Tr key={row.invitationId}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('invitations.select', { name: name || row.email || row.contactNumber })}
                            checked={selected.has(row.invitationId)}
                            disabled={!open}
                            onChange={() => {
                              const next = new Set(selected);
                              if (next.has(row.invitationId)) next.delete(row.invitationId);
                              else next.add(row.invitationId);
                              setSelected(next);
                            }}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {name || '—'}
                          </Text>
                          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {row.email ?? row.contactNumber}
                          </Text>
                        </Table.Td>
                        <Table.Td>{t(`roles.${row.role}`)}</Table.Td>
                        <Table.Td>{row.departmentName ?? '—'}</Table.Td>
                        <Table.Td>
                          <Stack gap={4} align="flex-start">
                            <Badge color={STATUS_COLOR[row.status]} variant="light">
                              {t(`invitations.statuses.${row.status}`)}
                            </Badge>
                            {/* A message's state, once one was sent (the demo invitations never were); small
                                text in its colour's darkest shade keeps the contrast above 4.5:1. */}
                            {row.sendCount > 0 ? (
                              <Text size="xs" fw={600} c={`${delivery.color}.9`}>
                                {t(delivery.labelKey)}
                              </Text>
                            ) : null}
                            {delivery.reason ? (
                              <Text size="xs" c="red.8" maw={260} style={{ overflowWrap: 'anywhere' }}>
                                {t('invitations.deliveryReason', { reason: delivery.reason })}
                              </Text>
                            ) : null}
                          </Stack>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{date(row.expiresAt)}</Text>
                          <Text size="xs" c="dimmed">
                            {row.sendCount === 0
                              ? t('invitations.notSent')
                              : t('invitations.sentTimes', { count: row.sendCount })}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {open ? (
                            <Group gap={6} wrap="nowrap">
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
                            </Group>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {list.data && list.data.totalPages > 1 ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('invitations.total', { count: list.data.totalElements })}
              </Text>
              <Pagination
                total={list.data.totalPages}
                value={page + 1}
                onChange={(p) => setPage(p - 1)}
                getControlProps={(control) => ({ 'aria-label': t(`invitations.pager.${control}`) })}
                getItemProps={(p) => ({ 'aria-label': t('invitations.pager.page', { page: p }) })}
              />
            </Group>
          ) : null}
        </Stack>
      </Paper>

      {branchId ? (
        <InviteDialog
          opened={inviting}
          onClose={() => setInviting(false)}
          branchId={branchId}
          branchName={unitOptions.find((u) => u.value === branchId)?.label ?? ''}
          restrictedRoles={isBranchAdmin}
          onInvited={(to) => done(t('invitations.invited', { to }))}
        />
      ) : null}
      {isBranchAdmin ? null : <TemplateDialog opened={editingTemplate} onClose={() => setEditingTemplate(false)} />}
    </Stack>
  );
}
