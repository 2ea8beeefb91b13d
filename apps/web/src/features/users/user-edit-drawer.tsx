import {
  type TUserAction,
  type TUserFilterOptions,
  type TWorkspaceRole,
  type TWorkspaceUser,
  ZWorkspaceRole,
} from '@app/contract';
import { Alert, Button, Drawer, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { isApiError } from '../../lib/api/index.ts';
import { ProfileImageEditor } from './profile-image-editor.tsx';
import { displayName } from './user-name.ts';
import { useUpdateUser } from './users.queries.ts';

type TForm = {
  firstName: string;
  lastName: string;
  employeeId: string;
  designation: string;
  branchId: string | null;
  departmentId: string | null;
  role: TWorkspaceRole;
  contactNumber: string;
  dateOfJoining: string;
  active: boolean;
};

function formOf(u: TWorkspaceUser): TForm {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    employeeId: u.employeeId ?? '',
    designation: u.designation ?? '',
    branchId: u.branch?.branchId ?? null,
    departmentId: u.department?.departmentId ?? null,
    role: u.role,
    contactNumber: u.contactNumber ?? '',
    dateOfJoining: u.dateOfJoining ?? '',
    active: u.active,
  };
}

/**
 * Edits one user. What may change follows the user's `actions` from the server (moving to another
 * unit, changing the role, deactivating); the role picker offers the roles the caller may give.
 */
export function UserEditDrawer({
  user,
  onClose,
  options,
  self,
}: {
  user: TWorkspaceUser | null;
  onClose: () => void;
  options: TUserFilterOptions | undefined;
  self: boolean;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateUser();

  useEffect(() => {
    setForm(user ? formOf(user) : null);
    setErrors({});
    setFailure(null);
  }, [user]);

  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const can = (action: TUserAction) => user?.actions.includes(action) ?? false;
  const grantable = options?.grantableRoles ?? [];
  const roles = ZWorkspaceRole.options.filter((r) => grantable.includes(r) || r === user?.role);
  const departments = (options?.departments ?? []).filter((d) => d.branchId === form?.branchId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!user || !form) return;
    const problems: Record<string, string> = {};
    if (!form.firstName.trim()) problems.firstName = t('users.form.required');
    if (!form.lastName.trim()) problems.lastName = t('users.form.required');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      {
        userId: user.userId,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        employeeId: form.employeeId.trim() || null,
        designation: form.designation.trim() || null,
        ...(form.branchId && { branchId: form.branchId }),
        departmentId: form.departmentId,
        ...(form.role !== user.role && { role: form.role }),
        ...(form.contactNumber.trim() !== (user.contactNumber ?? '') && {
          contactNumber: form.contactNumber.trim() || null,
        }),
        dateOfJoining: form.dateOfJoining || null,
        ...(form.active !== user.active && { active: form.active }),
      },
      {
        onSuccess: (saved) => {
          notify(t('users.saved', { name: displayName(saved) }));
          onClose();
        },
        onError: (e) => {
          if (isApiError(e) && e.details?.length) {
            setErrors(Object.fromEntries(e.details.map((d) => [d.path.replace(/^body\./, ''), d.message])));
          }
          setFailure(e.message);
        },
      },
    );
  };

  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={user ? t('users.form.title', { name: displayName(user) }) : ''}
    >
      {form && user ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <ProfileImageEditor
              userId={user.userId}
              name={displayName(user)}
              imageUrl={user.profileImageUrl}
              self={self}
            />
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('users.form.firstName')}
                value={form.firstName}
                onChange={(e) => set('firstName', e.currentTarget.value)}
                error={errors.firstName}
                required
              />
              <TextInput
                label={t('users.form.lastName')}
                value={form.lastName}
                onChange={(e) => set('lastName', e.currentTarget.value)}
                error={errors.lastName}
                required
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('users.form.employeeId')}
                value={form.employeeId}
                onChange={(e) => set('employeeId', e.currentTarget.value)}
                error={errors.employeeId}
              />
              <TextInput
                label={t('users.form.designation')}
                value={form.designation}
                onChange={(e) => set('designation', e.currentTarget.value)}
                error={errors.designation}
              />
            </SimpleGrid>
            <Select
              label={t('users.branch')}
              data={(options?.branches ?? []).map((b) => ({ value: b.branchId, label: b.branchName }))}
              value={form.branchId}
              onChange={(v) => {
                set('branchId', v);
                set('departmentId', null);
              }}
              disabled={!can('move')}
              description={can('move') ? undefined : t('users.form.branchLocked')}
              allowDeselect={false}
              error={errors.branchId}
            />
            <Select
              label={t('users.department')}
              placeholder={t('users.form.noDepartment')}
              data={departments.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
              value={form.departmentId}
              onChange={(v) => set('departmentId', v)}
              clearable
              error={errors.departmentId}
            />
            <Select
              label={t('users.role')}
              data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              value={form.role}
              onChange={(v) => v && set('role', v as TWorkspaceRole)}
              disabled={!can('changeRole')}
              description={self ? t('users.form.ownRole') : undefined}
              allowDeselect={false}
              error={errors.role}
            />
            <TextInput
              label={t('users.form.contactNumber')}
              description={t('users.form.contactNumberHelp')}
              value={form.contactNumber}
              onChange={(e) => set('contactNumber', e.currentTarget.value)}
              error={errors.contactNumber}
              type="tel"
            />
            <TextInput
              label={t('users.form.dateOfJoining')}
              type="date"
              value={form.dateOfJoining}
              onChange={(e) => set('dateOfJoining', e.currentTarget.value)}
              error={errors.dateOfJoining}
            />
            <Switch
              label={t('users.form.active')}
              checked={form.active}
              onChange={(e) => set('active', e.currentTarget.checked)}
              disabled={!can(user.active ? 'deactivate' : 'reactivate')}
            />
            <Group justify="flex-end" gap="xs" mt="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('users.form.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Drawer>
  );
}
