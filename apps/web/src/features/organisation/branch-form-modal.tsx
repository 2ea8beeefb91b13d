import type { TBranch, TSaveBranchRequest } from '@app/contract';
import { Alert, Box, Button, ColorInput, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, toColorParam } from '../../lib/api/index.ts';

const DEFAULT_COLOR = '#1F6FEB';

/** Create or edit a business unit: name, colour (with a preview), logo URL, address, headquarters. */
export function BranchFormModal(props: {
  opened: boolean;
  branch: TBranch | null;
  pending: boolean;
  onSubmit: (body: TSaveBranchRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const b = props.branch;
  const [name, setName] = useState(b?.branchName ?? '');
  const [color, setColor] = useState(b?.backgroundColor ? `#${b.backgroundColor}` : DEFAULT_COLOR);
  const [logo, setLogo] = useState(b?.branchLogo ?? '');
  const [address, setAddress] = useState(b?.address ?? '');
  const [headquarter, setHeadquarter] = useState(b?.headquarter ?? false);
  const [error, setError] = useState<string | null>(null);
  const hex = toColorParam(color);
  const logoOk = logo.trim() === '' || /^https?:\/\/\S+$/i.test(logo.trim());

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !hex || !logoOk) return;
    setError(null);
    try {
      await props.onSubmit({
        branchName: name.trim(),
        backgroundColor: hex,
        branchLogo: logo.trim() || null,
        address: address.trim() || null,
        headquarter,
        originUrl: window.location.origin,
      });
      props.onClose();
    } catch (err) {
      setError(errorMessage(err, t('organisation.saveFailed')));
    }
  };

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
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <ColorInput
            label={t('units.color')}
            description={t('units.colorHelp')}
            format="hex"
            value={color}
            onChange={setColor}
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
          <TextInput
            label={t('units.logo')}
            description={t('units.logoHelp')}
            type="url"
            placeholder="https://"
            value={logo}
            onChange={(e) => setLogo(e.currentTarget.value)}
            error={logoOk ? undefined : t('units.logoInvalid')}
          />
          <Textarea
            label={t('units.address')}
            autosize
            minRows={2}
            maxLength={500}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
          />
          <Switch
            label={t('units.headquarter')}
            description={b?.headquarter ? t('units.headquarterLocked') : t('units.headquarterHelp')}
            checked={headquarter}
            disabled={b?.headquarter === true}
            onChange={(e) => setHeadquarter(e.currentTarget.checked)}
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
            <Button type="submit" loading={props.pending} disabled={!name.trim() || !hex || !logoOk}>
              {b ? t('organisation.save') : t('units.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
