import { CONTRACT_EXPIRING_DAYS, type TWorkspaceSummary } from '@app/contract';
import { Anchor, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPlainDate } from './format.ts';
import { useWorkspaceList } from './operator.queries.ts';

/** How many workspaces each list of the card shows (the rest behind "See all"). */
const CARD_ROWS = 5;

/** The two filters of the dashboard card (also what the workspace list is opened with). */
export const EXPIRING_FILTER = {
  contract: 'EXPIRING',
  expiringWithinDays: CONTRACT_EXPIRING_DAYS,
  status: 'ACTIVE',
  sort: 'CONTRACT_EXPIRY',
} as const;
export const AT_LIMIT_FILTER = { userLimitReached: true, status: 'ACTIVE', sort: 'NAME' } as const;

function WorkspaceLinks(props: {
  title: string;
  empty: string;
  query: ReturnType<typeof useWorkspaceList>;
  detail: (w: TWorkspaceSummary) => string;
}) {
  const { t } = useTranslation('operator');
  const data = props.query.data;
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        {props.title}
      </Title>
      {props.query.isError ? (
        <Text size="sm">{t('operator.card.loadError')}</Text>
      ) : !data ? null : data.content.length === 0 ? (
        <Text size="sm">{props.empty}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {data.content.map((w) => (
            <List.Item key={w.workspaceId}>
              <Anchor component={Link} to={`/platform/workspaces/${w.workspaceId}`} size="sm">
                {w.companyName}
              </Anchor>{' '}
              <Text span size="sm">
                · {props.detail(w)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {data && data.totalElements > data.content.length ? (
        <Anchor component={Link} to="/platform/workspaces" size="sm">
          {t('operator.card.more', { count: data.totalElements })}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** The operator's dashboard card: contracts ending within 30 days and workspaces at their user limit. */
export function OperatorDashboardCard() {
  const { t, i18n } = useTranslation('operator');
  const expiring = useWorkspaceList(0, EXPIRING_FILTER, CARD_ROWS);
  const atLimit = useWorkspaceList(0, AT_LIMIT_FILTER, CARD_ROWS);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="operator-card">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg" id="operator-card">
          {t('operator.card.heading')}
        </Title>
        <Anchor component={Link} to="/platform/workspaces" size="sm">
          {t('operator.card.all')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <WorkspaceLinks
          title={t('operator.card.expiring')}
          empty={t('operator.card.expiringEmpty')}
          query={expiring}
          detail={(w) =>
            t('operator.card.endsOn', {
              date: w.contractExpiryDate ? formatPlainDate(w.contractExpiryDate, i18n.language) : '—',
            })
          }
        />
        <WorkspaceLinks
          title={t('operator.card.atLimit')}
          empty={t('operator.card.atLimitEmpty')}
          query={atLimit}
          detail={(w) => t('operator.card.membersOf', { members: w.members, limit: w.userLimit ?? '—' })}
        />
      </SimpleGrid>
    </Paper>
  );
}
