import {
  PHONE_EXAMPLES,
  type TUserAction,
  type TUserFilterOptions,
  type TWorkspaceRole,
  type TWorkspaceUser,
  ZAdminUpdateUserRequest,
  ZWorkspaceRole,
} from '@app/contract';
import { Alert, Button, Drawer, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneCountry } from '../../app/host-context.tsx';
import { notify } from '../../app/notify.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { showServerErrors, useContractForm } from '../common/contract-form.ts';
import { PlainDateInput } from '../common/date-input.tsx';
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
  dateOfJoining: string | null;
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
    dateOfJoining: u.dateOfJoining ?? null,
    active: u.active,
  };
}

/** Fields whose server-side problems show under their input. */
const FIELDS = [
  'firstName',
  'lastName',
  'employeeId',
  'designation',
  'branchId',
  'departmentId',
  'role',
  'contactNumber',
  'dateOfJoining',
] as const;

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
  const { t } = useTranslation('users');
  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={user ? t('users.form.title', { name: displayName(user) }) : ''}
    >
      {/* A new form for each user opened, starting from what the server has. */}
      {user ? <UserEditForm key={user.userId} user={user} onClose={onClose} options={options} self={self} /> : null}
    </Drawer>
  );
}

function UserEditForm({
  user,
  onClose,
  options,
  self,
}: {
  user: TWorkspaceUser;
  onClose: () => void;
  options: TUserFilterOptions | undefined;
  self: boolean;
}) {
  const { t } = useTranslation('users');
  const phoneCountry = usePhoneCountry();
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateUser();
  const form = useContractForm({
    schema: ZAdminUpdateUserRequest,
    initialValues: formOf(user),
    // Only what changed for the role, contact number and status; the rest as the form shows it.
    toRequest: (f) => ({
      userId: user.userId,
      firstName: f.firstName.trim(),
      lastName: f.lastName.trim(),
      employeeId: f.employeeId.trim() || null,
      designation: f.designation.trim() || null,
      ...(f.branchId && { branchId: f.branchId }),
      departmentId: f.departmentId,
      ...(f.role !== user.role && { role: f.role }),
      ...(f.contactNumber.trim() !== (user.contactNumber ?? '') && {
        contactNumber: f.contactNumber.trim() || null,
      }),
      dateOfJoining: f.dateOfJoining || null,
      ...(f.active !== user.active && { active: f.active }),
    }),
    messages: { firstName: t('users.form.required') },
  });

  const can = (action: TUserAction) => user.actions.includes(action);
  const grantable = options?.grantableRoles ?? [];
  const roles = ZWorkspaceRole.options.filter((r) => grantable.includes(r) || r === user.role);
  const departments = (options?.departments ?? []).filter((d) => d.branchId === form.values.branchId);

  const submit = form.onSubmit((body) => {
    setFailure(null);
    update.mutate(body, {
      onSuccess: (saved) => {
        notify(t('users.saved', { name: displayName(saved) }));
        onClose();
      },
      onError: (e) => {
        showServerErrors(form, e, FIELDS, t);
        setFailure(errorText(t, e));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ProfileImageEditor userId={user.userId} name={displayName(user)} imageUrl={user.profileImageUrl} self={self} />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('users.form.firstName')} {...form.getInputProps('firstName')} required />
          <TextInput label={t('users.form.lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('users.form.employeeId')} {...form.getInputProps('employeeId')} />
          <TextInput label={t('users.form.designation')} {...form.getInputProps('designation')} />
        </SimpleGrid>
        <Select
          label={t('users.branch')}
          data={(options?.branches ?? []).map((b) => ({ value: b.branchId, label: b.branchName }))}
          {...form.getInputProps('branchId')}
          onChange={(v) => form.setValues({ branchId: v, departmentId: null })}
          disabled={!can('move')}
          description={can('move') ? undefined : t('users.form.branchLocked')}
          allowDeselect={false}
        />
        <Select
          label={t('users.department')}
          placeholder={t('users.form.noDepartment')}
          data={departments.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
          {...form.getInputProps('departmentId')}
          clearable
        />
        <Select
          label={t('users.role')}
          data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          {...form.getInputProps('role')}
          disabled={!can('changeRole')}
          description={self ? t('users.form.ownRole') : undefined}
          allowDeselect={false}
        />
        <TextInput
          label={t('users.form.contactNumber')}
          description={t('users.form.contactNumberHelp', { example: PHONE_EXAMPLES[phoneCountry].national })}
          {...form.getInputProps('contactNumber')}
          type="tel"
        />
        <PlainDateInput label={t('users.form.dateOfJoining')} {...form.getInputProps('dateOfJoining')} />
        <Switch
          label={t('users.form.active')}
          {...form.getInputProps('active', { type: 'checkbox' })}
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
  );
}
