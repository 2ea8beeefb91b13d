import type { TOccurrence, TOccurrenceStatus } from '@app/contract';
import { Badge, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../app/notify.ts';
import { usersApi } from '../../lib/api/index.ts';
import { complianceApi } from './compliance.api.ts';

/** Query keys of the register (all under the session, cleared on sign-out). */
export const complianceKeys = {
  all: ['session', 'compliance'] as const,
  obligations: () => [...complianceKeys.all, 'obligations'] as const,
  occurrences: (filters: unknown, page: number) => [...complianceKeys.all, 'occurrences', filters, page] as const,
  occurrence: (id: string) => [...complianceKeys.all, 'occurrence', id] as const,
  calendar: (from: string, to: string, mine: boolean) => [...complianceKeys.all, 'calendar', from, to, mine] as const,
  feed: () => [...complianceKeys.all, 'feed'] as const,
};

/** Dark shades: the light chip's text must read against its tint (axe colour contrast). */
const STATUS_COLOR: Record<TOccurrenceStatus, string> = {
  OPEN: 'blue.9',
  SUBMITTED: 'indigo.9',
  RETURNED: 'red.9',
  APPROVED: 'teal.9',
  CLOSED_BY_SOURCE: 'cyan.9',
  CANCELLED: 'gray.8',
};

/** An occurrence's status as a chip, with "overdue by N days" beside it when it is late. */
export function OccurrenceStatus({
  occurrence,
}: {
  occurrence: Pick<TOccurrence, 'status' | 'overdue' | 'daysOverdue'>;
}) {
  const { t } = useTranslation('compliance');
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STATUS_COLOR[occurrence.status]} variant="light" style={{ textTransform: 'none' }}>
        {t(`compliance.status.${occurrence.status}`)}
      </Badge>
      {occurrence.overdue ? (
        <Badge color="red" variant="filled" style={{ textTransform: 'none' }}>
          {t('compliance.overdueBy', { count: occurrence.daysOverdue })}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * Why an obligation applies or not, in words, with the section it applies under:
 * "Mumbai has 14 workers (10 or more) → s.4(1)".
 */
export function useReasonText() {
  const { t } = useTranslation('compliance');
  return (reason: { code: string; params: Record<string, string | number> }, section: string): string => {
    const params = { ...reason.params };
    if (typeof params.country === 'string') {
      params.country = t(`compliance.country.${params.country}` as 'compliance.country.IN', {
        defaultValue: params.country,
      });
    }
    const count = typeof params.headcount === 'number' ? params.headcount : Number(params.headcount ?? 0);
    const text = t(`compliance.reason.${reason.code}` as 'compliance.reason.COUNTRY', {
      ...params,
      count,
      defaultValue: reason.code,
    });
    return `${text} → ${section}`;
  };
}

/**
 * A person the caller reaches, typed for: the users search the web already has (the server answers
 * only people in the caller's reach), with the current choice kept in the list.
 */
export function PersonSelect(props: {
  label: string;
  value: { id: string; name: string } | null;
  onChange: (person: { id: string; name: string } | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('compliance');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState(props.value);
  const people = useQuery({
    queryKey: ['session', 'compliance-people', q],
    queryFn: ({ signal }) =>
      usersApi.searchUsers({ searchText: q, status: 'ACTIVE' }, { pageNo: 0, pageSize: 20 }, signal),
  });
  const found = (people.data?.content ?? []).map((p) => ({
    value: p.userId,
    label: `${[p.firstName, p.lastName].filter(Boolean).join(' ')}${p.userEmail ? ` (${p.userEmail})` : ''}`,
    name: [p.firstName, p.lastName].filter(Boolean).join(' ') || (p.userEmail ?? p.userId),
  }));
  const current = picked ?? props.value;
  const options = [
    ...(current && !found.some((p) => p.value === current.id)
      ? [{ value: current.id, label: current.name, name: current.name }]
      : []),
    ...found,
  ];
  return (
    <Select
      label={props.label}
      placeholder={t('compliance.searchPerson')}
      searchable
      clearable
      data={options.map(({ value, label }) => ({ value, label }))}
      value={current?.id ?? null}
      onChange={(id) => {
        const person = options.find((o) => o.value === id);
        const next = person ? { id: person.value, name: person.name } : null;
        setPicked(next);
        props.onChange(next);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={t('compliance.noPeople')}
      disabled={props.disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A muted line of text, for "nobody yet" and similar. */
export function Muted({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * Recording an EVENT obligation's event (the register's dialog and the occurrence page's form): its
 * date and note, and the call that opens the new occurrence and goes to it.
 */
export function useRecordEvent(answerId: string) {
  const { t } = useTranslation('compliance');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [day, setDay] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const record = useMutation({
    mutationFn: () => complianceApi.recordEvent(answerId, { date: day!, note: note.trim() || null }),
    onSuccess: (next) => {
      void qc.invalidateQueries({ queryKey: complianceKeys.all });
      notify(t('compliance.eventRecorded'));
      void navigate(`/compliance/occurrences/${next.id}`);
    },
  });
  return { day, setDay, note, setNote, record };
}
