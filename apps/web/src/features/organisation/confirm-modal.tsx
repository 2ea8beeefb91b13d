import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before a destructive action; shows the server's refusal (e.g. "still has 3 users") in place. */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('organisation.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
    >
      <Stack gap="md">
        <Text>{props.message}</Text>
        {props.error ? (
          <Alert color="red" variant="light" role="alert" title={t('organisation.refused')}>
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('organisation.cancel')}
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The message of a failed call, for showing to a person. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
