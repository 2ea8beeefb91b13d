import { LOGO_MAX_BYTES } from '@app/contract';
import { Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/i18n/error-text.ts';

/**
 * A stored logo with its preview and the buttons to upload, replace or remove it (the workspace
 * logo on the settings page, a business unit's in its dialog). The file is checked against the
 * server's size limit first, so that nobody waits for a refusal; the server's own refusal (not an
 * image, damaged…) is shown under the buttons. Each action is busy until the server answers.
 */
export function LogoPicker(props: {
  /** The stored logo's URL, or null. */
  logo: string | null;
  /** The heading above the preview. */
  label: string;
  /** What the preview area says while there is no logo. */
  none: string;
  /** The preview image's alternative text. */
  previewAlt: string;
  /** Uploads the chosen file; its rejection's message is shown. */
  onUpload: (file: File) => Promise<unknown>;
  /** Removes the logo; its rejection's message is shown. */
  onRemove: () => Promise<unknown>;
  /** The heading's element: h3 on a page section, a plain label in a dialog. */
  headingComponent?: 'h3' | 'div';
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (what: 'upload' | 'remove', action: () => Promise<unknown>) => {
    setError(null);
    setBusy(what);
    try {
      await action();
    } catch (err) {
      setError(errorText(t, err, t('logo.failed')));
    } finally {
      setBusy(null);
    }
  };

  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setError(t('logo.tooLarge'));
      return;
    }
    void run('upload', () => props.onUpload(file));
  };

  return (
    <Stack gap="xs">
      <Text fw={600} component={props.headingComponent ?? 'h3'} fz="sm" m={0}>
        {props.label}
      </Text>
      <Box
        h={88}
        p="sm"
        bg="gray.0"
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '1px dashed var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        {props.logo ? (
          <img
            src={props.logo}
            alt={props.previewAlt}
            data-testid={props.testId ?? 'logo-preview'}
            style={{ maxHeight: 64, maxWidth: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Text c="dimmed" size="sm">
            {props.none}
          </Text>
        )}
      </Box>
      <Group gap="xs">
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp" disabled={busy !== null}>
          {(fileProps) => (
            <Button {...fileProps} size="sm" loading={busy === 'upload'} disabled={busy === 'remove'}>
              {props.logo ? t('logo.replace') : t('logo.upload')}
            </Button>
          )}
        </FileButton>
        {props.logo ? (
          <Button
            size="sm"
            variant="default"
            loading={busy === 'remove'}
            disabled={busy === 'upload'}
            onClick={() => void run('remove', props.onRemove)}
          >
            {t('logo.remove')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('logo.help')}
      </Text>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
