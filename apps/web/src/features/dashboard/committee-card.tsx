import type { TMyCommitteeCard } from '@app/contract';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../app/icons.tsx';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useDates } from '../common/dates.hook.ts';
import { myCommitteeApi } from './committee-card.api.ts';

type TCard = NonNullable<TMyCommitteeCard['committee']>;

/**
 * The home page's "who handles complaints" card when a committee serves the reader's unit: the
 * Internal Committee (India, s.4) or the designated recipients (Canada, s.14), their names and
 * contacts (Rule 13), how to raise a complaint, and the order constituting it (s.19(b)).
 */
export function CommitteeHomeCard({ country, committee }: { country: 'IN' | 'CA'; committee: TCard }) {
  const { t } = useTranslation('dashboard');
  const { date } = useDates();
  const headingId = useId();
  const order = useMutation({
    mutationFn: () => myCommitteeApi.order(),
    onSuccess: ({ blob, name }) => saveFile(blob, name),
  });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      data-testid="my-committee"
    >
      <Group gap="sm" wrap="nowrap" align="center" mb="md">
        <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
          <Icon name="shield" size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {t(`home.committee.heading.${committee.kind}`)}
        </Title>
      </Group>
      <Stack gap="md">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {committee.name}
        </Text>
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {committee.members.map((m) => (
            <li key={`${m.role}-${m.name}-${m.email ?? ''}`}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.name}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`home.committee.roles.${m.role}`)}
              </Text>
              {m.email || m.phone ? (
                <Group gap="md" wrap="wrap">
                  {m.email ? (
                    <Anchor href={`mailto:${m.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {m.email}
                    </Anchor>
                  ) : null}
                  {m.phone ? (
                    <Anchor href={`tel:${m.phone}`} size="sm" dir="ltr">
                      {m.phone}
                    </Anchor>
                  ) : null}
                </Group>
              ) : null}
            </li>
          ))}
        </Stack>
        <div>
          <Title order={3} fz="md" mb={4}>
            {t('home.committee.howHeading')}
          </Title>
          {committee.howToRaise ? (
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{committee.howToRaise}</Text>
          ) : null}
          <Text size="sm" c={committee.howToRaise ? 'dimmed' : undefined} mt={committee.howToRaise ? 4 : 0}>
            {t(`home.committee.how.${country}`)}
          </Text>
        </div>
        {committee.orderAvailable ? (
          <Stack gap={4} align="flex-start">
            <Button
              variant="light"
              onClick={() => order.mutate()}
              loading={order.isPending}
              styles={{ root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal' } }}
            >
              {t('home.committee.readOrder')}
            </Button>
            <Text size="sm" c="dimmed">
              {committee.orderDate
                ? t('home.committee.orderNoteDated', { date: date(committee.orderDate) })
                : t('home.committee.orderNote')}
            </Text>
            {order.error ? (
              <Alert color="red" variant="light" role="alert" p="xs">
                {errorText(t, order.error, t('home.committee.orderFailed'))}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** An Indian unit of fewer than 10 workers with no committee: the Local Committee (s.6(1)) handles its complaints. */
export function LocalCommitteeCard() {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      data-testid="local-committee"
    >
      <Group gap="sm" wrap="nowrap" align="center" mb="sm">
        <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
          <Icon name="shield" size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg" id={headingId}>
          {t('home.committee.localHeading')}
        </Title>
      </Group>
      <Text>{t('home.committee.localBody')}</Text>
    </Paper>
  );
}
