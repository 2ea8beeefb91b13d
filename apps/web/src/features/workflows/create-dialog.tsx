import { type TWorkflowJurisdiction, type TWorkflowTemplateKey, WORKFLOW_JURISDICTIONS } from '@app/contract';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/i18n/error-text.ts';
import { useAllBranches } from '../common/organisation.queries.ts';
import { textIn, workflowKeys } from './builder.shared.ts';
import { useReaderLanguage } from './status-badge.tsx';
import { useWorkflowTemplates, workflowsApi } from './workflows.api.ts';

const SCRATCH = 'SCRATCH';

/**
 * Creates a workflow: its name, a template or from scratch (then the law), and the business unit it
 * belongs to (empty: the whole workspace, which needs the whole workspace in the caller's scope —
 * the server says so when it refuses). Creating opens the builder.
 */
export function CreateWorkflowDialog(props: {
  opened: boolean;
  template: TWorkflowTemplateKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflows');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('create.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('create.close') }}
    >
      {props.opened ? <CreateForm template={props.template} onClose={props.onClose} /> : null}
    </Modal>
  );
}

function CreateForm({ template, onClose }: { template: TWorkflowTemplateKey | null; onClose: () => void }) {
  const { t } = useTranslation('workflows');
  const language = useReaderLanguage();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const templates = useWorkflowTemplates();
  const units = useAllBranches();
  const [name, setName] = useState('');
  const [start, setStart] = useState<string>(template ?? SCRATCH);
  const [jurisdiction, setJurisdiction] = useState<TWorkflowJurisdiction | null>(null);
  const [branchId, setBranchId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const chosen = templates.data?.templates.find((x) => x.key === start) ?? null;
  const scratch = start === SCRATCH;

  const create = useMutation({
    mutationFn: () =>
      workflowsApi.create({
        name: name.trim(),
        template: scratch ? null : (start as TWorkflowTemplateKey),
        ...(scratch && jurisdiction ? { jurisdiction } : {}),
        branchId,
      }),
    onSuccess: (builder) => {
      qc.setQueryData(workflowKeys.builder(builder.workflow.id), builder);
      void qc.invalidateQueries({ queryKey: ['session', 'workflows', 'list'] });
      onClose();
      void navigate(`/workflows/${builder.workflow.id}`);
    },
  });

  const nameMissing = !name.trim();
  const lawMissing = scratch && !jurisdiction;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!nameMissing && !lawMissing) create.mutate();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('create.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={tried && nameMissing ? t('create.nameRequired') : undefined}
          required
          maxLength={200}
          data-autofocus
        />
        <Radio.Group label={t('create.start')} value={start} onChange={setStart}>
          <Stack gap="xs" mt={6}>
            {(templates.data?.templates ?? []).map((tpl) => (
              <Radio key={tpl.key} value={tpl.key} label={textIn(tpl.name, language)} />
            ))}
            <Radio value={SCRATCH} label={t('create.scratch')} />
          </Stack>
        </Radio.Group>
        {scratch ? (
          <Select
            label={t('create.jurisdiction')}
            data={WORKFLOW_JURISDICTIONS.map((j) => ({ value: j, label: t(`jurisdiction.${j}`) }))}
            value={jurisdiction}
            onChange={(v) => setJurisdiction(v as TWorkflowJurisdiction | null)}
            error={tried && lawMissing ? t('create.jurisdictionRequired') : undefined}
            required
            allowDeselect={false}
          />
        ) : chosen ? (
          <Text size="sm" c="dimmed">
            {t('create.jurisdictionFixed', { law: t(`jurisdiction.${chosen.jurisdiction}`) })}
          </Text>
        ) : null}
        <Select
          label={t('create.unit')}
          description={t('create.unitHint')}
          placeholder={t('create.wholeWorkspace')}
          data={(units.data ?? []).map((u) => ({ value: u.branchId, label: u.branchName }))}
          value={branchId}
          onChange={setBranchId}
          clearable
          searchable
        />
        {create.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, create.error, t('create.failed'))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
