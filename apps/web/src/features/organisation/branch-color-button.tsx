import type { TBranch } from '@app/contract';
import { Box, Button, ColorPicker, Group, Popover, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { organisationApi, toColorParam } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { useOrganisationMutation } from '../common/organisation.queries.ts';

/** The unit's colour swatch; clicking it changes just the colour (`PUT …/branch/{id}/bg-color/{hex}`). */
export function BranchColorButton({ branch }: { branch: TBranch }) {
  const { t } = useTranslation('organisation');
  const [opened, setOpened] = useState(false);
  const [color, setColor] = useState(`#${branch.backgroundColor ?? '1F6FEB'}`);
  const [error, setError] = useState<string | null>(null);
  const hex = toColorParam(color);
  const save = useOrganisationMutation((h: string) => organisationApi.setBranchColor(branch.branchId, h));
  const current = branch.backgroundColor ? `#${branch.backgroundColor}` : 'var(--mantine-primary-color-filled)';

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withArrow
      shadow="md"
      position="bottom-start"
      transitionProps={{ duration: 0 }}
    >
      <Popover.Target>
        <UnstyledButton
          onClick={() => {
            setColor(`#${branch.backgroundColor ?? '1F6FEB'}`);
            setError(null);
            setOpened((o) => !o);
          }}
          aria-label={t('units.changeColorNamed', { name: branch.branchName })}
          title={t('units.changeColor')}
          style={{ display: 'inline-flex', padding: 4, borderRadius: 6 }}
        >
          <Box w={22} h={22} style={{ borderRadius: 4, background: current, border: '1px solid rgba(0,0,0,.2)' }} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={220}>
          <ColorPicker
            format="hex"
            value={hex ? `#${hex}` : '#1F6FEB'}
            onChange={setColor}
            saturationLabel={t('units.saturation')}
            hueLabel={t('units.hue')}
          />
          <TextInput
            label={t('units.color')}
            size="xs"
            value={color}
            onChange={(e) => setColor(e.currentTarget.value)}
            error={hex ? error : t('units.colorInvalid')}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="xs"
              disabled={!hex}
              loading={save.isPending}
              onClick={() =>
                hex &&
                save.mutate(hex, {
                  onSuccess: () => {
                    notify(t('units.colorSaved', { name: branch.branchName }));
                    setOpened(false);
                  },
                  onError: (err) => setError(errorText(t, err, t('organisation.saveFailed'))),
                })
              }
            >
              {t('organisation.save')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
