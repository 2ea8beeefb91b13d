import type { TWorkflowSummary, TWorkflowTemplateKey } from '@app/contract';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { textIn } from './builder.shared.ts';
import { CreateWorkflowDialog } from './create-dialog.tsx';
import { StatusBadge, useReaderLanguage } from './status-badge.tsx';
import { useWorkflowPage, useWorkflowTemplates, WORKFLOW_PAGE_SIZE } from './workflows.api.ts';

/** What the create dialog starts with: a template, or from scratch (null). */
type TStart = { template: TWorkflowTemplateKey | null } | null;

/**
 * `/workflows`: the complaint workflows the caller may manage — name, law, business unit, state and
 * last change — or, before the first, what workflows are for and the templates to start from.
 */
export function WorkflowsPage() {
  const { t } = useTranslation('workflows');
  usePageTitle(t('list.pageTitle'));
  const [page, setPage] = useState(0);
  const list = useWorkflowPage(page);
  const [start, setStart] = useState<TStart>(null);
  const empty = list.data?.totalElements === 0;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="md">
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <PageHeading title={t('list.heading')} intro={t('list.intro')} />
        </div>
        {list.data && !empty ? <Button onClick={() => setStart({ template: null })}>{t('list.create')}</Button> : null}
      </Group>
      {list.isPending ? (
        <FullPageLoader inline />
      ) : list.isError ? (
        <LoadError title={t('list.loadError')} onRetry={() => void list.refetch()} />
      ) : empty ? (
        <EmptyState onStart={(template) => setStart({ template })} />
      ) : (
        <Paper withBorder radius="md">
          <WorkflowTable rows={list.data.content} busy={list.isPlaceholderData} />
          <DataTablePager
            totalPages={list.data.totalPages}
            page={page}
            onChange={setPage}
            summary={
              <Text size="sm" c="dimmed" px="sm">
                {t('list.summary', {
                  from: page * WORKFLOW_PAGE_SIZE + 1,
                  to: page * WORKFLOW_PAGE_SIZE + list.data.numberOfElements,
                  total: list.data.totalElements,
                })}
              </Text>
            }
            controlLabel={(c) => t(`list.pager.${c}`)}
          />
        </Paper>
      )}
      <CreateWorkflowDialog opened={start !== null} template={start?.template ?? null} onClose={() => setStart(null)} />
    </Stack>
  );
}

function WorkflowTable({ rows, busy }: { rows: TWorkflowSummary[]; busy: boolean }) {
  const { t } = useTranslation('workflows');
  const { dateTime } = useDates();
  return (
    <DataTable
      rows={rows}
      rowKey={(w) => w.id}
      label={t('list.label')}
      minWidth={320}
      busy={busy}
      rowProps={(w) => ({ 'data-testid': 'workflow-row', 'data-status': w.status })}
      columns={[
        {
          key: 'name',
          header: t('list.name'),
          cell: (w) => (
            <Stack gap={2}>
              {/* The text's own colour, underlined: the workspace's brand colour may be too light on a striped row. */}
              <Anchor
                component={Link}
                to={`/workflows/${w.id}`}
                fw={600}
                c="inherit"
                underline="always"
                style={{ overflowWrap: 'anywhere' }}
              >
                {w.name}
              </Anchor>
              {/* On a phone the hidden columns' facts come under the name. */}
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {t(`law.${w.jurisdiction}`)} · {w.branchName ?? t('list.wholeWorkspace')}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'law',
          header: t('list.law'),
          visibleFrom: 'sm',
          cell: (w) => <Text size="sm">{t(`law.${w.jurisdiction}`)}</Text>,
        },
        {
          key: 'unit',
          header: t('list.unit'),
          visibleFrom: 'sm',
          cell: (w) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {w.branchName ?? t('list.wholeWorkspace')}
            </Text>
          ),
        },
        { key: 'status', header: t('list.status'), cell: (w) => <StatusBadge workflow={w} /> },
        {
          key: 'changed',
          header: t('list.changed'),
          visibleFrom: 'md',
          cell: (w) => <Text size="sm">{dateTime(w.updatedAt)}</Text>,
        },
      ]}
    />
  );
}

/** Before the first workflow: what workflows are for, and the ways to start one. */
function EmptyState({ onStart }: { onStart: (template: TWorkflowTemplateKey | null) => void }) {
  const { t } = useTranslation('workflows');
  const templates = useWorkflowTemplates();
  const language = useReaderLanguage();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="workflows-empty">
      <Stack gap="md">
        <Title order={2} fz="lg" id="workflows-empty">
          {t('empty.title')}
        </Title>
        <Text>{t('empty.body')}</Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {(templates.data?.templates ?? []).map((tpl) => (
            <Paper key={tpl.key} withBorder radius="md" p="md" data-testid="template-card" data-template={tpl.key}>
              <Stack gap="xs" h="100%">
                <Title order={3} fz="md">
                  {textIn(tpl.name, language)}
                </Title>
                <Badge variant="default" style={{ textTransform: 'none', alignSelf: 'flex-start' }}>
                  {t(`jurisdiction.${tpl.jurisdiction}`)}
                </Badge>
                <Text size="sm">{textIn(tpl.summary, language)}</Text>
                <Text size="sm" c="dimmed">
                  {t('empty.size', { stages: tpl.stages, steps: tpl.steps })}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('empty.cites', { sections: tpl.references.join(', ') })}
                </Text>
                <Button
                  mt="auto"
                  onClick={() => onStart(tpl.key)}
                  aria-label={`${t('empty.fromTemplate')}: ${textIn(tpl.name, language)}`}
                >
                  {t('empty.fromTemplate')}
                </Button>
              </Stack>
            </Paper>
          ))}
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs" h="100%">
              <Title order={3} fz="md">
                {t('create.scratch')}
              </Title>
              <Text size="sm">{t('empty.scratchBody')}</Text>
              <Button mt="auto" variant="default" onClick={() => onStart(null)}>
                {t('empty.fromScratch')}
              </Button>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
