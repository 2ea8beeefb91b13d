import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../lib/i18n/error-text.ts';
import { useSaveTemplate, useTemplate } from './invitations.queries.ts';

/** Placeholders shown literally in the help texts (not filled in by the translation). */
const PLACEHOLDERS = {
  firstName: '{{firstName}}',
  companyName: '{{companyName}}',
  expiresAt: '{{expiresAt}}',
  link: '{{link}}',
};

/** The invitation mail's subject and text, with placeholders; {{link}} is required. */
export function TemplateDialog(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('invitations');
  const template = useTemplate(props.opened);
  const save = useSaveTemplate();
  const [subject, setSubject] = useState('');
  const [bodyText, setBodyText] = useState('');
  useEffect(() => {
    if (!template.data) return;
    setSubject(template.data.subject);
    setBodyText(template.data.bodyText);
  }, [template.data]);

  const fieldError = (path: string) => fieldErrorText(t, save.error, path);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { kind: 'INVITATION', subject, bodyText },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('invitations.template.saved') });
          props.onClose();
        },
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={t('invitations.template.title')}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('invitations.template.intro', { link: '{{link}}' })}
          </Text>
          {save.error && !fieldError('subject') && !fieldError('bodyText') ? (
            <Alert color="red" variant="light">
              {errorText(t, save.error)}
            </Alert>
          ) : null}
          <TextInput
            label={t('invitations.template.subject')}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={fieldError('subject')}
          />
          <Textarea
            label={t('invitations.template.body')}
            description={t('invitations.template.placeholders', PLACEHOLDERS)}
            autosize
            minRows={8}
            value={bodyText}
            onChange={(e) => setBodyText(e.currentTarget.value)}
            error={fieldError('bodyText')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!template.data}>
              {t('invitations.template.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
