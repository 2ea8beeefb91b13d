import { PHONE_EXAMPLES, type TWorkspaceRole, ZInviteUserRequest } from '@app/contract';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneCountry } from '../../app/host-context.tsx';
import { errorText } from '../../lib/i18n/error-text.ts';
import { showServerErrors, useContractForm } from '../common/contract-form.ts';
import { PlainDateInput } from '../common/date-input.tsx';
import { useDepartments } from '../common/organisation.queries.ts';
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
  dateOfJoining: null as string | null,
};
/** Fields whose server-side problems (a taken address, an unknown department) show under the input. */
const SERVER_FIELDS = ['email', 'contactNumber', 'firstName', 'departmentId', 'dateOfJoining'] as const;

/**
 * Invite one person to a business unit: who, in what role and department. With `units` (a page
 * showing every unit, or the users page) the unit is chosen in the dialog, starting at `branchId`.
 */
export function InviteDialog(props: {
  opened: boolean;
  onClose: () => void;
  branchId: string;
  branchName: string;
  units?: ReadonlyArray<{ value: string; label: string }>;
  /** The roles the caller may invite people as (the server's grant rule: a business unit admin, employees only). */
  roles: readonly TWorkspaceRole[];
  onInvited: (to: string) => void;
}) {
  const { t } = useTranslation('invitations');
  const phoneCountry = usePhoneCountry();
  const form = useContractForm({
    schema: ZInviteUserRequest,
    initialValues: EMPTY,
    // Empty optional fields are left out, as the API expects.
    toRequest: (v) => ({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      role: v.role,
      ...(v.email.trim() ? { email: v.email.trim() } : {}),
      ...(v.contactNumber.trim() ? { contactNumber: v.contactNumber.trim() } : {}),
      ...(v.departmentId ? { departmentId: v.departmentId } : {}),
      ...(v.designation.trim() ? { designation: v.designation.trim() } : {}),
      ...(v.employeeId.trim() ? { employeeId: v.employeeId.trim() } : {}),
      ...(v.dateOfJoining ? { dateOfJoining: v.dateOfJoining } : {}),
    }),
    messages: {
      email: (issue) => (issue.code === 'custom' ? t('invitations.form.contactRequired') : undefined),
      firstName: (issue) => (issue.code === 'too_small' ? t('invitations.form.firstNameRequired') : undefined),
    },
  });
  const [chosenUnit, setChosenUnit] = useState(props.branchId);
  useEffect(() => {
    if (props.opened) setChosenUnit(props.branchId);
  }, [props.opened, props.branchId]);
  const branchId = props.units ? chosenUnit : props.branchId;
  const departments = useDepartments(branchId, props.opened);
  const invite = useInvite();

  const roles = props.roles;
  const close = () => {
    form.reset();
    invite.reset();
    props.onClose();
  };

  const onSubmit = form.onSubmit((body) => {
    invite.mutate(
      { branchId, body },
      {
        onSuccess: (created) => {
          props.onInvited(created.email ?? created.contactNumber ?? '');
          close();
        },
        onError: (error) => showServerErrors(form, error, SERVER_FIELDS, t),
      },
    );
  });

  const serverFieldError = SERVER_FIELDS.some((f) => form.errors[f]);
  const general = invite.error && !serverFieldError ? errorText(t, invite.error) : null;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.opened}
      onClose={close}
      title={props.units ? t('invitations.form.titleAnyUnit') : t('invitations.form.title', { unit: props.branchName })}
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
            {props.units ? (
              <Select
                label={t('invitations.form.businessUnit')}
                data={props.units}
                value={chosenUnit}
                onChange={(v) => {
                  if (!v) return;
                  setChosenUnit(v);
                  form.setFieldValue('departmentId', null);
                }}
                allowDeselect={false}
                style={{ gridColumn: '1 / -1' }}
              />
            ) : null}
            <TextInput
              label={t('invitations.form.email')}
              type="email"
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('invitations.form.phone')}
              description={t('invitations.form.phoneHelp', { example: PHONE_EXAMPLES[phoneCountry].national })}
              {...form.getInputProps('contactNumber')}
            />
            <TextInput label={t('invitations.form.firstName')} {...form.getInputProps('firstName')} />
            <TextInput label={t('invitations.form.lastName')} {...form.getInputProps('lastName')} />
            <Select
              label={t('invitations.form.role')}
              data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              {...form.getInputProps('role')}
              allowDeselect={false}
            />
            <Select
              label={t('invitations.form.department')}
              placeholder={t('invitations.form.noDepartment')}
              data={(departments.data?.content ?? [])
                .filter((d) => d.departmentId)
                .map((d) => ({ value: d.departmentId!, label: d.departmentName }))}
              {...form.getInputProps('departmentId')}
              clearable
              clearButtonProps={{ 'aria-label': t('invitations.form.clearDepartment') }}
            />
            <TextInput label={t('invitations.form.designation')} {...form.getInputProps('designation')} />
            <TextInput label={t('invitations.form.employeeId')} {...form.getInputProps('employeeId')} />
            <PlainDateInput label={t('invitations.form.dateOfJoining')} {...form.getInputProps('dateOfJoining')} />
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
