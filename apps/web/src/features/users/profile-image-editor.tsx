import { PROFILE_IMAGE_MAX_BYTES } from '@app/contract';
import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { UserAvatar } from './user-avatar.tsx';
import { useProfileImage } from './users.queries.ts';

/**
 * Shows a person's picture and lets it be uploaded, replaced or removed: your own (`self`), or as an
 * administrator someone else's. The chosen file is previewed while it uploads; the server's
 * refusals (too large, not an image) are shown as it words them.
 */
export function ProfileImageEditor({
  userId,
  name,
  imageUrl,
  self,
}: {
  userId: string;
  name: string;
  imageUrl: string | null;
  self: boolean;
}) {
  const { t } = useTranslation();
  const { upload, remove } = useProfileImage();
  const [current, setCurrent] = useState(imageUrl);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  useEffect(() => {
    setCurrent(imageUrl);
    setError(null);
  }, [imageUrl]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      setError(t('profileImage.tooLarge'));
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(
      { userId: self ? undefined : userId, file },
      {
        onSuccess: (saved) => {
          setCurrent(saved.profileImageUrl);
          notify(t('profileImage.uploaded'));
        },
        onError: (e) => setError(errorText(t, e)),
        onSettled: () => setPreview(null),
      },
    );
  };

  const clear = () => {
    setError(null);
    remove.mutate(userId, {
      onSuccess: () => {
        setCurrent(null);
        notify(t('profileImage.removed'));
      },
      onError: (e) => setError(errorText(t, e)),
    });
  };

  return (
    <Stack gap="xs" aria-busy={busy}>
      <Group gap="md" wrap="nowrap" align="center">
        <UserAvatar
          name={name}
          src={preview ?? current}
          size={72}
          alt={t('profileImage.of', { name })}
          data-testid="profile-image-preview"
          style={{ opacity: preview ? 0.6 : 1, flexShrink: 0 }}
        />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {t('profileImage.label')}
          </Text>
          <Group gap="xs">
            <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp" disabled={busy}>
              {(props) => (
                <Button {...props} size="xs" loading={upload.isPending} disabled={remove.isPending}>
                  {current ? t('profileImage.replace') : t('profileImage.upload')}
                </Button>
              )}
            </FileButton>
            {current ? (
              <Button
                size="xs"
                variant="default"
                onClick={clear}
                loading={remove.isPending}
                disabled={upload.isPending}
              >
                {t('profileImage.remove')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {current ? t('profileImage.help') : `${t('profileImage.none')} ${t('profileImage.help')}`}
          </Text>
        </Stack>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
