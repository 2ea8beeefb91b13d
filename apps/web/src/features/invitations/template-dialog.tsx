import { ZEmailTemplateRequest } from '@app/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/i18n/error-text.ts';
import { showServerErrors, useContractForm } from '../common/contract-form.ts';
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
  // Checked with the schema the server parses the request with; the text must hold {{link}}.
  const form = useContractForm({
    schema: ZEmailTemplateRequest,
    initialValues: { subject: '', bodyText: '' },
    toRequest: (v) => ({ kind: 'INVITATION' as const, subject: v.subject.trim(), bodyText: v.bodyText.trim() }),
    messages: {
      bodyText: (issue) => (issue.code === 'custom' ? t('invitations.template.placeholders', PLACEHOLDERS) : undefined),
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!template.data) return;
    setValues({ subject: template.data.subject, bodyText: template.data.bodyText });
    resetDirty({ subject: template.data.subject, bodyText: template.data.bodyText });
  }, [template.data, setValues, resetDirty]);

  // A refusal about a field is said under it; any other in the alert above the fields.
  const [onField, setOnField] = useState(false);
  const onSubmit = form.onSubmit((request) => {
    save.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('invitations.template.saved') });
        props.onClose();
      },
      onError: (e) => setOnField(showServerErrors(form, e, ['subject', 'bodyText'], t)),
    });
  });

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
          {save.error && !onField ? (
            <Alert color="red" variant="light">
              {errorText(t, save.error)}
            </Alert>
          ) : null}
          <TextInput label={t('invitations.template.subject')} {...form.getInputProps('subject')} />
          <Textarea
            label={t('invitations.template.body')}
            description={t('invitations.template.placeholders', PLACEHOLDERS)}
            autosize
            minRows={8}
            {...form.getInputProps('bodyText')}
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
