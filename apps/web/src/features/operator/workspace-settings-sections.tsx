import type { TWorkspaceDetails } from '@app/contract';
import { MENU_PATHS } from '@app/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { notify } from '../../app/notify.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { listOf } from '../../lib/i18n/list.ts';
import { PlainDateInput } from '../common/date-input.tsx';
import { useDates } from '../common/dates.hook.ts';
import { normalizeHost } from './create-wizard.ts';
import { formatPlainDate, READABLE_BADGE } from './format.ts';
import { operatorApi } from './operator.client.ts';
import { useWhitelist, useWorkspaceChange, useWorkspaceNavigation } from './operator.queries.ts';
import {
  FIXED_MENU,
  hostConfirmed,
  parseUserLimit,
  parseWhitelistEntries,
  toggledMenus,
  userLimitEffect,
} from './workspace-settings.ts';

type TW = { workspace: TWorkspaceDetails };

/** A settings section: its heading, what it says, and its controls. */
function Section(props: { id: string; title: string; intro?: string; children: ReactNode; danger?: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={props.id}
      style={props.danger ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap="sm">
        <Title order={3} fz="md" id={props.id}>
          {props.title}
        </Title>
        {props.intro ? <Text size="sm">{props.intro}</Text> : null}
        {props.children}
      </Stack>
    </Paper>
  );
}

/** A change asked for, waiting for its confirmation: the dialog's words and what to do. */
type TPending = { title: string; message: string; confirmLabel: string; color?: string; run: () => Promise<unknown> };

/** The confirm-then-act state of a section: the dialog, and the server's refusal shown in it. */
function useConfirm() {
  const { t } = useTranslation('operator');
  const [pending, setPending] = useState<TPending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title={pending?.title ?? ''}
      message={pending?.message ?? ''}
      confirmLabel={pending?.confirmLabel ?? t('operator.details.confirm')}
      confirmColor={pending?.color ?? 'blue'}
      pending={busy}
      error={error}
      errorTitle={t('operator.details.failed')}
      onConfirm={() => {
        if (!pending) return;
        setBusy(true);
        setError(null);
        pending.run().then(
          () => {
            setBusy(false);
            setPending(null);
          },
          (e: unknown) => {
            setBusy(false);
            setError(errorText(t, e, t('operator.details.failed')));
          },
        );
      }}
      onClose={() => {
        if (busy) return;
        setPending(null);
        setError(null);
      }}
    />
  );
  return {
    ask: (p: TPending) => {
      setError(null);
      setPending(p);
    },
    dialog,
  };
}

