import type { TUserFilterOptions, TWorkspaceRole, TWorkspaceUser } from '@app/contract';
import { Alert, Button, Drawer, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { isApiError } from '../../lib/api/index.ts';
import { errorDetailText, errorText } from '../../lib/i18n/errors/error-text.ts';
import { ProfileImageEditor } from './profile-image-editor.tsx';
import { displayName } from './user-name.ts';
import { useUpdateUser } from './users.queries.ts';

const ROLES: TWorkspaceRole[] = ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'];

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
 * Edits one user. A business unit admin (`restricted`) can neither move people to another unit
 * nor offer a role but EMPLOYEE; nobody changes their own role or deactivates themselves.
 */
export function UserEditDrawer({
  user,
  onClose,
  options,
  restricted,
  self,
}: {
  user: TWorkspaceUser | null;
  onClose: () => void;
  options: TUserFilterOptions | undefined;
  restricted: boolean;
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
  const roles = restricted ? ROLES.filter((r) => r === 'EMPLOYEE' || r === user?.role) : ROLES;
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
            setErrors(Object.fromEntries(e.details.map((d) => [d.path.replace(/^body\./, ''), errorDetailText(t, d)])));
          }
          setFailure(errorText(t, e));
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
              disabled={restricted}
              description={restricted ? t('users.form.branchLocked') : undefined}
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
              disabled={self}
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
              disabled={self}
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
