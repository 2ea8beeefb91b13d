import type { TComplaintForm, TLanguage } from '@app/contract';
import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { textIn } from '../../common/complaint-form/cms-text.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { CaseKeyGate } from '../key/case-key-gate.tsx';
import { ComplaintsFrame } from './complaints-frame.tsx';
import { filingApi, filingKeys, useComplaintForms } from './filing.api.ts';

/**
 * `/complaints/new`: the forms the caller may file under (one card each, with who handles it, whom
 * to ask first and what happens next); "Start" opens a sealed draft. Behind the case key: a draft is
 * encrypted from its first save.
 */
export function NewComplaintPage() {
  return (
    <ComplaintsFrame>
      <CaseKeyGate purpose="file">
        <ChooseForm />
      </CaseKeyGate>
    </ComplaintsFrame>
  );
}

function ChooseForm() {
  const { t } = useTranslation('complaintFiling');
  const forms = useComplaintForms();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const start = useMutation({
    mutationFn: (workflowId: string) => filingApi.createDraft(workflowId),
    onSuccess: (draft) => {
      qc.setQueryData(filingKeys.draft(draft.id), draft);
      void qc.invalidateQueries({ queryKey: filingKeys.mine });
      navigate(`/complaints/draft/${draft.id}`, { replace: true });
    },
  });
  if (forms.isPending) return <Loader aria-label="…" />;
  if (forms.isError) return <LoadError title={t('draft.loadError')} onRetry={() => void forms.refetch()} />;
  const list = forms.data.forms;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeading title={t('choose.title')} intro={t('choose.intro')} />
      {list.length === 0 ? <Alert color="gray">{t('choose.none')}</Alert> : null}
      {start.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, start.error)}
        </Alert>
      ) : null}
      {list.map((f) => (
        <FormCard
          key={f.workflowId}
          form={f}
          pending={start.isPending && start.variables === f.workflowId}
          onStart={() => start.mutate(f.workflowId)}
        />
      ))}
    </Stack>
  );
}

function FormCard(props: { form: TComplaintForm; pending: boolean; onStart: () => void }) {
  const { t, i18n } = useTranslation('complaintFiling');
  const f = props.form;
  const description = textIn(f.definition.description, i18n.language as TLanguage);
  return (
    <Card withBorder padding="md" data-testid="complaint-form-choice">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {f.name}
        </Title>
        {description ? <Text size="sm">{description}</Text> : null}
        {f.handlerName ? <Text size="sm">{t('choose.handledBy', { name: f.handlerName })}</Text> : null}
        {f.contact ? (
          <Text size="sm">
            {t('choose.contact', {
              name: [f.contact.name, f.contact.email, f.contact.phone].filter(Boolean).join(' · '),
            })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('choose.whatNext')}
        </Text>
        <div>
          <Button onClick={props.onStart} loading={props.pending} size="md">
            {t('choose.start')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
