import { type TDepartment, ZRenameDepartmentRequest } from '@app/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { organisationApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { useContractForm } from '../common/contract-form.ts';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { useAllBranches, useDepartments, useOrganisationMutation } from '../common/organisation.queries.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { allUnitsEntry, defaultUnitSelection, newDepartmentUnit } from '../common/unit-selection.ts';
import { DepartmentManagersModal } from './department-managers-modal.tsx';

/** The selector's value for "All Business Units". */
const ALL = 'ALL';

/** `/departments`: departments per business unit (or of all), with create, rename, delete and managers. */
export function DepartmentsPage() {
  const { t } = useTranslation('organisation');
  const dates = useDates();
  usePageTitle(t('departments.pageTitle'));
  const branches = useAllBranches();
  // The list of every unit's departments heads with the synthetic entry whose actions say whether the
  // caller may create departments in every unit: it then works across units ("All Business Units").
  const everyUnit = useDepartments(null);
  const canSeeAll = everyUnit.data ? allUnitsEntry(everyUnit.data.content)?.actions.includes('create') : undefined;
  // Until the person picks one, the default (undefined while the units and the caller's reach load).
  const [chosenUnit, setUnit] = useState<string | null>(null);
  const unit =
    chosenUnit ??
    (branches.data && canSeeAll !== undefined ? (defaultUnitSelection(canSeeAll, branches.data) ?? ALL) : undefined);
  const branchId = unit === undefined || unit === ALL ? null : unit;
  const departments = useDepartments(branchId, unit !== undefined);
  const unitName = new Map((branches.data ?? []).map((b) => [b.branchId, b.branchName]));
  const rows = (departments.data?.content ?? []).filter(
    (d): d is TDepartment & { departmentId: string } => d.departmentId !== null,
  );
  // Creating needs `create` on the view's synthetic entry (its unit, or every unit).
  const canCreate = departments.data
    ? Boolean(allUnitsEntry(departments.data.content)?.actions.includes('create'))
    : false;

  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TDepartment | null>(null);
  const [deleting, setDeleting] = useState<TDepartment | null>(null);
  const [managing, setManaging] = useState<TDepartment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useOrganisationMutation((d: TDepartment) =>
    organisationApi.deleteDepartments([{ departmentId: d.departmentId!, branchId: d.branchId! }]),
  );

  const unitOptions = [
    ...(canSeeAll ? [{ value: ALL, label: t('departments.allUnits') }] : []),
    ...(branches.data ?? []).map((b) => ({ value: b.branchId, label: b.branchName })),
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeading title={t('departments.heading')} intro={t('departments.intro')} />
        {canCreate ? (
          <Button onClick={() => setCreating(true)} disabled={!branches.data || branches.data.length === 0}>
            {t('departments.create')}
          </Button>
        ) : null}
      </Group>
      <Select
        label={t('departments.unit')}
        data={unitOptions}
        value={unit ?? null}
        onChange={(v) => v && setUnit(v)}
        allowDeselect={false}
        maw={360}
      />

      {departments.isPending || unit === undefined ? (
        <FullPageLoader inline />
      ) : departments.isError ? (
        <LoadError title={t('organisation.loadError')} onRetry={() => void departments.refetch()} />
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="flex-start">
            <Title order={2} fz="lg">
              {t('departments.emptyTitle')}
            </Title>
            <Text c="dimmed">{t('departments.emptyBody')}</Text>
            {canCreate ? <Button onClick={() => setCreating(true)}>{t('departments.createFirst')}</Button> : null}
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" highlightOnHover aria-label={t('departments.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('departments.name')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('departments.unit')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('departments.createdColumn')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('units.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.departmentId} data-testid={`department-${d.departmentName}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {d.departmentName}
                      </Text>
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {unitName.get(d.branchId ?? '') ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{unitName.get(d.branchId ?? '') ?? '—'}</Table.Td>
                    <Table.Td visibleFrom="sm">{d.createdAt ? dates.date(d.createdAt) : '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {d.actions.includes('manageManagers') ? (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setManaging(d)}
                            aria-label={t('departments.managersNamed', { name: d.departmentName })}
                          >
                            {t('departments.managers')}
                          </Button>
                        ) : null}
                        {d.actions.includes('edit') ? (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setRenaming(d)}
                            aria-label={t('departments.renameNamed', { name: d.departmentName })}
                          >
                            {t('departments.rename')}
                          </Button>
                        ) : null}
                        {d.actions.includes('delete') ? (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={t('departments.deleteNamed', { name: d.departmentName })}
                            onClick={() => {
                              setDeleteError(null);
                              setDeleting(d);
                            }}
                          >
                            {t('organisation.delete')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {creating ? (
        <CreateDepartmentModal
          units={unitOptions}
          initialUnit={newDepartmentUnit(branchId, branches.data ?? []) ?? ALL}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {renaming ? <RenameDepartmentModal department={renaming} onClose={() => setRenaming(null)} /> : null}
      {managing ? <DepartmentManagersModal department={managing} onClose={() => setManaging(null)} /> : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('departments.deleteTitle', { name: deleting?.departmentName ?? '' })}
        message={t('departments.deleteBody')}
        confirmLabel={t('organisation.delete')}
        pending={remove.isPending}
        error={deleteError}
        errorTitle={t('organisation.refused')}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              notify(t('departments.deleted', { name: deleting.departmentName }));
              setDeleting(null);
            },
            onError: (err) => setDeleteError(errorText(t, err, t('organisation.saveFailed'))),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function CreateDepartmentModal(props: {
  units: { value: string; label: string }[];
  initialUnit: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation');
  const [unit, setUnit] = useState(props.initialUnit);
  const create = useOrganisationMutation((departmentName: string) =>
    organisationApi.createDepartment(
      unit === ALL ? { departmentName, allBranch: true } : { departmentName, branchId: unit, allBranch: false },
    ),
  );
  const options = props.units.map((u) => (u.value === ALL ? { ...u, label: t('departments.everyUnit') } : u));
  return (
    <DepartmentNameModal
      title={t('departments.createTitle')}
      nameLabel={t('departments.name')}
      initialName=""
      submitLabel={t('departments.create')}
      pending={create.isPending}
      save={async (name) => {
        const made = await create.mutateAsync(name);
        notify(t('departments.createdNotice', { name, count: made.length }));
      }}
      onClose={props.onClose}
    >
      <Select
        label={t('departments.createIn')}
        data={options}
        value={unit}
        onChange={(v) => v && setUnit(v)}
        allowDeselect={false}
      />
    </DepartmentNameModal>
  );
}

function RenameDepartmentModal(props: { department: TDepartment; onClose: () => void }) {
  const { t } = useTranslation('organisation');
  const rename = useOrganisationMutation((name: string) =>
    organisationApi.renameDepartment(props.department.departmentId!, name),
  );
  return (
    <DepartmentNameModal
      title={t('departments.renameTitle', { name: props.department.departmentName })}
      nameLabel={t('departments.newName')}
      initialName={props.department.departmentName}
      submitLabel={t('organisation.save')}
      pending={rename.isPending}
      save={async (name) => {
        await rename.mutateAsync(name);
        notify(t('departments.renamed', { name }));
      }}
      onClose={props.onClose}
    />
  );
}

/** The part of the department requests a name modal checks. */
const ZDepartmentName = ZRenameDepartmentRequest.pick({ departmentName: true });

/** A department's name (and any `children` fields below it); `save` gets the trimmed name, and a refusal shows in place. */
function DepartmentNameModal(props: {
  title: string;
  nameLabel: string;
  initialName: string;
  submitLabel: string;
  pending: boolean;
  save: (name: string) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('organisation');
  const form = useContractForm({
    schema: ZDepartmentName,
    initialValues: { departmentName: props.initialName },
    toRequest: (v) => ({ departmentName: v.departmentName.trim() }),
  });
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(async ({ departmentName }) => {
    setError(null);
    try {
      await props.save(departmentName);
      props.onClose();
    } catch (err) {
      setError(errorText(t, err, t('organisation.saveFailed')));
    }
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={props.onClose}
      title={props.title}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={props.nameLabel}
            required
            maxLength={100}
            {...form.getInputProps('departmentName')}
            data-autofocus
          />
          {props.children}
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.pending} disabled={!form.values.departmentName.trim()}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
