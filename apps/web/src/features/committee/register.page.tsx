import type { TCommittee, TCommitteeRegister } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { DataTable } from '../common/data-table.tsx';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { committeeApi } from './committee.api.ts';
import { committeeKeys, useCommitteeRegister } from './committee.queries.ts';
import { CommitteeCard, useWorkspaceToday } from './committee-view.tsx';

/**
 * `/committee`: the Internal Committee register (India, POSH s.4) or the designated recipients
 * (Canada, s.14) — each committee with its status, the rules it breaks and its members; then every
 * business unit with its headcount and what the law asks of it.
 */
export function CommitteeRegisterPage() {
  const { t } = useTranslation('committee');
  const register = useCommitteeRegister();
  const country = register.data?.country ?? 'IN';
  usePageTitle(t(`committee.pageTitle.${country}`));
  const qc = useQueryClient();
  const today = useWorkspaceToday();
  const [dissolving, setDissolving] = useState<TCommittee | null>(null);
  const dissolve = useMutation({
    mutationFn: (id: string) => committeeApi.dissolve(id, { dissolvedOn: today }),
    onSuccess: () => {
      setDissolving(null);
      notify(t('committee.dissolved'));
      void qc.invalidateQueries({ queryKey: committeeKeys.all });
    },
  });

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="flex-end" gap="md">
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <PageHeading title={t(`committee.heading.${country}`)} intro={t(`committee.intro.${country}`)} />
        </div>
        {register.data?.canCreate ? (
          <Button component={Link} to="/committee/new">
            {t(`committee.create.${country}`)}
          </Button>
        ) : null}
      </Group>
      {register.isPending ? (
        <FullPageLoader inline />
      ) : register.isError ? (
        <LoadError title={t('committee.loadError')} onRetry={() => void register.refetch()} />
      ) : (
        <>
          {register.data.committees.length === 0 ? (
            <Text c="dimmed">{t(`committee.noCommittees.${country}`)}</Text>
          ) : (
            register.data.committees.map((c) => (
              <CommitteeCard
                key={c.id}
                committee={c}
                onDissolve={(x) => {
                  dissolve.reset();
                  setDissolving(x);
                }}
              />
            ))
          )}
          <UnitsSection register={register.data} />
        </>
      )}
      <ConfirmDialog
        opened={dissolving !== null}
        title={t('committee.dissolveTitle', { name: dissolving?.name ?? '' })}
        message={t('committee.dissolveBody')}
        confirmLabel={t('committee.dissolve')}
        confirmColor="red"
        pending={dissolve.isPending}
        error={dissolve.error ? errorText(t, dissolve.error, t('committee.dissolveFailed')) : null}
        onConfirm={() => dissolving && dissolve.mutate(dissolving.id)}
        onClose={() => setDissolving(null)}
      />
    </Stack>
  );
}

const FLAG_COLOR = {
  COVERED: 'green',
  NEEDS_COMMITTEE: 'red.8',
  LOCAL_COMMITTEE: 'blue',
  NEEDS_DESIGNATED_RECIPIENT: 'red.8',
} as const;
const FLAG_VARIANT = {
  COVERED: 'light',
  NEEDS_COMMITTEE: 'filled',
  LOCAL_COMMITTEE: 'light',
  NEEDS_DESIGNATED_RECIPIENT: 'filled',
} as const;

/** Every unit: its workers, who serves it and what the law asks of it, with the section. */
function UnitsSection({ register }: { register: TCommitteeRegister }) {
  const { t } = useTranslation('committee');
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" id={headingId}>
        {t('committee.unitsHeading')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('committee.unitsIntro')}
      </Text>
      {register.units.length === 0 ? (
        <Text c="dimmed">{t('committee.noUnits')}</Text>
      ) : (
        <DataTable
          rows={register.units}
          rowKey={(u) => u.id}
          label={t('committee.unitsHeading')}
          minWidth={300}
          columns={[
            {
              key: 'unit',
              header: t('committee.unit'),
              cell: (u) => (
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {u.name}
                </Text>
              ),
            },
            {
              key: 'headcount',
              header: t('committee.headcount'),
              cell: (u) => <Text size="sm">{u.headcount}</Text>,
            },
            {
              key: 'served',
              header: t('committee.servedBy'),
              visibleFrom: 'sm',
              cell: (u) => (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {u.committee ? u.committee.name : t('committee.notServed')}
                </Text>
              ),
            },
            {
              key: 'flag',
              header: t('committee.flagColumn'),
              cell: (u) => (
                <Stack gap={4} align="flex-start" data-testid="unit-flag" data-flag={u.flag}>
                  <Badge color={FLAG_COLOR[u.flag]} variant={FLAG_VARIANT[u.flag]} style={{ textTransform: 'none' }}>
                    {t(`committee.flagShort.${u.flag}`)}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t(`committee.flag.${u.flag}`, {
                      unit: u.name,
                      count: u.headcount,
                      section: u.section,
                      committee: u.committee?.name ?? '',
                    })}
                  </Text>
                </Stack>
              ),
            },
          ]}
        />
      )}
    </Paper>
  );
}
