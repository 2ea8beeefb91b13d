import { type TBranch, type TSaveBranchRequest, ZSaveBranchRequest } from '@app/contract';
import { Alert, Box, Button, ColorInput, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { organisationApi, toColorParam } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { useContractForm } from '../common/contract-form.ts';
import { organisationKeys } from '../common/keys.ts';
import { LogoPicker } from '../common/logo-picker.tsx';

const DEFAULT_COLOR = '#1F6FEB';

/**
 * Create or edit a business unit: name, colour (with a preview), address, headquarters, and (for a
 * unit that exists) its logo. The logo is uploaded and stored by the server, never given as a link
 * to another site; it changes at once, apart from the form's Save, which leaves it as it is.
 */
export function BranchFormModal(props: {
  opened: boolean;
  branch: TBranch | null;
  pending: boolean;
  onSubmit: (body: TSaveBranchRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation');
  const b = props.branch;
  const form = useContractForm({
    schema: ZSaveBranchRequest,
    initialValues: {
      branchName: b?.branchName ?? '',
      // The colour as the picker shows it, with its `#`; the request carries six hex digits.
      color: b?.backgroundColor ? `#${b.backgroundColor}` : DEFAULT_COLOR,
      address: b?.address ?? '',
      headquarter: b?.headquarter ?? false,
    },
    toRequest: (v) => ({
      branchName: v.branchName.trim(),
      backgroundColor: toColorParam(v.color) ?? '',
      address: v.address.trim() || null,
      headquarter: v.headquarter,
      originUrl: window.location.origin,
    }),
    messages: { backgroundColor: t('units.colorInvalid') },
  });
  const [error, setError] = useState<string | null>(null);
  const [logo, setLogo] = useState(b?.branchLogo ?? null);
  const queryClient = useQueryClient();
  const name = form.values.branchName;
  const hex = toColorParam(form.values.color);

  /** Shows the unit as the server now has it, and refreshes the lists (the table shows the logo). */
  const logoChanged = async (next: TBranch, message: string) => {
    setLogo(next.branchLogo);
    notify(message);
    await queryClient.invalidateQueries({ queryKey: organisationKeys.all });
  };

  const submit = form.onSubmit(async (body) => {
    setError(null);
    try {
      await props.onSubmit(body);
      props.onClose();
    } catch (err) {
      setError(errorText(t, err, t('organisation.saveFailed')));
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={b ? t('units.editTitle', { name: b.branchName }) : t('units.createTitle')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('units.name')}
            required
            maxLength={100}
            {...form.getInputProps('branchName')}
            data-autofocus
          />
          <ColorInput
            label={t('units.color')}
            description={t('units.colorHelp')}
            format="hex"
            {...form.getInputProps('color')}
            // Said while typing, not only on saving: the preview below needs a valid colour.
            error={hex ? undefined : t('units.colorInvalid')}
            withEyeDropper={false}
          />
          <Box
            aria-hidden="true"
            p="sm"
            style={{
              borderRadius: 8,
              background: hex ? `#${hex}` : DEFAULT_COLOR,
              color: 'white',
              fontWeight: 600,
              textShadow: '0 1px 2px rgba(0,0,0,.45)',
            }}
          >
            {name.trim() || t('units.previewName')}
          </Box>
          {b ? (
            <LogoPicker
              logo={logo}
              label={t('units.logo')}
              none={t('units.logoNone')}
              previewAlt={t('units.logoCurrent', { name: b.branchName })}
              headingComponent="div"
              testId="unit-logo-preview"
              onUpload={async (file) =>
                logoChanged(
                  await organisationApi.uploadBranchLogo(b.branchId, file),
                  t('units.logoUploaded', { name: b.branchName }),
                )
              }
              onRemove={async () =>
                logoChanged(
                  await organisationApi.deleteBranchLogo(b.branchId),
                  t('units.logoRemoved', { name: b.branchName }),
                )
              }
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('units.logoAfterCreate')}
            </Text>
          )}
          <Textarea
            label={t('units.address')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('address')}
          />
          <Switch
            label={t('units.headquarter')}
            description={b?.headquarter ? t('units.headquarterLocked') : t('units.headquarterHelp')}
            {...form.getInputProps('headquarter', { type: 'checkbox' })}
            disabled={b?.headquarter === true}
          />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm">{error}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.pending} disabled={!name.trim() || !hex}>
              {b ? t('organisation.save') : t('units.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
