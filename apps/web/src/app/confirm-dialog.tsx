import { Alert, Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a destructive or wide action. When the action fails, `error` shows the server's
 * refusal (e.g. "still has 3 users") in place, under `errorTitle`.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  pending?: boolean;
  error?: string | null;
  errorTitle?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
    >
      <Stack gap="md">
        <Text>{props.message}</Text>
        {props.error ? (
          <Alert color="red" variant="light" role="alert" title={props.errorTitle}>
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={props.confirmColor ?? 'red'} loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A button that opens a ConfirmDialog and acts only when that is confirmed. */
export function ConfirmButton(
  props: ButtonProps & {
    label: string;
    confirmTitle: string;
    confirmBody: string;
    confirmLabel: string;
    onConfirm: () => void;
  },
) {
  const { label, confirmTitle, confirmBody, confirmLabel, onConfirm, ...button } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" {...button} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        opened={open}
        title={confirmTitle}
        message={confirmBody}
        confirmLabel={confirmLabel}
        confirmColor={button.color ?? 'blue'}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
