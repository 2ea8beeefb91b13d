import type { TAssignResult, TBulkAssignFilter } from '@app/contract';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { dayIn } from '../../../lib/dates.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { DataTablePager } from '../../common/data-table.tsx';
import { PlainDateInput } from '../../common/date-input.tsx';
import { assignApi, assignKeys } from './assign.api.ts';

type Props = { courseId: string; zone: string; onClose: () => void; onDone: () => void };

/** The "Assign" dialog: pick people, or everyone matching a filter, or the people of a file; a due date for all. */
export function AssignDialog(props: Props) {
  const { t } = useTranslation('assign');
  const [tab, setTab] = useState<string | null>('people');
  const [dueDate, setDueDate] = useState('');
  const done = (r: { enrolled: number; skipped: number }) => {
    notify(
      [t('dialog.done', { count: r.enrolled }), r.skipped ? t('dialog.skipped', { count: r.skipped }) : '']
        .filter(Boolean)
        .join(' '),
    );
    props.onDone();
  };
  const due = dueDate || null;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('dialog.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <PlainDateInput
          label={t('dialog.dueDate')}
          description={t('dialog.dueDateHelp', { zone: props.zone })}
          // Today in the workspace is the earliest due date.
          minDate={dayIn(props.zone)}
          value={dueDate || null}
          onChange={(v) => setDueDate(v ?? '')}
          w={{ base: '100%', sm: 240 }}
        />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="people">{t('dialog.tabs.people')}</Tabs.Tab>
            <Tabs.Tab value="filter">{t('dialog.tabs.filter')}</Tabs.Tab>
            <Tabs.Tab value="file">{t('dialog.tabs.file')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="people" pt="md">
            <PeopleTab {...props} dueDate={due} onAssigned={done} />
          </Tabs.Panel>
          <Tabs.Panel value="filter" pt="md">
            <FilterTab {...props} dueDate={due} onAssigned={done} />
          </Tabs.Panel>
          <Tabs.Panel value="file" pt="md">
            <FileTab {...props} dueDate={due} onAssigned={done} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Modal>
  );
}

type TabProps = Props & { dueDate: string | null; onAssigned: (r: { enrolled: number; skipped: number }) => void };

function PeopleTab(props: TabProps) {
  const { t } = useTranslation('assign');
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const people = useQuery({
    queryKey: [...assignKeys.all(props.courseId), 'assignable', searchText, page],
    queryFn: ({ signal }) =>
      assignApi.assignable(
        { courseId: props.courseId, pageNo: page, ...(searchText ? { search: searchText } : {}) },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const assign = useMutation({
    mutationFn: () =>
      assignApi.assignToUsers({
        courseId: props.courseId,
        userIds: [...chosen.keys()],
        ...(props.dueDate ? { dueDate: props.dueDate } : {}),
      }),
    onSuccess: (r: TAssignResult) => props.onAssigned(r),
  });
  const toggle = (id: string, name: string) =>
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });
  const rows = people.data?.content ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label={t('dialog.people.search')}
        description={t('dialog.people.searchHelp')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(0);
        }}
      />
      {people.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, people.error)}
        </Alert>
      ) : people.data && rows.length === 0 ? (
        <Text c="dimmed">{t('dialog.people.empty')}</Text>
      ) : (
        <Stack gap={6} role="group" aria-label={t('dialog.people.listLabel')} aria-busy={people.isFetching}>
          {rows.map((p) => (
            <Checkbox
              key={p.userId}
              checked={chosen.has(p.userId)}
              onChange={() => toggle(p.userId, p.name)}
              label={
                <span>
                  {p.name}
                  {p.email || p.branchName ? (
                    <Text span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {' '}
                      · {[p.email, p.branchName].filter(Boolean).join(' · ')}
                    </Text>
                  ) : null}
                </span>
              }
            />
          ))}
        </Stack>
      )}
      {people.data ? (
        <DataTablePager
          size="sm"
          totalPages={people.data.totalPages}
          page={page}
          onChange={setPage}
          controlLabel={(c) => t(`pager.${c}`)}
          pageLabel={(p) => t('pager.page', { page: p })}
        />
      ) : null}
      {assign.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, assign.error)}
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {t('dialog.people.chosen', { count: chosen.size })}
        </Text>
        <Button disabled={chosen.size === 0} loading={assign.isPending} onClick={() => assign.mutate()}>
          {t('dialog.people.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function FilterTab(props: TabProps) {
  const { t } = useTranslation('assign');
  const [branchId, setBranchId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const options = useQuery({
    queryKey: ['session', 'lms', 'assign', 'unit-options'],
    queryFn: ({ signal }) => assignApi.unitOptions(signal),
    retry: false,
  });
  const filter: TBulkAssignFilter = {
    courseId: props.courseId,
    ...(branchId ? { branchId } : {}),
    ...(departmentId ? { departmentId } : {}),
    ...(from ? { startJoiningDate: from } : {}),
    ...(to ? { endJoiningDate: to } : {}),
    ...(props.dueDate ? { dueDate: props.dueDate } : {}),
  };
  const [debounced] = useDebouncedValue(filter, 300);
  const preview = useQuery({
    queryKey: [...assignKeys.all(props.courseId), 'dry-run', debounced],
    queryFn: ({ signal }) => assignApi.byFilter({ ...debounced, dryRun: true }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const assign = useMutation({
    mutationFn: () => assignApi.byFilter(filter),
    onSuccess: (r) => props.onAssigned(r),
  });
  const departments = (options.data?.departments ?? []).filter((d) => !branchId || d.branchId === branchId);
  const p = preview.data;
  const short = p && p.balance !== null && p.creditsNeeded > p.balance;
  return (
    <Stack gap="sm">
      <Group grow wrap="wrap" gap="sm" align="flex-start">
        <Select
          label={t('dialog.filter.unit')}
          placeholder={t('dialog.filter.anyUnit')}
          data={(options.data?.branches ?? []).map((b) => ({ value: b.branchId, label: b.branchName }))}
          value={branchId}
          onChange={(v) => {
            setBranchId(v);
            setDepartmentId(null);
          }}
          clearable
          miw={200}
        />
        <Select
          label={t('dialog.filter.department')}
          placeholder={t('dialog.filter.anyDepartment')}
          data={departments.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
          value={departmentId}
          onChange={setDepartmentId}
          clearable
          miw={200}
        />
      </Group>
      <Group grow wrap="wrap" gap="sm" align="flex-start">
        <PlainDateInput
          label={t('dialog.filter.joinedFrom')}
          value={from || null}
          onChange={(v) => setFrom(v ?? '')}
          miw={160}
        />
        <PlainDateInput
          label={t('dialog.filter.joinedTo')}
          value={to || null}
          onChange={(v) => setTo(v ?? '')}
          miw={160}
        />
      </Group>
      <Stack gap={2} aria-live="polite" data-testid="dry-run">
        {preview.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, preview.error)}
          </Alert>
        ) : !p ? (
          <Text size="sm">{t('dialog.filter.counting')}</Text>
        ) : (
          <>
            <Text size="sm" fw={600}>
              {t('dialog.filter.matched', { count: p.matched })}
            </Text>
            <Text size="sm">{t('dialog.filter.willEnrol', { count: p.enrolled })}</Text>
            {p.balance !== null ? (
              <Text size="sm">{t('dialog.filter.credits', { needed: p.creditsNeeded, balance: p.balance })}</Text>
            ) : null}
            {short ? (
              <Text size="sm" c="red.8">
                {t('dialog.filter.short')}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
      {assign.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, assign.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          disabled={!p || p.enrolled === 0 || Boolean(short) || preview.isFetching}
          loading={assign.isPending}
          onClick={() => assign.mutate()}
        >
          {t('dialog.filter.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function FileTab(props: TabProps) {
  const { t } = useTranslation('assign');
  const [file, setFile] = useState<File | null>(null);
  const assign = useMutation({
    mutationFn: () => assignApi.fromFile(props.courseId, file!, props.dueDate),
    onSuccess: (r) => props.onAssigned(r),
  });
  const details = isApiError(assign.error) ? (assign.error.details ?? []) : [];
  return (
    <Stack gap="sm">
      <FileInput
        label={t('dialog.file.label')}
        description={t('dialog.file.help')}
        placeholder={t('dialog.file.placeholder')}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={(f) => {
          setFile(f);
          assign.reset();
        }}
        clearable
      />
      {assign.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap={4}>
            <Text size="sm">{errorText(t, assign.error)}</Text>
            {details.length ? (
              <>
                <Text size="sm" fw={600}>
                  {t('dialog.file.rowsHeading')}
                </Text>
                <List size="sm">
                  {details.slice(0, 50).map((d) => (
                    <List.Item key={d.path}>
                      {t('dialog.file.row', {
                        row: Number(d.params?.row ?? d.path.replace(/^row (\d+).*$/, '$1')) || 1,
                        reason: t(`dialog.file.reasons.${d.code ?? 'NO_SUCH_MEMBER'}`, { defaultValue: d.message }),
                      })}
                    </List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button disabled={!file} loading={assign.isPending} onClick={() => assign.mutate()}>
          {t('dialog.file.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
