import type { TOccurrence } from '@app/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useHost } from '../../app/host-context.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { dateLocale, dayIn } from '../../lib/dates.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { addMonths, monthBounds, monthWeeks, moveFocus } from './calendar-grid.ts';
import { complianceApi } from './compliance.api.ts';
import { complianceKeys, Muted, OccurrenceStatus } from './compliance.parts.tsx';

/** `/compliance/calendar`: due dates by month (a grid, or a list: the phone's view) and the personal ICS feed. */
export function CalendarPage() {
  const { t, i18n } = useTranslation('compliance');
  usePageTitle(t('compliance.calendarTitle'));
  const { profile } = useHost();
  const today = dayIn(profile?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [month, setMonth] = useState(() => monthBounds(today).first);
  const [chosenView, setView] = useState<'month' | 'list'>('month');
  const [mine, setMine] = useState(false);
  const view = phone ? 'list' : chosenView;
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const from = view === 'month' ? weeks[0]![0]! : month;
  const to = view === 'month' ? weeks.at(-1)!.at(-1)! : monthBounds(month).last;
  const cal = useQuery({
    queryKey: complianceKeys.calendar(from, to, mine),
    queryFn: ({ signal }) => complianceApi.calendar(from, to, mine, signal),
    placeholderData: (previous) => previous,
  });
  const monthName = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}T12:00:00Z`));
  const byDay = useMemo(() => {
    const map = new Map<string, TOccurrence[]>();
    for (const o of cal.data?.occurrences ?? []) map.set(o.dueDate, [...(map.get(o.dueDate) ?? []), o]);
    return map;
  }, [cal.data]);

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading title={t('compliance.calendarHeading')} intro={t('compliance.calendarIntro')} />
      <Anchor component={Link} to="/compliance" size="sm">
        ← {t('compliance.backToRegister')}
      </Anchor>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size={36}
            onClick={() => setMonth(addMonths(month, -1))}
            aria-label={t('compliance.previousMonth')}
          >
            <span aria-hidden="true">‹</span>
          </ActionIcon>
          <Title order={2} fz="lg" aria-live="polite" style={{ minWidth: 0 }}>
            {monthName}
          </Title>
          <ActionIcon
            variant="default"
            size={36}
            onClick={() => setMonth(addMonths(month, 1))}
            aria-label={t('compliance.nextMonth')}
          >
            <span aria-hidden="true">›</span>
          </ActionIcon>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button variant="subtle" size="sm" onClick={() => setMonth(monthBounds(today).first)}>
            {t('compliance.thisMonth')}
          </Button>
          {phone ? null : (
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as 'month' | 'list')}
              data={[
                { value: 'month', label: t('compliance.monthView') },
                { value: 'list', label: t('compliance.listView') },
              ]}
              aria-label={t('compliance.viewLabel')}
            />
          )}
          <Switch label={t('compliance.mineOnly')} checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} />
        </Group>
      </Group>
      {cal.isPending ? (
        <FullPageLoader inline />
      ) : cal.isError ? (
        <LoadError title={t('compliance.loadError')} onRetry={() => void cal.refetch()} />
      ) : view === 'month' ? (
        <MonthGrid weeks={weeks} month={month} today={today} byDay={byDay} label={monthName} onMonth={setMonth} />
      ) : (
        <DueList byDay={byDay} />
      )}
      <FeedSection />
    </Stack>
  );
}

/** The month as a grid: arrow keys move between days, Page Up/Down between months; each day lists its due dates. */
function MonthGrid(props: {
  weeks: string[][];
  month: string;
  today: string;
  byDay: Map<string, TOccurrence[]>;
  label: string;
  onMonth: (first: string) => void;
}) {
  const { t, i18n } = useTranslation('compliance');
  const tableRef = useRef<HTMLTableElement>(null);
  const inMonth = (day: string) => day.slice(0, 7) === props.month.slice(0, 7);
  const initial = inMonth(props.today) ? props.today : props.month;
  const [focused, setFocused] = useState(initial);
  const active = props.weeks.flat().includes(focused) ? focused : initial;
  const weekday = new Intl.DateTimeFormat(dateLocale(i18n.language), { weekday: 'short', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'full', timeZone: 'UTC' });
  const onKeyDown = (e: KeyboardEvent<HTMLTableCellElement>, day: string) => {
    if (e.target !== e.currentTarget) return;
    const next = moveFocus(day, e.key);
    if (!next) return;
    e.preventDefault();
    setFocused(next);
    if (!props.weeks.flat().includes(next)) props.onMonth(monthBounds(next).first);
    requestAnimationFrame(() => tableRef.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus());
  };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        ref={tableRef}
        aria-label={props.label}
        style={{ width: '100%', minWidth: 640, borderCollapse: 'collapse', tableLayout: 'fixed' }}
      >
        <thead>
          <tr>
            {props.weeks[0]!.map((d) => (
              <th key={d} scope="col" style={{ padding: 6, fontWeight: 600, fontSize: 13, textAlign: 'left' }}>
                {weekday.format(new Date(`${d}T12:00:00Z`))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const items = props.byDay.get(day) ?? [];
                return (
                  <td
                    key={day}
                    data-day={day}
                    tabIndex={day === active ? 0 : -1}
                    aria-label={`${longDay.format(new Date(`${day}T12:00:00Z`))}${items.length ? `, ${t('compliance.dueCount', { count: items.length })}` : ''}`}
                    aria-current={day === props.today ? 'date' : undefined}
                    onKeyDown={(e) => onKeyDown(e, day)}
                    onFocus={() => setFocused(day)}
                    style={{
                      verticalAlign: 'top',
                      height: 96,
                      padding: 6,
                      border: '1px solid var(--mantine-color-gray-3)',
                      background: inMonth(day) ? undefined : 'var(--mantine-color-gray-0)',
                    }}
                  >
                    <Text
                      size="sm"
                      fw={day === props.today ? 700 : 400}
                      c={inMonth(day) ? undefined : 'gray.7'}
                      aria-hidden="true"
                    >
                      {Number(day.slice(8))}
                    </Text>
                    <Stack gap={2}>
                      {items.map((o) => (
                        <Anchor
                          key={o.id}
                          component={Link}
                          to={`/compliance/occurrences/${o.id}`}
                          size="xs"
                          c={o.overdue ? 'red.9' : 'blue.9'}
                          style={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
                        >
                          {o.title}
                          {o.unit ? ` · ${o.unit.name}` : ''}
                        </Anchor>
                      ))}
                    </Stack>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Text size="xs" c="dimmed" mt={4}>
        {t('compliance.gridKeys')}
      </Text>
    </div>
  );
}

/** The month's due dates, day by day: the phone's view. */
function DueList({ byDay }: { byDay: Map<string, TOccurrence[]> }) {
  const { t } = useTranslation('compliance');
  const { date } = useDates();
  const days = [...byDay.keys()].sort();
  if (days.length === 0) return <Muted>{t('compliance.nothingDueThisMonth')}</Muted>;
  return (
    <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {days.map((day) => (
        <li key={day}>
          <Title order={3} fz="md" mb={6}>
            {date(day)}
          </Title>
          <Stack gap="xs">
            {byDay.get(day)!.map((o) => (
              <Paper key={o.id} withBorder radius="sm" p="sm">
                <Anchor component={Link} to={`/compliance/occurrences/${o.id}`} fw={600} size="sm" c="blue.9">
                  {o.title}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {o.section} · {o.unit?.name ?? t('compliance.wholeWorkspace')}
                </Text>
                <OccurrenceStatus occurrence={o} />
              </Paper>
            ))}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

/** The personal ICS feed: create (the address is shown once), replace, revoke. */
function FeedSection() {
  const { t } = useTranslation('compliance');
  const { dateTime } = useDates();
  const headingId = useId();
  const qc = useQueryClient();
  const state = useQuery({ queryKey: complianceKeys.feed(), queryFn: ({ signal }) => complianceApi.feedState(signal) });
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'replace' | 'revoke' | null>(null);
  const create = useMutation({
    mutationFn: () => complianceApi.createFeed(),
    onSuccess: (feed) => {
      setUrl(feed.url);
      setConfirm(null);
      void qc.invalidateQueries({ queryKey: complianceKeys.feed() });
    },
  });
  const revoke = useMutation({
    mutationFn: () => complianceApi.revokeFeed(),
    onSuccess: () => {
      setUrl(null);
      setConfirm(null);
      notify(t('compliance.feedRevoked'));
      void qc.invalidateQueries({ queryKey: complianceKeys.feed() });
    },
  });
  const active = state.data?.active ?? false;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {t('compliance.feedHeading')}
        </Title>
        <Text size="sm">{t('compliance.feedIntro')}</Text>
        <Text size="sm" fw={600}>
          {t('compliance.feedCarries')}
        </Text>
        {state.isPending ? (
          <FullPageLoader inline />
        ) : state.isError ? (
          <LoadError title={t('compliance.feedLoadError')} onRetry={() => void state.refetch()} />
        ) : (
          <>
            {url ? (
              <Stack gap={6}>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label={t('compliance.feedAddress')}
                    value={url}
                    readOnly
                    style={{ flex: 1, minWidth: 0 }}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <CopyButton value={url}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('compliance.copied') : t('compliance.copy')} withArrow>
                        <ActionIcon
                          variant="default"
                          size={36}
                          onClick={copy}
                          aria-label={copied ? t('compliance.copied') : t('compliance.copyAddress')}
                        >
                          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                            <path
                              d="M5 1h8a2 2 0 0 1 2 2v8h-2V3H5zM1 5a2 2 0 0 1 2-2h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2zm2 0v8h7V5z"
                              fill="currentColor"
                            />
                          </svg>
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
                <Alert color="yellow" variant="light">
                  {t('compliance.feedShownOnce')}
                </Alert>
              </Stack>
            ) : active ? (
              <Text size="sm">
                {t('compliance.feedActiveSince', {
                  at: state.data.createdAt ? dateTime(state.data.createdAt) : '…',
                })}
              </Text>
            ) : (
              <Muted>{t('compliance.feedNone')}</Muted>
            )}
            {create.error ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(t, create.error, t('compliance.failed'))}
              </Alert>
            ) : null}
            <Group gap="sm">
              {active ? (
                <>
                  <Button variant="default" onClick={() => setConfirm('replace')}>
                    {t('compliance.feedReplace')}
                  </Button>
                  <Button variant="default" color="red" onClick={() => setConfirm('revoke')}>
                    {t('compliance.feedRevoke')}
                  </Button>
                </>
              ) : (
                <Button onClick={() => create.mutate()} loading={create.isPending}>
                  {t('compliance.feedCreate')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'revoke' ? t('compliance.feedRevokeTitle') : t('compliance.feedReplaceTitle')}
        message={confirm === 'revoke' ? t('compliance.feedRevokeBody') : t('compliance.feedReplaceBody')}
        confirmLabel={confirm === 'revoke' ? t('compliance.feedRevoke') : t('compliance.feedReplace')}
        confirmColor={confirm === 'revoke' ? 'red' : undefined}
        pending={create.isPending || revoke.isPending}
        error={
          confirm === 'revoke' && revoke.error
            ? errorText(t, revoke.error, t('compliance.failed'))
            : confirm === 'replace' && create.error
              ? errorText(t, create.error, t('compliance.failed'))
              : null
        }
        onConfirm={() => (confirm === 'revoke' ? revoke.mutate() : create.mutate())}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}
