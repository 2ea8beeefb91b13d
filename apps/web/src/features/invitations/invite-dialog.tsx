import { type TInviteUserRequest, type TWorkspaceRole, ZWorkspaceRole } from '@app/contract';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../lib/i18n/errors/error-text.ts';
import { useDepartments } from '../organisation/organisation.queries.ts';
import { useInvite } from './invitations.queries.ts';

const EMPTY = {
  email: '',
  contactNumber: '',
  firstName: '',
  lastName: '',
  role: 'EMPLOYEE' as TWorkspaceRole,
  departmentId: null as string | null,
  designation: '',
  employeeId: '',
  dateOfJoining: '',
};

/** Invite one person to a business unit: who, in what role and department. */
export function InviteDialog(props: {
  opened: boolean;
  onClose: () => void;
  branchId: string;
  branchName: string;
  /** A business unit admin may invite employees only (the spec's restricted role list). */
  restrictedRoles: boolean;
  onInvited: (to: string) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [missing, setMissing] = useState<{ contact?: boolean; firstName?: boolean }>({});
  const departments = useDepartments(props.branchId, props.opened);
  const invite = useInvite();
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const fieldError = (path: string) => fieldErrorText(t, invite.error, path);

  const roles = props.restrictedRoles ? (['EMPLOYEE'] as const) : ZWorkspaceRole.options;
  const close = () => {
    setForm(EMPTY);
    setMissing({});
    invite.reset();
    props.onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const m = { contact: !form.email.trim() && !form.contactNumber.trim(), firstName: !form.firstName.trim() };
    setMissing(m);
    if (m.contact || m.firstName) return;
    const body: TInviteUserRequest = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      role: form.role,
      ...(form.email.trim() ? { email: form.email.trim() } : {}),
      ...(form.contactNumber.trim() ? { contactNumber: form.contactNumber.trim() } : {}),
      ...(form.departmentId ? { departmentId: form.departmentId } : {}),
      ...(form.designation.trim() ? { designation: form.designation.trim() } : {}),
      ...(form.employeeId.trim() ? { employeeId: form.employeeId.trim() } : {}),
      ...(form.dateOfJoining ? { dateOfJoining: form.dateOfJoining } : {}),
    };
    invite.mutate(
      { branchId: props.branchId, body },
      {
        onSuccess: (created) => {
          props.onInvited(created.email ?? created.contactNumber ?? '');
          close();
        },
      },
    );
  };

  const general =
    invite.error && !fieldError('email') && !fieldError('contactNumber') ? errorText(t, invite.error) : null;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.opened}
      onClose={close}
      title={t('invitations.form.title', { unit: props.branchName })}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('invitations.form.intro')}
          </Text>
          {general ? (
            <Alert color="red" variant="light">
              {general}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('invitations.form.email')}
              type="email"
              autoComplete="off"
              value={form.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={fieldError('email') ?? (missing.contact ? t('invitations.form.contactRequired') : undefined)}
            />
            <TextInput
              label={t('invitations.form.phone')}
              description={t('invitations.form.phoneHelp')}
              value={form.contactNumber}
              onChange={(e) => set('contactNumber', e.currentTarget.value)}
              error={fieldError('contactNumber')}
            />
            <TextInput
              label={t('invitations.form.firstName')}
              value={form.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={missing.firstName ? t('invitations.form.firstNameRequired') : fieldError('firstName')}
            />
            <TextInput
              label={t('invitations.form.lastName')}
              value={form.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
            />
            <Select
              label={t('invitations.form.role')}
              data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              value={form.role}
              onChange={(v) => set('role', (v ?? 'EMPLOYEE') as TWorkspaceRole)}
              allowDeselect={false}
            />
            <Select
              label={t('invitations.form.department')}
              placeholder={t('invitations.form.noDepartment')}
              data={(departments.data?.content ?? [])
                .filter((d) => d.departmentId)
                .map((d) => ({ value: d.departmentId!, label: d.departmentName }))}
              value={form.departmentId}
              onChange={(v) => set('departmentId', v)}
              clearable
              error={fieldError('departmentId')}
            />
            <TextInput
              label={t('invitations.form.designation')}
              value={form.designation}
              onChange={(e) => set('designation', e.currentTarget.value)}
            />
            <TextInput
              label={t('invitations.form.employeeId')}
              value={form.employeeId}
              onChange={(e) => set('employeeId', e.currentTarget.value)}
            />
            <TextInput
              label={t('invitations.form.dateOfJoining')}
              type="date"
              value={form.dateOfJoining}
              onChange={(e) => set('dateOfJoining', e.currentTarget.value)}
              error={fieldError('dateOfJoining')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('invitations.form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
