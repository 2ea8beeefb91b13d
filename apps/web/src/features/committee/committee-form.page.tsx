import type { TCommitteeKind, TCommitteeRole } from '@app/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError, usersApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { PlainDateInput } from '../common/date-input.tsx';
import { LoadError } from '../common/load-error.tsx';
import { useAllBranches } from '../common/organisation.queries.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { useUnsavedChangesGuard } from '../common/unsaved-changes.hook.ts';
import { committeeApi } from './committee.api.ts';
import { committeeKeys, useCommittee, useCommitteeRegister } from './committee.queries.ts';
import {
  emptyForm,
  formComplete,
  formOf,
  kindOf,
  newMember,
  rolesOf,
  rowProblems,
  type TCommitteeForm,
  type TMemberRow,
  toInput,
} from './committee-form.ts';
import { ruleText, useWorkspaceToday } from './committee-view.tsx';

/** `/committee/new` and `/committee/:id/edit`: the page loads what it needs, then the form. */
export function CommitteeFormPage() {
  const { t } = useTranslation('committee');
  const { id } = useParams();
  const register = useCommitteeRegister();
  const existing = useCommittee(id, null);
  const today = useWorkspaceToday();
  const country = register.data?.country ?? 'IN';
  usePageTitle(existing.data ? t('form.editTitle', { name: existing.data.name }) : t(`form.newTitle.${country}`));

  if (register.isPending || (id && existing.isPending)) return <FullPageLoader inline />;
  if (register.isError || (id && existing.isError))
    return (
      <LoadError
        title={t('form.loadError')}
        onRetry={() => {
          void register.refetch();
          if (id) void existing.refetch();
        }}
      />
    );
  const kind = existing.data?.kind ?? kindOf(register.data.country);
  return (
    <CommitteeForm
      key={id ?? 'new'}
      id={id ?? null}
      kind={kind}
      country={register.data.country}
      initial={existing.data ? formOf(existing.data) : emptyForm(kind, today)}
      currentOrder={existing.data?.order?.fileName ?? null}
      title={existing.data ? t('form.editTitle', { name: existing.data.name }) : t(`form.newTitle.${country}`)}
    />
  );
}

