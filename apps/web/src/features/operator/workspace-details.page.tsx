import type { TWorkspaceDetails } from '@app/contract';
import { Alert, Anchor, Badge, Box, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { builtAreas, formatPlainDate, READABLE_BADGE } from './format.ts';
import { useWorkspaceDetails } from './operator.queries.ts';
import { CONTRACT_COLOR, STATUS_COLOR } from './workspace-list.ts';
import {
  ContractSection,
  HostLink,
  HostSection,
  IpRangesSection,
  LimitSection,
  NavigationSection,
  RetireSection,
  WhitelistSection,
} from './workspace-settings-sections.tsx';

/** `/platform/workspaces/:workspaceId` (operator): a workspace's overview and every setting the operator holds. */
export function WorkspaceDetailsPage() {
  const { t } = useTranslation('operator');
  const { workspaceId = '' } = useParams();
  const details = useWorkspaceDetails(workspaceId);
  usePageTitle(t('operator.details.pageTitle', { name: details.data?.companyName ?? '' }));

  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to="/platform/workspaces" size="sm">
        ← {t('operator.details.back')}
      </Anchor>
      {details.isPending ? (
        <FullPageLoader inline />
      ) : details.isError ? (
        isApiError(details.error, 404) || isApiError(details.error, 400) ? (
          <Alert color="gray" variant="light" c="gray.9" title={t('operator.details.notFound')}>
            <Anchor component={Link} to="/platform/workspaces">
              {t('operator.details.back')}
            </Anchor>
          </Alert>
        ) : (
          <LoadError title={t('operator.details.loadError')} onRetry={() => void details.refetch()} />
        )
      ) : (
        <Details workspace={details.data} />
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Details({ workspace: w }: { workspace: TWorkspaceDetails }) {
  const { t, i18n } = useTranslation('operator');
  const { date, dateTime } = useDates();
  const invitation = w.firstAdminInvitation;
  return (
    <>
      <div>
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {w.companyName}
          </Title>
          <Badge styles={READABLE_BADGE} color={STATUS_COLOR[w.status]} variant="light">
            {t(`operator.status.${w.status}`)}
          </Badge>
        </Group>
        <HostLink host={w.workspaceUrl} label={t('operator.details.open', { host: w.workspaceUrl })} />
      </div>

      {w.status === 'SUSPENDED' ? (
        <Alert color="orange" variant="light" c="orange.9" role="status">
          {t('operator.details.suspended', { date: w.purgeAfter ? date(w.purgeAfter) : '—' })}
        </Alert>
      ) : w.status === 'PURGED' ? (
        <Alert color="gray" variant="light" c="gray.9">
          {t('operator.details.purged')}
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="op-overview">
        <Stack gap="md">
          <Title order={2} fz="lg" id="op-overview">
            {t('operator.details.overview')}
          </Title>
          <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Fact label={t('operator.details.members')}>
              {w.members}
              {w.userLimitReached ? (
                <Badge styles={READABLE_BADGE} ml={6} color="orange" variant="light" size="sm">
                  {t('operator.list.atLimit')}
                </Badge>
              ) : null}
            </Fact>
            <Fact label={t('operator.details.limit')}>{w.userLimit ?? t('operator.noLimit')}</Fact>
            <Fact label={t('operator.details.pending')}>{w.pendingInvitations}</Fact>
            <Fact label={t('operator.details.contract')}>
              <Badge styles={READABLE_BADGE} color={CONTRACT_COLOR[w.contractState]} variant="light">
                {t(`operator.contract.${w.contractState}`)}
              </Badge>{' '}
              {w.contractExpiryDate ? formatPlainDate(w.contractExpiryDate, i18n.language) : null}
            </Fact>
            <Fact label={t('operator.details.created')}>{date(w.createdAt)}</Fact>
            <Fact label={t('operator.details.lastActivity')}>
              {w.lastActivityAt ? dateTime(w.lastActivityAt) : t('operator.details.never')}
            </Fact>
            <Fact label={t('operator.list.colCountry')}>{t(`operator.country.${w.country}`)}</Fact>
            <Fact label={t('operator.details.timeZone')}>{w.timeZone}</Fact>
            <Fact label={t('operator.details.headquarters')}>{w.headquarterName ?? '—'}</Fact>
            <Fact label={t('operator.details.areas')}>
              {builtAreas(w.areas).length
                ? builtAreas(w.areas)
                    .map((a) => t(`operator.areas.${a}`))
                    .join(', ')
                : t('operator.none')}
            </Fact>
            <Fact label={t('operator.details.flags')}>
              {w.featureFlags.length ? w.featureFlags.join(', ') : t('operator.none')}
            </Fact>
          </SimpleGrid>

          <Box>
            <Title order={3} fz="md" mb={6}>
              {t('operator.details.invitation')}
            </Title>
            {invitation ? (
              <Stack gap={2} data-testid="first-admin-invitation">
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                  <Badge
                    styles={READABLE_BADGE}
                    variant="light"
                    color={invitation.state === 'ACCEPTED' ? 'green' : invitation.state === 'EXPIRED' ? 'red' : 'blue'}
                  >
                    {t(`operator.details.invitationState.${invitation.state}`)}
                  </Badge>
                </Group>
                <Text size="sm">
                  {invitation.sentAt
                    ? t('operator.details.invitationSent', { date: dateTime(invitation.sentAt) })
                    : t('operator.details.invitationNotSent')}
                  {invitation.state === 'PENDING'
                    ? ` · ${t('operator.details.invitationExpires', { date: dateTime(invitation.expiresAt) })}`
                    : ''}
                </Text>
                {invitation.mailState ? (
                  <Text size="sm">{t('operator.details.mailState', { state: invitation.mailState })}</Text>
                ) : null}
              </Stack>
            ) : (
              <Text size="sm">{t('operator.none')}</Text>
            )}
          </Box>

          <Box>
            <Title order={3} fz="md" mb={6}>
              {t('operator.details.admins')}
            </Title>
            {w.admins.length === 0 ? (
              <Text size="sm">{t('operator.details.adminsEmpty')}</Text>
            ) : (
              <List size="sm" spacing={4}>
                {w.admins.map((a) => (
                  <List.Item key={a.userId}>
                    <Text span size="sm" fw={600}>
                      {`${a.firstName} ${a.lastName}`.trim()}
                    </Text>{' '}
                    <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {a.email ?? ''} · {t(`roles.${a.role}`)} ·{' '}
                      {t('operator.details.lastSignIn', {
                        date: a.lastSignInAt ? dateTime(a.lastSignInAt) : t('operator.details.never'),
                      })}
                      {a.active ? '' : ` · ${t('operator.details.inactive')}`}
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Box>

          {w.courseCredits.length > 0 ? (
            <Box>
              <Title order={3} fz="md" mb={6}>
                {t('operator.details.credits')}
              </Title>
              <List size="sm">
                {w.courseCredits.map((c) => (
                  <List.Item key={c.courseId}>
                    {t('operator.details.creditsLine', { title: c.title, used: c.used, credits: c.credits })}
                  </List.Item>
                ))}
              </List>
            </Box>
          ) : null}
        </Stack>
      </Paper>

      {w.status !== 'PURGED' ? (
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('operator.details.settings')}
          </Title>
          <HostSection key={`host-${w.workspaceUrl}`} workspace={w} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <LimitSection key={`limit-${w.userLimit}`} workspace={w} />
            <ContractSection key={`contract-${w.contractExpiryDate}`} workspace={w} />
          </SimpleGrid>
          <NavigationSection workspace={w} />
          <WhitelistSection workspace={w} />
          <IpRangesSection workspace={w} />
          <RetireSection workspace={w} />
        </Stack>
      ) : null}
    </>
  );
}
