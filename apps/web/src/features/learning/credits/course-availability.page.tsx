import { Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../../common/data-table.tsx';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { creditsApi } from './credits.api.ts';
import { useAvailability, useCreditMutation } from './credits.queries.ts';

/** `/platform/courses/:courseId/availability` (operator): the workspaces, each with a switch and its balance. */
export function CourseAvailabilityPage() {
  const { t } = useTranslation('credits');
  usePageTitle(t('availability.pageTitle'));
  const { courseId = '' } = useParams();
  const [page, setPage] = useState(0);
  const list = useAvailability(courseId, page);
  const toggle = useCreditMutation(creditsApi.setAvailability);
  const title = list.data?.content[0]?.courseTitle;

  return (
    <Stack gap="lg" maw={960}>
      <PageHeading
        title={title ? `${t('availability.heading')}: ${title}` : t('availability.heading')}
        intro={t('availability.intro')}
      />
      {list.isError ? (
        <LoadError title={t('availability.loadError')} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.content.length === 0 ? (
        <Text c="dimmed">{t('availability.empty')}</Text>
      ) : (
        <DataTable
          rows={list.data?.content ?? []}
          rowKey={(r) => r.workspaceId}
          label={t('availability.tableLabel')}
          minWidth={280}
          busy={list.isFetching || toggle.isPending}
          columns={[
            { key: 'workspace', header: t('columns.workspace'), cell: (r) => <Text size="sm">{r.workspaceName}</Text> },
            {
              key: 'balance',
              header: t('workspace.balance'),
              align: 'right',
              cell: (r) => <Text size="sm">{r.balance}</Text>,
            },
            {
              key: 'available',
              header: t('availability.available'),
              cell: (r) => (
                <Switch
                  checked={r.enabled}
                  aria-label={t('availability.toggleLabel', { workspace: r.workspaceName })}
                  onChange={(e) => {
                    const enabled = e.currentTarget.checked;
                    toggle.mutate(
                      { workspaceId: r.workspaceId, courseId, enabled },
                      {
                        onSuccess: () =>
                          notify(
                            t(enabled ? 'availability.madeAvailable' : 'availability.madeUnavailable', {
                              workspace: r.workspaceName,
                            }),
                          ),
                        onError: (err) => notify(errorText(t, err), 'error'),
                      },
                    );
                  }}
                />
              ),
            },
          ]}
        />
      )}
      {list.data && list.data.totalPages > 1 ? (
        <DataTablePager
          totalPages={list.data.totalPages}
          page={page}
          onChange={setPage}
          controlLabel={(c) => t(`pager.${c}`)}
          pageLabel={(p) => t('pager.page', { page: p })}
        />
      ) : null}
    </Stack>
  );
}
