import type { TLanguage, TWorkflowBuilder } from '@app/contract';
import { Alert, Anchor, Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { LoadError } from '../common/load-error.tsx';
import { type TabProps, useBuilder, useBuilderMutation } from './builder.shared.ts';
import { FormTab } from './form/form-tab.tsx';
import { ProcessTab } from './process-tab.tsx';
import { PublishDialog } from './publish-dialog.tsx';
import { StagesTab } from './stages/stages-tab.tsx';
import { StatusBadge } from './status-badge.tsx';
import { BUILDER_TABS, type TBuilderTab, tabOf } from './workflow-view.ts';
import { workflowsApi } from './workflows.api.ts';

/**
 * `/workflows/:id?tab=process|form|stages&lang=hi`: the workflow builder — its header (name, state,
 * version, publish, start a new version, the language the tabs edit, the history) and the spec's
 * three tabs. The tab and the language are in the URL, so a reload keeps them.
 */
export function WorkflowBuilderPage() {
  const { t } = useTranslation('workflows');
  const { id } = useParams();
  const builder = useBuilder(id);
  usePageTitle(builder.data?.workflow.name ?? t('list.pageTitle'));
  if (builder.isPending) return <FullPageLoader inline />;
  if (builder.isError)
    return (
      <Stack gap="md" maw={1100}>
        <Anchor component={Link} to="/workflows" size="sm">
          {t('builder.back')}
        </Anchor>
        <LoadError title={errorText(t, builder.error, t('builder.loadError'))} onRetry={() => void builder.refetch()} />
      </Stack>
    );
  return <Builder builder={builder.data} />;
}

function Builder({ builder }: { builder: TWorkflowBuilder }) {
  const { t } = useTranslation('workflows');
  const { workflow } = builder;
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const wanted = params.get('lang');
  const language: TLanguage = workflow.languages.find((l) => l === wanted) ?? workflow.languages[0] ?? 'en';
  const [publishing, setPublishing] = useState(false);
  const published = workflow.status === 'PUBLISHED';
  const readOnly = published || !workflow.actions.includes('edit');
  const startVersion = useBuilderMutation(workflow.id, () => workflowsApi.version(workflow.id));
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const goTo = (next: TBuilderTab) => setParam('tab', next === 'process' ? null : next);
  const props: TabProps = { builder, language, readOnly };

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to="/workflows" size="sm">
        {t('builder.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {workflow.name}
            </Title>
            <StatusBadge workflow={workflow} />
          </Group>
          <Text size="sm" c="dimmed">
            {[
              t(`jurisdiction.${workflow.jurisdiction}`),
              workflow.branchName ? t('builder.unit', { name: workflow.branchName }) : t('builder.wholeWorkspace'),
              workflow.latestVersion === null
                ? t('builder.noVersion')
                : t('builder.version', { n: workflow.latestVersion }),
            ].join(' · ')}
          </Text>
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={`/workflows/${workflow.id}/versions`} variant="default">
            {t('builder.history')}
          </Button>
          {workflow.actions.includes('version') ? (
            <Button
              variant="default"
              loading={startVersion.isPending}
              onClick={() =>
                startVersion.mutate(undefined, {
                  onSuccess: (b) => notify(t('builder.versionStarted', { n: (b.workflow.latestVersion ?? 0) + 1 })),
                })
              }
            >
              {t('builder.startVersion', { n: (workflow.latestVersion ?? 0) + 1 })}
            </Button>
          ) : null}
          {workflow.actions.includes('publish') ? (
            <Button onClick={() => setPublishing(true)}>{t('builder.publish')}</Button>
          ) : null}
        </Group>
      </Group>
      {startVersion.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, startVersion.error, t('builder.startVersionFailed'))}
        </Alert>
      ) : null}
      {published ? (
        <Alert color="blue" variant="light" data-testid="published-notice">
          {t('builder.publishedNotice', { n: workflow.latestVersion ?? 1 })}
        </Alert>
      ) : readOnly ? (
        <Alert color="blue" variant="light">
          {t('builder.readOnlyNotice')}
        </Alert>
      ) : null}
      {workflow.languages.length > 1 ? (
        <Select
          label={t('builder.language')}
          description={t('builder.languageHint')}
          data={workflow.languages.map((l) => ({ value: l, label: t(`languages.${l}`, { ns: 'common' }) }))}
          value={language}
          onChange={(v) => v && setParam('lang', v === workflow.languages[0] ? null : v)}
          allowDeselect={false}
          maw={320}
        />
      ) : null}
      <Tabs value={tab} onChange={(v) => goTo(tabOf(v))} keepMounted={false}>
        <Tabs.List aria-label={t('builder.tabsLabel')}>
          {BUILDER_TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`builder.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="process" pt="md">
          <ProcessTab {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="form" pt="md">
          <FormTab {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="stages" pt="md">
          <StagesTab {...props} />
        </Tabs.Panel>
      </Tabs>
      {publishing ? (
        <PublishDialog
          opened
          builder={builder}
          language={language}
          onClose={() => setPublishing(false)}
          onGoTo={goTo}
        />
      ) : null}
    </Stack>
  );
}
