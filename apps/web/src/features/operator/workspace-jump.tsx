import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../common/paged-list.hook.ts';
import { useWorkspaceSearch } from './operator.queries.ts';

/** The typeahead that opens a workspace's details: by company name or address. */
export function WorkspaceJump() {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const hits = useWorkspaceSearch(q);
  const options = (hits.data ?? []).map((h) => ({
    value: h.workspaceId,
    label: `${h.companyName} — ${h.workspaceUrl}`,
  }));
  return (
    <Select
      label={t('operator.list.jumpLabel')}
      placeholder={t('operator.list.jumpPlaceholder')}
      searchable
      data={options}
      value={null}
      onChange={(id) => {
        if (id) void navigate(`/platform/workspaces/${id}`);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={
        q.length < 2 ? undefined : hits.isFetching ? t('common.loading') : t('operator.list.jumpNothing', { q })
      }
      style={{ flex: '1 1 260px' }}
      maw={420}
    />
  );
}
