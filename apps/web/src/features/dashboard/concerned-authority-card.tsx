import type { TConcernedAuthorityCard } from '@app/contract';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../app/icons.tsx';

/**
 * "Who to contact about harassment": the workspace's concerned authority (name, role, email,
 * phone), or — until one is named — where the law says to go. Labels in the reader's language; the
 * name and role are the workspace's own words. `settingsLink`: the reader may name one in Settings.
 * `lawNote` false: the Local Committee card beside it already says where the law sends complaints
 * (an Indian unit under 10 workers, POSH s.6(1)), so the Internal Committee sentence is left out.
 */
export function ConcernedAuthorityCard({
  card,
  settingsLink,
  lawNote = true,
}: {
  card: TConcernedAuthorityCard;
  settingsLink: boolean;
  lawNote?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const contact = card.contact;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      data-testid="concerned-authority"
    >
      <Group gap="sm" wrap="nowrap" align="center" mb="md">
        <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
          <Icon name="shield" size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg" id={headingId}>
          {t('home.authority.heading')}
        </Title>
      </Group>
      {contact ? (
        <Stack gap="xs">
          <div>
            <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {contact.name}
            </Text>
            {contact.designation ? (
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {contact.designation}
              </Text>
            ) : null}
          </div>
          <Stack component="dl" gap={6} m={0}>
            {contact.email ? (
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Text component="dt" size="sm" c="dimmed" miw={64}>
                  {t('home.authority.email')}
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
                </Text>
              </Group>
            ) : null}
            {contact.phone ? (
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Text component="dt" size="sm" c="dimmed" miw={64}>
                  {t('home.authority.phone')}
                </Text>
                <Text component="dd" m={0}>
                  <Anchor href={`tel:${contact.phone}`} dir="ltr">
                    {contact.phone}
                  </Anchor>
                </Text>
              </Group>
            ) : null}
          </Stack>
          {settingsLink ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('home.authority.adminNote')}{' '}
              <Anchor component={Link} to="/settings#concerned-authority" underline="always">
                {t('home.authority.change')}
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{t('home.authority.none')}</Text>
          {lawNote ? <Text>{t(`home.authority.law.${card.country}`)}</Text> : null}
          {settingsLink ? (
            <Anchor component={Link} to="/settings#concerned-authority" fw={600}>
              {t('home.authority.setUp')}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
