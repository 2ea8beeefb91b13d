import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that asks before it acts (every destructive or wide action is confirmed). */
export function ConfirmButton(
  props: ButtonProps & {
    label: string;
    confirmTitle: string;
    confirmBody: string;
    confirmLabel: string;
    onConfirm: () => void;
  },
) {
  const { t } = useTranslation();
  const { label, confirmTitle, confirmBody, confirmLabel, onConfirm, ...button } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" {...button} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={open}
        onClose={() => setOpen(false)}
        title={confirmTitle}
        centered
      >
        <Text>{confirmBody}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color={button.color ?? 'blue'}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
