import type { TWorkshop, TWorkshopCreateRequest } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { usersApi } from '../../../lib/api/index.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { PlainDateInput } from '../../common/date-input.tsx';
import { assignApi } from '../assign/assign.api.ts';
import { formatWhen, workshopKeys, workshopsApi } from './workshops.api.ts';

/** `/workshops`: the administrators' workshops (courses.assign; a unit admin: its unit's). */
export function WorkshopsPage() {
  const { t, i18n } = useTranslation('workshops');
  const errorText = useErrorText();
  usePageTitle(t('pageTitle'));
  const [when, setWhen] = useState<'UPCOMING' | 'PAST'>('UPCOMING');
  const [pageNo, setPageNo] = useState(0);
  const [editing, setEditing] = useState<TWorkshop | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<TWorkshop | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: workshopKeys.list(when, pageNo),
    queryFn: ({ signal }) => workshopsApi.list({ when, pageNo }, signal),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => workshopsApi.cancel(id),
    onSuccess: async () => {
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
  const rows = list.data?.content ?? [];
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('heading')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('schedule')}</Button>
      </Group>
      <Text c="dimmed">{t('intro')}</Text>
      {rows[0] ? <Text size="sm">{t('zone', { zone: rows[0].timeZone })}</Text> : null}
      <Tabs
        value={when}
        onChange={(v) => {
          setWhen(v === 'PAST' ? 'PAST' : 'UPCOMING');
          setPageNo(0);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="UPCOMING">{t('upcoming')}</Tabs.Tab>
          <Tabs.Tab value="PAST">{t('past')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(list.error, t('loadError'))}
        </Alert>
      ) : rows.length === 0 && list.data ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('table.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.title')}</Table.Th>
                <Table.Th>{t('table.when')}</Table.Th>
                <Table.Th>{t('table.people')}</Table.Th>
                <Table.Th>{t('table.status')}</Table.Th>
                <Table.Th>{t('table.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => {
                const at = formatWhen(w.startsAt, w.timeZone, i18n.language);
                return (
                  <Table.Tr key={w.id} data-workshop={w.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/workshops/${w.id}`} fw={600} c="blue.9" underline="always">
                        {w.title}
                      </Anchor>
                      <Text size="xs">
                        {[w.location, w.onlineUrl ? t('online') : null].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t('when', { date: at.date, time: at.time, minutes: w.durationMinutes })}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{t('invitedOf', { invited: w.invited, capacity: w.capacity })}</Text>
                      <Text size="sm">{t('attendedOf', { attended: w.attended, invited: w.invited })}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={w.status === 'CANCELLED' ? 'red.8' : 'teal.8'}>{t(`status.${w.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {w.actions.includes('edit') ? (
                          <Button size="xs" variant="default" onClick={() => setEditing(w)}>
                            {t('edit')}
                          </Button>
                        ) : null}
                        {w.actions.includes('cancel') ? (
                          <Button size="xs" variant="default" onClick={() => setCancelling(w)}>
                            {t('cancel')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.totalPages > 1 ? (
        <Pagination total={list.data.totalPages} value={pageNo + 1} onChange={(p) => setPageNo(p - 1)} />
      ) : null}
      {editing ? (
        <WorkshopDialog workshop={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('cancel')}
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        <Stack>
          <Text>{t('cancelConfirm', { title: cancelling?.title ?? '' })}</Text>
          {cancel.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(cancel.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              {t('keep')}
            </Button>
            <Button color="red.8" loading={cancel.isPending} onClick={() => cancelling && cancel.mutate(cancelling.id)}>
              {t('cancelYes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Schedule a workshop, or change one (the audience is fixed once invitations went out). */
export function WorkshopDialog({ workshop, onClose }: { workshop: TWorkshop | null; onClose: () => void }) {
  const { t } = useTranslation('workshops');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(workshop?.title ?? '');
  const [description, setDescription] = useState(workshop?.description ?? '');
  const [date, setDate] = useState<string | null>(workshop?.date ?? null);
  const [time, setTime] = useState(workshop?.time ?? '10:00');
  const [duration, setDuration] = useState<number | string>(workshop?.durationMinutes ?? 60);
  const [location, setLocation] = useState(workshop?.location ?? '');
  const [onlineUrl, setOnlineUrl] = useState(workshop?.onlineUrl ?? '');
  const [trainerId, setTrainerId] = useState<string | null>(workshop?.trainer.id ?? null);
  const [capacity, setCapacity] = useState<number | string>(workshop?.capacity ?? 30);
  const [courseId, setCourseId] = useState<string | null>(workshop?.course?.id ?? null);
  const [branchId, setBranchId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [peopleSearch, setPeopleSearch] = useState('');
  const [peopleDebounced] = useDebouncedValue(peopleSearch, 300);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useQuery({
    queryKey: ['session', 'lms', 'assign', 'unit-options'],
    queryFn: ({ signal }) => assignApi.unitOptions(signal),
    retry: false,
    enabled: workshop === null,
  });
  const courses = useQuery({
    queryKey: ['session', 'lms', 'assign', 'courses'],
    queryFn: ({ signal }) => assignApi.courses(signal),
    retry: false,
    enabled: workshop === null,
  });
  const people = useQuery({
    queryKey: ['session', 'lms', 'workshops', 'trainers', debounced],
    queryFn: ({ signal }) =>
      usersApi.searchUsers({ searchText: debounced, status: 'ACTIVE' }, { pageNo: 0, pageSize: 20 }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const trainerOptions = [
    ...(workshop && !people.data?.content.some((u) => u.userId === workshop.trainer.id)
      ? [{ value: workshop.trainer.id, label: workshop.trainer.name }]
      : []),
    ...(people.data?.content ?? [])
      .filter((u) => u.active)
      .map((u) => ({
        value: u.userId,
        label: [`${u.firstName} ${u.lastName}`.trim() || u.userEmail || u.userId, u.userEmail]
          .filter(Boolean)
          .join(' · '),
      })),
  ];
  const departments = (options.data?.departments ?? []).filter((d) => !branchId || d.branchId === branchId);
  // Specific people: the same search as the trainer's; the chosen stay listed while the search changes.
  const invitees = useQuery({
    queryKey: ['session', 'lms', 'workshops', 'trainers', peopleDebounced],
    queryFn: ({ signal }) =>
      usersApi.searchUsers({ searchText: peopleDebounced, status: 'ACTIVE' }, { pageNo: 0, pageSize: 20 }, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: workshop === null,
  });
  const found = (invitees.data?.content ?? []).map((u) => ({
    value: u.userId,
    label: [`${u.firstName} ${u.lastName}`.trim() || u.userEmail || u.userId, u.userEmail].filter(Boolean).join(' · '),
  }));
  const peopleOptions = [
    ...userIds.filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: picked[id] ?? id })),
    ...found,
  ];
  const save = useMutation({
    mutationFn: () => {
      const common = {
        title: title.trim(),
        description: description.trim() || null,
        date: date ?? '',
        time,
        durationMinutes: Number(duration),
        location: location.trim() || null,
        onlineUrl: onlineUrl.trim() || null,
        trainerId: trainerId ?? '',
        capacity: Number(capacity),
      };
      if (workshop) return workshopsApi.update(workshop.id, common);
      const body: TWorkshopCreateRequest = {
        ...common,
        courseId: courseId ?? null,
        audience: {
          ...(branchId ? { branchId } : {}),
          ...(departmentId ? { departmentId } : {}),
          ...(userIds.length ? { userIds } : {}),
        },
      };
      return workshopsApi.create(body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workshopKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={workshop ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('form.title')}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={200}
          />
          <Textarea
            label={t('form.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={4000}
          />
          <Group grow wrap="wrap" align="flex-start">
            <PlainDateInput label={t('form.date')} required value={date} onChange={(v) => setDate(v)} miw={180} />
            <TextInput
              type="time"
              label={t('form.time')}
              required
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              miw={120}
            />
            <NumberInput
              label={t('form.duration')}
              required
              min={5}
              max={720}
              value={duration}
              onChange={setDuration}
              miw={120}
            />
          </Group>
          <TextInput
            label={t('form.location')}
            description={t('form.locationHelp')}
            value={location}
            onChange={(e) => setLocation(e.currentTarget.value)}
            maxLength={300}
          />
          <TextInput
            type="url"
            label={t('form.onlineUrl')}
            placeholder="https://"
            value={onlineUrl}
            onChange={(e) => setOnlineUrl(e.currentTarget.value)}
            maxLength={500}
          />
          <Group grow wrap="wrap" align="flex-start">
            <Select
              label={t('form.trainer')}
              required
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: o }) => o}
              data={trainerOptions}
              value={trainerId}
              onChange={setTrainerId}
              nothingFoundMessage={t('form.trainerSearch')}
              miw={220}
            />
            <NumberInput
              label={t('form.capacity')}
              required
              min={1}
              max={10000}
              value={capacity}
              onChange={setCapacity}
              miw={120}
            />
          </Group>
          {workshop ? (
            <Text size="sm" c="dimmed">
              {t('form.audienceFixed')} {t('form.changedMail')}
            </Text>
          ) : (
            <>
              <Select
                label={t('form.course')}
                description={t('form.courseHelp')}
                placeholder={t('form.noCourse')}
                data={(courses.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
                value={courseId}
                onChange={setCourseId}
                clearable
                clearButtonProps={{ 'aria-label': t('form.clearChoice') }}
              />
              <Title order={3} fz="sm">
                {t('form.audience')}
              </Title>
              <Group grow wrap="wrap" align="flex-start">
                <Select
                  label={t('form.unit')}
                  placeholder={t('form.anyUnit')}
                  data={(options.data?.branches ?? []).map((b) => ({ value: b.branchId, label: b.branchName }))}
                  value={branchId}
                  onChange={(v) => {
                    setBranchId(v);
                    setDepartmentId(null);
                  }}
                  clearable
                  clearButtonProps={{ 'aria-label': t('form.clearChoice') }}
                  miw={200}
                />
                <Select
                  label={t('form.department')}
                  placeholder={t('form.anyDepartment')}
                  data={departments.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
                  value={departmentId}
                  onChange={setDepartmentId}
                  clearable
                  clearButtonProps={{ 'aria-label': t('form.clearChoice') }}
                  miw={200}
                />
              </Group>
              <MultiSelect
                label={t('form.people')}
                description={t('form.peopleHelp')}
                searchable
                searchValue={peopleSearch}
                onSearchChange={setPeopleSearch}
                filter={({ options: o }) => o}
                data={peopleOptions}
                value={userIds}
                onChange={(ids) => {
                  setPicked((p) => ({
                    ...p,
                    ...Object.fromEntries(
                      peopleOptions.filter((o) => ids.includes(o.value)).map((o) => [o.value, o.label]),
                    ),
                  }));
                  setUserIds(ids);
                }}
                clearable
                clearButtonProps={{ 'aria-label': t('form.clearChoice') }}
              />
            </>
          )}
          {save.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.close')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {workshop ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