function CommitteeForm({
  id,
  kind,
  country,
  initial,
  currentOrder,
  title,
}: {
  id: string | null;
  kind: TCommitteeKind;
  country: 'IN' | 'CA';
  initial: TCommitteeForm;
  currentOrder: string | null;
  title: string;
}) {
  const { t } = useTranslation('committee');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const today = useWorkspaceToday();
  const units = useAllBranches();
  const [form, setForm] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const initialJson = useMemo(() => JSON.stringify(initial), [initial]);
  const dirty = JSON.stringify(form) !== initialJson || file !== null;
  const leaving = useRef(false);
  const guard = useUnsavedChangesGuard(dirty, { allow: () => leaving.current });
  const refusalsId = useId();

  const save = useMutation({
    mutationFn: async () => {
      const body = toInput(form, kind);
      const saved = id ? await committeeApi.update(id, body) : await committeeApi.create(body);
      let orderError: unknown = null;
      if (file && form.orderDate) {
        try {
          await committeeApi.uploadOrder(saved.id, file, form.orderDate);
        } catch (error) {
          orderError = error;
        }
      }
      return { saved, orderError };
    },
    onSuccess: ({ orderError }) => {
      void qc.invalidateQueries({ queryKey: committeeKeys.all });
      if (orderError) notify(errorText(t, orderError, t('form.orderFailed')), 'error');
      else notify(file ? `${t('form.saved')} ${t('form.orderUploaded')}` : t('form.saved'));
      leaving.current = true;
      void navigate('/committee');
    },
  });

  const refusals =
    isApiError(save.error, 422) && save.error.code === 'COMMITTEE_COMPOSITION_UNLAWFUL'
      ? (save.error.details ?? [])
      : null;
  const set = (patch: Partial<TCommitteeForm>) => setForm((f) => ({ ...f, ...patch }));
  const setRow = (key: string, patch: Partial<TMemberRow>) =>
    setForm((f) => ({ ...f, members: f.members.map((m) => (m.key === key ? { ...m, ...patch } : m)) }));
  const fileNeedsDate = file !== null && !form.orderDate;

  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to="/committee" size="sm">
        {t('asOf.back')}
      </Anchor>
      <PageHeading title={title} intro={t(`form.intro.${country}`)} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (formComplete(form) && !fileNeedsDate) save.mutate();
        }}
        aria-describedby={refusals ? refusalsId : undefined}
      >
        <Stack gap="lg">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput
                label={t('form.name')}
                placeholder={t(`form.namePlaceholder.${country}`)}
                value={form.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
                error={tried && !form.name.trim() ? t('form.nameRequired') : undefined}
                required
                maxLength={120}
              />
              <MultiSelect
                label={t('form.units')}
                description={t('form.unitsHint')}
                data={(units.data ?? []).map((u) => ({ value: u.branchId, label: u.branchName }))}
                value={form.branchIds}
                onChange={(v) => set({ branchIds: v })}
                error={
                  tried && !form.workspaceWide && form.branchIds.length === 0 ? t('form.unitsRequired') : undefined
                }
                searchable
                clearable
              />
              <Switch
                label={t('form.workspaceWide')}
                checked={form.workspaceWide}
                onChange={(e) => set({ workspaceWide: e.currentTarget.checked })}
              />
              {kind === 'INTERNAL_COMMITTEE' ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <PlainDateInput
                    label={t('form.orderDate')}
                    value={form.orderDate}
                    onChange={(v) => set({ orderDate: v })}
                    error={tried && fileNeedsDate ? t('form.orderDateNeeded') : undefined}
                  />
                  <FileInput
                    label={t('form.orderFile')}
                    description={
                      currentOrder
                        ? `${t('form.orderFileHint')} ${t('form.orderFileCurrent', { name: currentOrder })}`
                        : t('form.orderFileHint')
                    }
                    accept="application/pdf"
                    value={file}
                    onChange={setFile}
                    clearable
                  />
                </SimpleGrid>
              ) : null}
              <Textarea
                label={t('form.howToRaise')}
                description={t('form.howToRaiseHint')}
                value={form.howToRaise}
                onChange={(e) => set({ howToRaise: e.currentTarget.value })}
                autosize
                minRows={2}
                maxLength={2000}
              />
            </Stack>
          </Paper>

          <Stack gap="sm" component="section" aria-labelledby={`${refusalsId}-members`}>
            <Title order={2} fz="lg" id={`${refusalsId}-members`}>
              {t('form.membersHeading')}
            </Title>
            <Text c="dimmed" size="sm">
              {t(`form.membersIntro.${country}`)}
            </Text>
            {form.members.map((row, index) => (
              <MemberRow
                key={row.key}
                row={row}
                n={index + 1}
                kind={kind}
                tried={tried}
                onChange={(patch) => setRow(row.key, patch)}
                onRemove={
                  form.members.length > 1
                    ? () => setForm((f) => ({ ...f, members: f.members.filter((m) => m.key !== row.key) }))
                    : undefined
                }
              />
            ))}
            <Group>
              <Button
                variant="default"
                onClick={() =>
                  set({
                    members: [
                      ...form.members,
                      newMember(kind === 'DESIGNATED_RECIPIENT' ? 'DESIGNATED_RECIPIENT' : 'MEMBER', today),
                    ],
                  })
                }
              >
                {t('form.addMember')}
              </Button>
            </Group>
          </Stack>

          {refusals ? (
            <Alert
              color="red"
              variant="light"
              title={t('form.refusedTitle')}
              role="alert"
              id={refusalsId}
              data-testid="refusals"
            >
              <List size="sm" spacing={4}>
                {refusals.map((d) => (
                  <List.Item key={`${d.code ?? ''}-${d.path}-${String(d.params?.member ?? '')}`} data-rule={d.code}>
                    {ruleText(t, d.code ?? '', d.params, d.message)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : save.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, save.error, t('form.failed'))}
            </Alert>
          ) : tried && (!formComplete(form) || fileNeedsDate) ? (
            <Alert color="orange" variant="light" role="alert">
              {t('form.fixFirst')}
            </Alert>
          ) : null}

          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
            <Button component={Link} to="/committee" variant="default">
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={guard.asking}
        title={t('form.leaveTitle')}
        message={t('form.leaveBody')}
        confirmLabel={t('form.leave')}
        onConfirm={guard.proceed}
        onClose={guard.stay}
      />
    </Stack>
  );
}

