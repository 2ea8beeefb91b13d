import type { TSetupStep, TWhiteLabelArea, TWorkspaceOverview } from '@app/contract';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../app/icons.tsx';

/** The page each setup step is done on. */
const STEP_PATH: Record<TSetupStep, string> = {
  businessUnits: '/business-units',
  departments: '/departments',
  invitePeople: '/invitations',
  branding: '/settings',
};

/** The figures of the workspace (or of the caller's business unit) at a glance. */
export function WorkspaceFigures({ overview }: { overview: TWorkspaceOverview }) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const figures = [
    { key: 'active', value: overview.people.active },
    { key: 'deactivated', value: overview.people.deactivated },
    { key: 'pending', value: overview.invitations.pending },
    { key: 'expired', value: overview.invitations.expired },
    { key: 'businessUnits', value: overview.businessUnits },
    { key: 'departments', value: overview.departments },
  ] as const;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        {t('home.overview.heading')}
      </Title>
      {overview.scope ? (
        <Text c="dimmed" size="sm" mt={4}>
          {t('home.overview.unitScope', { unit: overview.scope.branchName })}
        </Text>
      ) : null}
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" mt="md" mb={0}>
        {figures.map((f) => (
          <div key={f.key} data-figure={f.key}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`home.figures.${f.key}`)}
            </Text>
            <Text component="dd" fz={28} fw={700} lh={1.2} m={0}>
              {f.value.toLocaleString()}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The setup checklist: the steps the caller can act on, ticked from the workspace's data, then the
 * areas still to come; and a button to the first step not done yet.
 */
export function SetupChecklist({
  overview,
  coming,
}: {
  overview: TWorkspaceOverview;
  coming: readonly TWhiteLabelArea[];
}) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  if (overview.checklist.length === 0) return null;
  const next = overview.checklist.find((s) => !s.done) ?? null;
  const doneCount = overview.checklist.filter((s) => s.done).length;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          {t('home.setup.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('home.setup.progress', { done: doneCount, total: overview.checklist.length })}
        </Text>
      </Group>
      <Stack component="ol" gap="sm" mt="md" mb={0} p={0} style={{ listStyle: 'none' }}>
        {overview.checklist.map((s) => (
          <Group component="li" key={s.step} gap="sm" wrap="nowrap" data-step={s.step} data-done={s.done}>
            <ThemeIcon
              size={26}
              radius="xl"
              variant={s.done ? 'filled' : 'outline'}
              color={s.done ? 'teal.8' : 'gray.5'}
              aria-hidden
            >
              {s.done ? <Icon name="check" size={16} /> : null}
            </ThemeIcon>
            <Text style={{ flex: 1 }}>{t(`home.setup.steps.${s.step}`)}</Text>
            <Text size="sm" c={s.done ? 'teal.9' : 'dimmed'} fw={s.done ? 600 : 400}>
              {s.done ? t('home.setup.done') : t('home.setup.todo')}
            </Text>
          </Group>
        ))}
        {coming.map((area) => (
          <Group component="li" key={area} gap="sm" wrap="nowrap" data-coming={area}>
            <ThemeIcon
              size={26}
              radius="xl"
              variant="outline"
              color="gray.4"
              style={{ borderStyle: 'dashed' }}
              aria-hidden
            >
              {null}
            </ThemeIcon>
            <Text c="dimmed" style={{ flex: 1 }}>
              {t(`home.areas.${area}`)}
            </Text>
            <Badge variant="light" color="gray" c="gray.8">
              {t('home.setup.coming')}
            </Badge>
          </Group>
        ))}
      </Stack>
      {next ? (
        <Group mt="lg" gap="sm" align="center">
          <Text size="sm" fw={600}>
            {t('home.setup.next')}
          </Text>
          <Button component={Link} to={STEP_PATH[next.step]} data-next-step={next.step}>
            {t(`home.setup.actions.${next.step}`)}
          </Button>
        </Group>
      ) : (
        <Text mt="lg" size="sm">
          {t('home.setup.allDone')}
        </Text>
      )}
    </Paper>
  );
}
