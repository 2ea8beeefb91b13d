import type { TCasePeoplePerson } from '@app/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { useComplaintForms } from '../filing/filing.api.ts';
import { committeeCasesApi } from './committee.api.ts';
import { PersonPicker } from './person-picker.tsx';

/**
 * "Write down a complaint for someone" (POSH s.9(1)): a committee member picks the person and the
 * form, and a draft is started in that person's name (`POST /cms/api/complaint/draft` with
 * `onBehalfOf`; the case records who wrote it down), then filled in on the draft page.
 */
export function WriteDownComplaint() {
  const { t } = useTranslation('committeeCases');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} w={{ base: '100%', xs: 'auto' }}>
        {t('writeDown.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('writeDown.title')} size="lg">
        {opened ? <WriteDownForm onCancel={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function WriteDownForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('committeeCases');
  const navigate = useNavigate();
  const forms = useComplaintForms();
  const [person, setPerson] = useState<TCasePeoplePerson | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = forms.data?.forms ?? [];
  // The only form is chosen for you.
  const workflowId = chosen ?? (list.length === 1 ? list[0]!.workflowId : null);
  const form = list.find((f) => f.workflowId === workflowId) ?? null;
  const start = useMutation({
    mutationFn: () => committeeCasesApi.assistedDraft(workflowId!, person!.accountId),
    onSuccess: (draft) => void navigate(`/complaints/draft/${draft.id}`),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (person && workflowId && !start.isPending) start.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('writeDown.why')}</Text>
        <PersonPicker label={t('writeDown.person')} value={person} onChange={setPerson} required />
        {forms.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, forms.error, t('writeDown.formsError'))}
          </Alert>
        ) : forms.data && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('writeDown.noForms')}
          </Text>
        ) : (
          <Select
            label={t('writeDown.form')}
            required
            data={list.map((f) => ({ value: f.workflowId, label: f.name }))}
            value={workflowId}
            onChange={setChosen}
            allowDeselect={false}
            disabled={forms.isPending}
          />
        )}
        {form?.jurisdiction === 'CA_SOR_2020_130' ? <Text size="sm">{t('writeDown.canada')}</Text> : null}
        {start.error ? (
          <Alert color="red" role="alert">
            {errorText(t, start.error, t('writeDown.failed'))}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('writeDown.cancel')}
          </Button>
          <Button type="submit" loading={start.isPending} disabled={!person || !workflowId}>
            {t('writeDown.start')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