/** One member: role, who (an employee picked from the workspace, or a person outside), gender, seniority, term. */
function MemberRow({
  row,
  n,
  kind,
  tried,
  onChange,
  onRemove,
}: {
  row: TMemberRow;
  n: number;
  kind: TCommitteeKind;
  tried: boolean;
  onChange: (patch: Partial<TMemberRow>) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('committee');
  const headingId = useId();
  const problems = tried ? rowProblems(row) : {};
  const err = (k: keyof typeof problems) => (problems[k] ? t(`form.${problems[k]!}`) : undefined);
  const roles = rolesOf(kind);
  return (
    <Paper
      component="fieldset"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      m={0}
      aria-labelledby={headingId}
      data-testid="member-row"
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text component="legend" fw={700} id={headingId} p={0}>
            {t('form.memberN', { n })}
          </Text>
          {onRemove ? (
            <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove}>
              {t('form.removeMember', { n })}
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {roles.length > 1 ? (
            <Select
              label={t('form.role')}
              data={roles.map((r) => ({ value: r, label: t(`committee.roles.${r}`) }))}
              value={row.role}
              onChange={(v) => v && onChange({ role: v as TCommitteeRole })}
              allowDeselect={false}
            />
          ) : null}
          <Select
            label={t('form.gender')}
            placeholder={t('form.chooseGender')}
            data={(['WOMAN', 'MAN', 'OTHER'] as const).map((g) => ({ value: g, label: t(`committee.genders.${g}`) }))}
            value={row.gender}
            onChange={(v) => onChange({ gender: (v as TMemberRow['gender']) ?? null })}
            error={err('gender')}
            required
          />
          {kind === 'INTERNAL_COMMITTEE' ? (
            <Checkbox
              label={t('form.senior')}
              checked={row.senior}
              onChange={(e) => onChange({ senior: e.currentTarget.checked })}
              mt={{ base: 0, sm: 30 }}
            />
          ) : null}
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} mb={4} id={`${headingId}-who`}>
            {t('form.who')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${headingId}-who`}
            data={[
              { value: 'employee', label: t('form.employee') },
              { value: 'outside', label: t('form.outside') },
            ]}
            value={row.who}
            onChange={(v) => onChange({ who: v as TMemberRow['who'] })}
            fullWidth
            styles={{ label: { whiteSpace: 'normal' } }}
          />
        </div>
        {row.who === 'employee' ? (
          <PersonPicker row={row} onChange={onChange} error={err('person')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('form.externalName')}
              value={row.name}
              onChange={(e) => onChange({ name: e.currentTarget.value })}
              error={err('name')}
              required
              maxLength={120}
            />
            <TextInput
              label={t('form.organisation')}
              value={row.organisation}
              onChange={(e) => onChange({ organisation: e.currentTarget.value })}
              error={err('organisation')}
              required
              maxLength={200}
            />
            <TextInput
              label={t('form.email')}
              type="email"
              value={row.email}
              onChange={(e) => onChange({ email: e.currentTarget.value })}
              error={err('contact')}
            />
            <TextInput
              label={t('form.phone')}
              type="tel"
              value={row.phone}
              onChange={(e) => onChange({ phone: e.currentTarget.value })}
              maxLength={32}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PlainDateInput
            label={t('form.termStart')}
            value={row.termStart}
            onChange={(v) => onChange({ termStart: v })}
            error={err('termStart')}
            required
          />
          <PlainDateInput
            label={t('form.termEnd')}
            value={row.termEnd}
            onChange={(v) => onChange({ termEnd: v })}
            error={err('termEnd')}
            required
          />
        </SimpleGrid>
        {kind === 'DESIGNATED_RECIPIENT' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PlainDateInput
              label={t('form.trainingDate')}
              value={row.trainingCompletedOn}
              onChange={(v) => onChange({ trainingCompletedOn: v })}
            />
            <TextInput
              label={t('form.trainingNote')}
              value={row.trainingNote}
              onChange={(e) => onChange({ trainingNote: e.currentTarget.value })}
              maxLength={500}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** An employee of the workspace, found by name or email (the users search the other pages use). */
function PersonPicker({
  row,
  onChange,
  error,
}: {
  row: TMemberRow;
  onChange: (patch: Partial<TMemberRow>) => void;
  error?: string;
}) {
  const { t } = useTranslation('committee');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const people = useQuery({
    queryKey: ['session', 'committee-people', q],
    queryFn: ({ signal }) =>
      usersApi.searchUsers({ searchText: q, status: 'ACTIVE' }, { pageNo: 0, pageSize: 20 }, signal),
  });
  const found = (people.data?.content ?? []).map((p) => ({
    value: p.userId,
    label: `${[p.firstName, p.lastName].filter(Boolean).join(' ')}${p.userEmail ? ` (${p.userEmail})` : ''}`,
  }));
  const options = [
    ...(row.accountId && !found.some((o) => o.value === row.accountId)
      ? [{ value: row.accountId, label: row.accountLabel ?? row.accountId }]
      : []),
    ...found,
  ];
  return (
    <Select
      label={t('form.person')}
      placeholder={t('form.searchPerson')}
      searchable
      data={options}
      value={row.accountId}
      onChange={(v, option) => onChange({ accountId: v, accountLabel: v ? (option?.label ?? null) : null })}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={t('form.noPeople')}
      error={error}
      required
    />
  );
}
