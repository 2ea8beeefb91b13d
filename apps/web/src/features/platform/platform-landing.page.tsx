import { offeredAreas, type TWhiteLabelArea } from '@app/contract';
import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../app/brand-mark.tsx';
import { Icon, type TIconName } from '../../app/icons.tsx';
import { LanguagePicker } from '../../app/language-picker.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { listOf } from '../../lib/i18n/list.ts';

/** `area`: the white-label area the feature is; until it is offered (`offeredAreas`), the card says it is coming. */
type TFeature = { icon: TIconName; title: string; body: string; area: TWhiteLabelArea };

/** `/` on the platform host: a short, honest description of the product and the ways in. */
export function PlatformLandingPage() {
  const { t, i18n } = useTranslation('platform');
  usePageTitle(t('landing.pageTitle'));
  const offered = new Set(offeredAreas());

  const features: TFeature[] = [
    {
      icon: 'dashboard',
      title: t('landing.features.learningTitle'),
      body: t('landing.features.learningBody'),
      area: 'lms',
    },
    {
      icon: 'check',
      title: t('landing.features.policiesTitle'),
      body: t('landing.features.policiesBody'),
      area: 'policies',
    },
    {
      icon: 'building',
      title: t('landing.features.complianceTitle'),
      body: t('landing.features.complianceBody'),
      area: 'compliance',
    },
    {
      icon: 'flag',
      title: t('landing.features.complaintsTitle'),
      body: t('landing.features.complaintsBody'),
      area: 'cms',
    },
  ];

  return (
    <>
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <BrandMark size="sm" />
            <Button component={Link} to="/signin" variant="default">
              {t('landing.signIn')}
            </Button>
          </Group>
        </Container>
      </Box>

      <Box component="main">
        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <Stack gap="lg" maw={720}>
            <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
              {t('landing.heading')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }}>{t('landing.lead')}</Text>
            <Group gap="sm">
              <Button component={Link} to="/workspace/signin" size="md">
                {t('landing.findWorkspace')}
              </Button>
              <Button component={Link} to="/signin" size="md" variant="default">
                {t('landing.signIn')}
              </Button>
            </Group>
          </Stack>
        </Container>

        <Box component="section" aria-labelledby="landing-features" bg="gray.0" py={{ base: 40, sm: 64 }}>
          <Container size="lg">
            <Title order={2} id="landing-features" fz={{ base: 22, sm: 26 }} mb="lg">
              {t('landing.featuresHeading')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
              {features.map((feature) => (
                <Paper key={feature.title} withBorder radius="md" p="lg">
                  <ThemeIcon variant="light" size={40} radius="md" mb="md">
                    <Icon name={feature.icon} size={22} />
                  </ThemeIcon>
                  <Group gap="xs" mb={6} wrap="wrap">
                    <Title order={3} fz="md">
                      {feature.title}
                    </Title>
                    {offered.has(feature.area) ? null : (
                      <Badge variant="light" color="gray" c="gray.8" size="sm">
                        {t('landing.coming')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{feature.body}</Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Text mt="lg" maw={720} data-testid="landing-available">
              {t('landing.availableNow', {
                list: listOf(i18n.language, [
                  t('landing.available.people'),
                  t('landing.available.branding'),
                  ...[...offered].map((area) => t(`landing.available.${area}`)),
                ]),
              })}
              {features.some((f) => !offered.has(f.area)) ? ` ${t('landing.comingNote')}` : null}
            </Text>
          </Container>
        </Box>
      </Box>

      <Box component="footer" py="lg">
        <Container size="lg">
          <Group justify="space-between" align="flex-end" gap="md">
            <Text size="sm" maw={560}>
              {t('landing.workspacesNote')}
            </Text>
            <LanguagePicker />
          </Group>
        </Container>
      </Box>
    </>
  );
}
