import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { PlainDateInput } from '../common/date-input.tsx';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { useCommittee } from './committee.queries.ts';
import { CommitteeCard, useWorkspaceToday } from './committee-view.tsx';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/committee/:id?asOf=YYYY-MM-DD`: a committee as it was composed on a chosen day (who was on it
 * when a complaint was filed). Without `asOf`, today.
 */
export function CommitteeHistoryPage() {
  const { t } = useTranslation('committee');
  usePageTitle(t('asOf.pageTitle'));
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get('asOf');
  const asOf = raw && PLAIN_DATE.test(raw) ? raw : null;
  const today = useWorkspaceToday();
  const [picked, setPicked] = useState<string | null>(asOf ?? today);
  const committee = useCommittee(id, asOf);

  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to="/committee" size="sm">
        {t('asOf.back')}
      </Anchor>
      <PageHeading title={t('asOf.heading', { name: committee.data?.name ?? '' })} intro={t('asOf.intro')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setParams(picked && picked !== today ? { asOf: picked } : {});
          }}
        >
          <Group align="flex-end" gap="sm">
            <PlainDateInput
              label={t('asOf.date')}
              value={picked}
              onChange={(v) => setPicked(v)}
              clearable={false}
              style={{ flex: '1 1 220px', maxWidth: 320 }}
            />
            <Button type="submit">{t('asOf.show')}</Button>
            <Button
              variant="default"
              onClick={() => {
                setPicked(today);
                setParams({});
              }}
            >
              {t('asOf.today')}
            </Button>
          </Group>
        </form>
      </Paper>
      {committee.isPending ? (
        <FullPageLoader inline />
      ) : committee.isError ? (
        isApiError(committee.error, 404) ? (
          <Text>{t('asOf.notFound')}</Text>
        ) : (
          <LoadError title={t('asOf.loadError')} onRetry={() => void committee.refetch()} />
        )
      ) : (
        <CommitteeCard committee={committee.data} links={false} />
      )}
    </Stack>
  );
}
