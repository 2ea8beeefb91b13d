import type { TCommittee, TCommitteeMember, TCompositionRule } from '@app/contract';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHost } from '../../app/host-context.tsx';
import { dayIn } from '../../lib/dates.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { DataTable } from '../common/data-table.tsx';
import { useDates } from '../common/dates.hook.ts';
import { committeeApi } from './committee.api.ts';
import { daysBetween, fileSize } from './days.ts';

type T = ReturnType<typeof useTranslation<'committee'>>['t'];

/** A broken rule of s.4 (or s.14) in the reader's language, with its section. */
export function ruleText(
  t: T,
  rule: string,
  params: Record<string, string | number | undefined> | undefined,
  fallback: string,
): string {
  const section = String(params?.section ?? '');
  const member = String(params?.member ?? '');
  return t(`committee.rules.${rule as TCompositionRule}`, { section, member, defaultValue: fallback });
}

/** Today in the workspace (its time zone; the browser's when it has none). */
export function useWorkspaceToday(): string {
  const { profile } = useHost();
  return dayIn(profile?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

const STATUS_COLOR: Record<TCommittee['status'], string> = {
  LAWFUL: 'teal.8',
  UNLAWFUL: 'red.8',
  EXPIRED: 'orange.9',
  DISSOLVED: 'gray.7',
};

const TERM_COLOR: Record<TCommitteeMember['termState'], string> = {
  IN_TERM: 'teal.8',
  ENDING: 'orange.9',
  EXPIRED: 'red.8',
  LEFT: 'gray.7',
  NOT_STARTED: 'blue.8',
};

/**
 * One committee as composed on its `asOf` day: its status and the rules it breaks (with their
 * sections), the nearest term end, the units it serves, the order constituting it and its members
 * with role, gender, seniority, term and term state. `links`: the edit/history/dissolve actions it
 * allows (the register shows them; the history page does not).
 */
export function CommitteeCard({
  committee,
  links = true,
  onDissolve,
}: {
  committee: TCommittee;
  links?: boolean;
  onDissolve?: (committee: TCommittee) => void;
}) {
  const { t } = useTranslation('committee');
  const { date } = useDates();
  const { i18n } = useTranslation();
  const headingId = useId();
  const today = useWorkspaceToday();
  const download = useMutation({
    mutationFn: () => committeeApi.downloadOrder(committee.id),
    onSuccess: ({ blob, name }) => saveFile(blob, name),
  });
  const daysLeft = committee.nextTermEnd ? daysBetween(today, committee.nextTermEnd) : null;
  const can = (a: TCommittee['actions'][number]) => committee.actions.includes(a);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="committee"
      data-status={committee.status}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {committee.name}
            </Title>
            <Badge
              color={committee.status === 'LAWFUL' ? 'green' : STATUS_COLOR[committee.status]}
              variant={committee.status === 'LAWFUL' ? 'light' : 'filled'}
              size="lg"
              style={{ textTransform: 'none', maxWidth: '100%' }}
              aria-label={t('committee.statusLabel', { status: t(`committee.status.${committee.status}`) })}
            >
              {t(`committee.status.${committee.status}`)}
            </Badge>
          </Stack>
          {links ? (
            <Group gap="xs">
              {can('update') ? (
                <Button
                  component={Link}
                  to={`/committee/${committee.id}/edit`}
                  variant="default"
                  size="sm"
                  aria-label={t('committee.editFor', { name: committee.name })}
                >
                  {t('committee.edit')}
                </Button>
              ) : null}
              {can('history') ? (
                <Button
                  component={Link}
                  to={`/committee/${committee.id}`}
                  variant="default"
                  size="sm"
                  aria-label={t('committee.historyFor', { name: committee.name })}
                >
                  {t('committee.history')}
                </Button>
              ) : null}
              {can('dissolve') && onDissolve ? (
                <Button variant="subtle" color="red" size="sm" onClick={() => onDissolve(committee)}>
                  {t('committee.dissolve')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>

        {committee.violations.length > 0 ? (
          <Alert color="red" variant="light" title={t('committee.brokenHeading')} data-testid="violations">
            <List size="sm" spacing={4}>
              {committee.violations.map((v) => (
                <List.Item key={`${v.rule}-${String(v.params.member ?? '')}`}>
                  {ruleText(t, v.rule, { ...v.params, section: v.section }, v.rule)}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {committee.status === 'EXPIRED' ? (
          <Alert color="orange" variant="light">
            {t('committee.expiredNote')}
          </Alert>
        ) : null}
        {daysLeft !== null && daysLeft >= 0 && daysLeft <= 60 && committee.status !== 'DISSOLVED' ? (
          <Alert color="orange" variant="light" data-testid="term-ending">
            {daysLeft === 0
              ? t('committee.termEndsToday', { date: date(committee.nextTermEnd!) })
              : t('committee.termEndsIn', { count: daysLeft, date: date(committee.nextTermEnd!) })}
          </Alert>
        ) : null}

        <Stack component="dl" gap="xs" m={0}>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('committee.serves')}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {[
                ...committee.units.map((u) => u.name),
                ...(committee.workspaceWide ? [t('committee.workspaceWide')] : []),
              ].join(', ') || t('committee.noUnitsServed')}
            </Text>
          </div>
          {/* The written order is India's (s.4(1), s.19(b)); a Canadian record shows one only if kept. */}
          {committee.kind === 'INTERNAL_COMMITTEE' || committee.order ? (
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('committee.orderHeading')}
              </Text>
              <Text component="dd" m={0}>
                {committee.orderDate
                  ? t('committee.orderDated', { date: date(committee.orderDate) })
                  : t('committee.noOrderDate')}
                {committee.order ? (
                  <>
                    {' · '}
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => download.mutate()}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {t('committee.downloadOrder')}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('committee.orderFile', {
                        name: committee.order.fileName,
                        size: fileSize(committee.order.sizeBytes, i18n.language),
                      })}
                    </Text>
                  </>
                ) : (
                  <Text span c="dimmed">
                    {' · '}
                    {t('committee.noOrder')}
                  </Text>
                )}
              </Text>
              {download.error ? (
                <Text c="red.8" size="sm" role="alert">
                  {errorText(t, download.error, t('committee.downloadFailed'))}
                </Text>
              ) : null}
            </div>
          ) : null}
        </Stack>

        <div>
          <Title order={3} fz="md" mb="xs">
            {t('committee.membersHeading')}
          </Title>
          {committee.members.length === 0 ? (
            <Text c="dimmed">{t('committee.noMembers')}</Text>
          ) : (
            <MembersTable committee={committee} />
          )}
        </div>
      </Stack>
    </Paper>
  );
}

function MembersTable({ committee }: { committee: TCommittee }) {
  const { t } = useTranslation('committee');
  const { date } = useDates();
  const dr = committee.kind === 'DESIGNATED_RECIPIENT';
  return (
    <DataTable
      rows={committee.members}
      rowKey={(m) => m.id}
      label={t('committee.membersHeading')}
      minWidth={300}
      columns={[
        {
          key: 'name',
          header: t('committee.name'),
          cell: (m) => (
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t(`committee.roles.${m.role}`)}
                {m.organisation ? ` · ${m.organisation}` : m.designation ? ` · ${m.designation}` : ''}
              </Text>
              {dr ? (
                <Text size="xs" c={m.training?.completedOn || m.training?.completedHereOn ? 'dimmed' : 'orange.9'}>
                  {m.training?.completedHereOn && m.training.courseTitle
                    ? t('committee.trainedHere', {
                        course: m.training.courseTitle,
                        date: date(m.training.completedHereOn),
                      })
                    : m.training?.completedOn
                      ? t('committee.trained', { date: date(m.training.completedOn) })
                      : t('committee.notTrained')}
                </Text>
              ) : null}
            </div>
          ),
        },
        {
          key: 'gender',
          header: t('committee.gender'),
          visibleFrom: 'sm',
          cell: (m) => <Text size="sm">{t(`committee.genders.${m.gender}`)}</Text>,
        },
        ...(dr
          ? []
          : [
              {
                key: 'senior',
                header: t('committee.senior'),
                visibleFrom: 'sm' as const,
                cell: (m: TCommitteeMember) => (
                  <Text size="sm">{m.senior ? t('committee.yes') : t('committee.no')}</Text>
                ),
              },
            ]),
        {
          key: 'contact',
          header: t('committee.contact'),
          visibleFrom: 'md',
          cell: (m) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {[m.email, m.phone].filter(Boolean).join(' · ')}
            </Text>
          ),
        },
        {
          key: 'term',
          header: t('committee.term'),
          cell: (m) => (
            <Stack gap={2} align="flex-start">
              <Text size="sm">{t('committee.termRange', { start: date(m.termStart), end: date(m.termEnd) })}</Text>
              {m.leftOn ? (
                <Text size="xs" c="dimmed">
                  {t('committee.leftOn', { date: date(m.leftOn) })}
                </Text>
              ) : null}
              <Badge
                color={m.termState === 'IN_TERM' ? 'green' : TERM_COLOR[m.termState]}
                variant={m.termState === 'IN_TERM' ? 'light' : 'filled'}
                style={{ textTransform: 'none' }}
                data-term-state={m.termState}
              >
                {t(`committee.termStates.${m.termState}`)}
              </Badge>
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {t(`committee.genders.${m.gender}`)}
                {m.senior ? ` · ${t('committee.senior')}` : ''}
              </Text>
            </Stack>
          ),
        },
      ]}
    />
  );
}
