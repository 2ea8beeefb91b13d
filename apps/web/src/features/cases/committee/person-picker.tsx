import type { TCasePeoplePerson } from '@app/contract';
import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { committeeCasesApi } from './committee.api.ts';

/**
 * Picks a person of the workspace for the committee (naming a party, writing a complaint down for
 * someone): a search on the committee's own route (`GET /cms/api/case-people`, for members of a
 * committee, no users permission needed), debounced, from 2 characters; each option shows the name,
 * the email and the business unit. The chosen person stays shown while the search text changes.
 */
export function PersonPicker(props: {
  label: string;
  value: TCasePeoplePerson | null;
  onChange: (person: TCasePeoplePerson | null) => void;
  /** People who may not be chosen here (already named). */
  exclude?: readonly string[];
  required?: boolean;
  style?: CSSProperties;
}) {
  const { label, value, onChange, exclude = [], required, style } = props;
  const { t } = useTranslation('committeeCases');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const q = debounced.length >= 2 && debounced !== value?.name ? debounced.slice(0, 100) : '';
  const people = useQuery({
    queryKey: ['session', 'cases', 'people', q],
    queryFn: ({ signal }) => committeeCasesApi.people(q, signal),
    enabled: q !== '',
    retry: false,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const found = (people.data?.people ?? []).filter((p) => !exclude.includes(p.accountId));
  const byId = new Map<string, TCasePeoplePerson>(found.map((p) => [p.accountId, p]));
  if (value) byId.set(value.accountId, value);
  const data = [...byId.values()].map((p) => ({ value: p.accountId, label: p.name }));
  return (
    <Stack gap={4} style={style}>
      <Select
        label={label}
        placeholder={t('people.search')}
        searchable
        clearable
        required={required}
        data={data}
        value={value?.accountId ?? null}
        onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={
          q === '' ? t('people.typeMore') : people.isFetching ? t('people.searching') : t('people.none')
        }
        renderOption={({ option }) => {
          const p = byId.get(option.value);
          return (
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {option.label}
              </Text>
              {p && (p.email || p.unitName) ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[p.email, p.unitName].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
            </Stack>
          );
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {value && (value.email || value.unitName) ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[value.email, value.unitName].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      {people.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {errorText(t, people.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