export function HostSection({ workspace }: TW) {
  const { t } = useTranslation('operator');
  const { date } = useDates();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const confirm = useConfirm();
  const change = useWorkspaceChange(workspace.workspaceId, (host: string) =>
    operatorApi.changeHost(workspace.workspaceId, host),
  );
  const next = normalizeHost(typed);
  return (
    <Section
      id="op-host"
      title={t('operator.host.heading')}
      intro={t('operator.host.current', { host: workspace.workspaceUrl })}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(next) || !next.includes('.')) {
            setInvalid(t('operator.wizard.hostInvalid'));
            return;
          }
          if (next === workspace.workspaceUrl) {
            setInvalid(t('operator.host.unchanged'));
            return;
          }
          setInvalid(null);
          confirm.ask({
            title: t('operator.host.confirmTitle'),
            message: t('operator.host.confirmBody', { next, current: workspace.workspaceUrl }),
            confirmLabel: t('operator.host.change'),
            run: async () => {
              const result = await change.mutateAsync(next);
              setTyped('');
              notify(t('operator.host.done', { host: result.workspaceUrl }));
            },
          });
        }}
      >
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label={t('operator.host.label')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={invalid}
            autoCapitalize="none"
            spellCheck={false}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} disabled={!typed.trim()}>
            {t('operator.host.change')}
          </Button>
        </Group>
      </form>
      {workspace.previousHosts.length > 0 ? (
        <div>
          <Text size="sm" fw={600}>
            {t('operator.host.previous')}
          </Text>
          <List size="sm">
            {workspace.previousHosts.map((h) => (
              <List.Item key={h.host}>
                {t('operator.host.redirecting', { host: h.host, date: date(h.until) })}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {confirm.dialog}
    </Section>
  );
}

export function LimitSection({ workspace }: TW) {
  const { t } = useTranslation('operator');
  const [value, setValue] = useState<string | number>(workspace.userLimit ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const confirm = useConfirm();
  const change = useWorkspaceChange(workspace.workspaceId, (limit: number | null) =>
    operatorApi.setUserLimit(workspace.workspaceId, limit),
  );
  return (
    <Section id="op-limit" title={t('operator.limit.heading')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const limit = parseUserLimit(value);
          if (limit === undefined) {
            setInvalid(t('operator.wizard.limitInvalid'));
            return;
          }
          setInvalid(null);
          const effect = userLimitEffect(limit, workspace.members);
          const values = { limit: limit ?? 0, members: workspace.members };
          const message =
            effect === 'none'
              ? t('operator.limit.confirmNone')
              : effect === 'below'
                ? t('operator.limit.confirmBelow', values)
                : effect === 'reached'
                  ? t('operator.limit.confirmReached', values)
                  : t('operator.limit.confirmRoom', values);
          confirm.ask({
            title: t('operator.limit.confirmTitle'),
            message,
            confirmLabel: t('operator.limit.save'),
            color: effect === 'below' ? 'orange' : 'blue',
            run: async () => {
              await change.mutateAsync(limit);
              notify(t('operator.limit.done'));
            },
          });
        }}
      >
        <Group align="flex-start" wrap="wrap" gap="sm">
          <NumberInput
            label={t('operator.limit.label')}
            description={t('operator.limit.help')}
            value={value}
            onChange={setValue}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            error={invalid}
            w={220}
          />
          <Button type="submit" mt={{ base: 0, xs: 48 }}>
            {t('operator.limit.save')}
          </Button>
        </Group>
      </form>
      {confirm.dialog}
    </Section>
  );
}

export function ContractSection({ workspace }: TW) {
  const { t, i18n } = useTranslation('operator');
  const [value, setValue] = useState<string | null>(workspace.contractExpiryDate);
  const confirm = useConfirm();
  const change = useWorkspaceChange(workspace.workspaceId, (day: string | null) =>
    operatorApi.setContractExpiry(workspace.workspaceId, day),
  );
  return (
    <Section id="op-contract" title={t('operator.contractEdit.heading')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm.ask({
            title: t('operator.contractEdit.confirmTitle'),
            message: value
              ? t('operator.contractEdit.confirmDate', { date: formatPlainDate(value, i18n.language) })
              : t('operator.contractEdit.confirmOpen'),
            confirmLabel: t('operator.contractEdit.save'),
            run: async () => {
              await change.mutateAsync(value);
              notify(t('operator.contractEdit.done'));
            },
          });
        }}
      >
        <Group align="flex-start" wrap="wrap" gap="sm">
          <PlainDateInput
            label={t('operator.contractEdit.label')}
            description={t('operator.contractEdit.help')}
            value={value}
            onChange={(v) => setValue(v)}
            clearable
            w={240}
          />
          <Button type="submit" mt={{ base: 0, xs: 48 }} disabled={value === workspace.contractExpiryDate}>
            {t('operator.contractEdit.save')}
          </Button>
        </Group>
      </form>
      {confirm.dialog}
    </Section>
  );
}

export function NavigationSection({ workspace }: TW) {
  const { t } = useTranslation('operator');
  const nav = useWorkspaceNavigation(workspace.workspaceId);
  const confirm = useConfirm();
  const change = useWorkspaceChange(workspace.workspaceId, (menus: ReturnType<typeof toggledMenus>) =>
    operatorApi.setNavigation(workspace.workspaceId, menus),
  );
  const menus = nav.data?.menus ?? workspace.navigation;
  return (
    <Section id="op-nav" title={t('operator.nav.heading')} intro={t('operator.nav.intro')}>
      {nav.isError ? (
        <Text size="sm" c="red.8">
          {t('operator.nav.loadError')}
        </Text>
      ) : null}
      <Stack gap={8}>
        {/* Only menus that open a page today (MENU_PATHS): one of an area not built yet switches nothing. */}
        {menus
          .filter((item) => MENU_PATHS[item.menu])
          .map((item) => {
            const label = t(`nav.${item.menu}`);
            return (
              <Switch
                key={item.menu}
                label={label}
                description={item.menu === FIXED_MENU ? t('operator.nav.fixed') : undefined}
                checked={item.menu === FIXED_MENU || item.enabled}
                disabled={item.menu === FIXED_MENU}
                onChange={(e) => {
                  const enabled = e.currentTarget.checked;
                  confirm.ask({
                    title: t('operator.nav.confirmTitle'),
                    message: enabled
                      ? t('operator.nav.confirmOn', { menu: label })
                      : t('operator.nav.confirmOff', { menu: label }),
                    confirmLabel: t('operator.details.confirm'),
                    run: async () => {
                      await change.mutateAsync(toggledMenus(menus, item.menu, enabled));
                      await nav.refetch();
                      notify(t('operator.nav.done'));
                    },
                  });
                }}
              />
            );
          })}
      </Stack>
      {confirm.dialog}
    </Section>
  );
}

export function WhitelistSection({ workspace }: TW) {
  const { t, i18n } = useTranslation('operator');
  const { date } = useDates();
  const list = useWhitelist(workspace.workspaceId);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const confirm = useConfirm();
  const refresh = () => void list.refetch();
  const add = useWorkspaceChange(workspace.workspaceId, (entries: string[]) =>
    operatorApi.addToWhitelist(workspace.workspaceId, entries),
  );
  const remove = useWorkspaceChange(workspace.workspaceId, (entries: string[]) =>
    operatorApi.removeFromWhitelist(workspace.workspaceId, entries),
  );
  const bulk = useWorkspaceChange(workspace.workspaceId, (f: File) =>
    operatorApi.addWhitelistFile(workspace.workspaceId, f),
  );
  const count = list.data?.entries.length ?? workspace.whitelistCount;
  return (
    <Section id="op-whitelist" title={t('operator.whitelist.heading')} intro={t('operator.whitelist.intro')}>
      <Text size="sm" fw={600}>
        {t('operator.whitelist.count', { count })}
      </Text>
      {list.isError ? (
        <Text size="sm">{t('operator.whitelist.listUnavailable')}</Text>
      ) : list.data && list.data.entries.length === 0 ? (
        <Text size="sm">{t('operator.whitelist.empty')}</Text>
      ) : list.data ? (
        <Stack gap={4} mah={240} style={{ overflowY: 'auto' }}>
          {list.data.entries.map((entry) => (
            <Group key={entry.value} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.value}{' '}
                <Text span size="xs" c="dimmed">
                  {date(entry.addedAt)}
                </Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('operator.whitelist.remove', { value: entry.value })}
                onClick={() =>
                  confirm.ask({
                    title: t('operator.whitelist.removeTitle'),
                    message: t('operator.whitelist.removeBody', { value: entry.value }),
                    confirmLabel: t('operator.details.confirm'),
                    color: 'red',
                    run: async () => {
                      await remove.mutateAsync([entry.value]);
                      refresh();
                      notify(t('operator.whitelist.removed'));
                    },
                  })
                }
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseWhitelistEntries(text);
          if (parsed.invalid.length > 0) {
            setInvalid(t('operator.whitelist.invalid', { list: listOf(i18n.language, parsed.invalid) }));
            return;
          }
          if (parsed.valid.length === 0) return;
          setInvalid(null);
          confirm.ask({
            title: t('operator.whitelist.confirmTitle'),
            message: t('operator.whitelist.confirmAdd', { count: parsed.valid.length }),
            confirmLabel: t('operator.whitelist.add'),
            run: async () => {
              await add.mutateAsync(parsed.valid);
              setText('');
              refresh();
              notify(t('operator.whitelist.added'));
            },
          });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t('operator.whitelist.entries')}
            description={t('operator.whitelist.entriesHelp')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={invalid}
            autosize
            minRows={2}
            maxRows={8}
          />
          <Group>
            <Button type="submit" disabled={!text.trim()}>
              {t('operator.whitelist.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          setFileError(null);
          bulk.mutate(file, {
            onSuccess: () => {
              setFile(null);
              refresh();
            },
            onError: (err) => setFileError(errorText(t, err, t('operator.details.failed'))),
          });
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <FileInput
            label={t('operator.whitelist.file')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={setFile}
            clearable
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" variant="default" disabled={!file} loading={bulk.isPending}>
            {t('operator.whitelist.upload')}
          </Button>
        </Group>
      </form>
      {fileError ? (
        <Alert color="red" variant="light" role="alert">
          {fileError}
        </Alert>
      ) : null}
      {bulk.data ? (
        <Alert
          color={bulk.data.refused.length ? 'orange' : 'green'}
          variant="light"
          data-testid="whitelist-bulk-result"
        >
          <Text size="sm">
            {t('operator.whitelist.fileResult', { added: bulk.data.added, already: bulk.data.alreadyListed })}
          </Text>
          {bulk.data.refused.length > 0 ? (
            <>
              <Text size="sm" fw={600} mt="xs">
                {t('operator.whitelist.refused')}
              </Text>
              <List size="sm">
                {bulk.data.refused.map((r) => (
                  <List.Item key={`${r.row}:${r.value}`}>
                    {t('operator.whitelist.refusedRow', { row: r.row, value: r.value, message: r.message })}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Alert>
      ) : null}
      {confirm.dialog}
    </Section>
  );
}

export function IpRangesSection({ workspace }: TW) {
  const { t } = useTranslation('operator');
  const confirm = useConfirm();
  const clear = useWorkspaceChange(workspace.workspaceId, () => operatorApi.clearAdminIpRanges(workspace.workspaceId));
  const flagOn = workspace.featureFlags.includes('elevateip');
  return (
    <Section id="op-ip" title={t('operator.ip.heading')} intro={t('operator.ip.intro')}>
      <Text size="sm">{flagOn ? t('operator.ip.flagOn') : t('operator.ip.flagOff')}</Text>
      {workspace.adminIpRanges.length === 0 ? (
        <Text size="sm">{t('operator.ip.empty')}</Text>
      ) : (
        <>
          <Group gap="xs" wrap="wrap">
            {workspace.adminIpRanges.map((range) => (
              <Badge styles={READABLE_BADGE} key={range} variant="outline" color="gray" tt="none">
                {range}
              </Badge>
            ))}
          </Group>
          <Group>
            <Button
              variant="default"
              color="red"
              onClick={() =>
                confirm.ask({
                  title: t('operator.ip.confirmTitle'),
                  message: t('operator.ip.confirmBody'),
                  confirmLabel: t('operator.ip.clear'),
                  color: 'red',
                  run: async () => {
                    await clear.mutateAsync(undefined);
                    notify(t('operator.ip.done'));
                  },
                })
              }
            >
              {t('operator.ip.clear')}
            </Button>
          </Group>
        </>
      )}
      {confirm.dialog}
    </Section>
  );
}

export function RetireSection({ workspace }: TW) {
  const { t } = useTranslation('operator');
  const { date } = useDates();
  const [typed, setTyped] = useState('');
  const confirm = useConfirm();
  const retire = useWorkspaceChange(workspace.workspaceId, (host: string) =>
    operatorApi.retire(workspace.workspaceId, host),
  );
  const restore = useWorkspaceChange(workspace.workspaceId, () => operatorApi.restore(workspace.workspaceId));
  if (workspace.status === 'PURGED') return null;
  const matches = hostConfirmed(typed, workspace.workspaceUrl);
  return (
    <Section id="op-retire" title={t('operator.retire.heading')} intro={t('operator.retire.intro')} danger>
      {workspace.status === 'SUSPENDED' ? (
        <Stack gap="xs">
          {workspace.purgeAfter ? (
            <Text size="sm" fw={600}>
              {t('operator.retire.purgeOn', { date: date(workspace.purgeAfter) })}
            </Text>
          ) : null}
          <Group>
            <Button
              onClick={() =>
                confirm.ask({
                  title: t('operator.retire.restoreTitle'),
                  message: t('operator.retire.restoreBody', { host: workspace.workspaceUrl }),
                  confirmLabel: t('operator.retire.restore'),
                  run: async () => {
                    await restore.mutateAsync(undefined);
                    notify(t('operator.retire.restored'));
                  },
                })
              }
            >
              {t('operator.retire.restore')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!matches) return;
            confirm.ask({
              title: t('operator.retire.confirmTitle', { name: workspace.companyName }),
              message: t('operator.retire.confirmBody', { host: workspace.workspaceUrl }),
              confirmLabel: t('operator.retire.retire'),
              color: 'red',
              run: async () => {
                const result = await retire.mutateAsync(typed.trim().toLowerCase());
                setTyped('');
                notify(t('operator.retire.done', { date: result.purgeAfter ? date(result.purgeAfter) : '—' }));
              },
            });
          }}
        >
          <Group align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label={t('operator.retire.typeHost', { host: workspace.workspaceUrl })}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              error={
                typed.trim().length >= workspace.workspaceUrl.length && !matches ? t('operator.retire.mismatch') : null
              }
              style={{ flex: '1 1 260px' }}
            />
            <Button type="submit" color="red" disabled={!matches} mt={{ base: 0, xs: 25 }}>
              {t('operator.retire.retire')}
            </Button>
          </Group>
        </form>
      )}
      {confirm.dialog}
    </Section>
  );
}

/** A link to the workspace's own host. */
export function HostLink({ host, label }: { host: string; label: string }) {
  return (
    <Anchor
      href={`${window.location.protocol}//${host}/`}
      target="_blank"
      rel="noreferrer"
      style={{ overflowWrap: 'anywhere' }}
    >
      {label}
    </Anchor>
  );
}
