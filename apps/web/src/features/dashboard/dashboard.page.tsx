import { type MENUS, offeredAreas, type TWhiteLabelArea, WHITE_LABEL_AREAS } from '@app/contract';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ComponentType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '../../app/host-context.tsx';
import { Icon } from '../../app/icons.tsx';
import { useNavigation } from '../../app/navigation.queries.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { useConcernedAuthority, useWorkspaceOverview } from '../common/dashboard.queries.ts';
import { useSignedInUser } from '../common/session.queries.ts';
import { SetupChecklist, WorkspaceFigures } from './admin-overview.tsx';
import { useMyCommittee } from './committee-card.api.ts';
import { CommitteeHomeCard, LocalCommitteeCard } from './committee-card.tsx';
import { ConcernedAuthorityCard } from './concerned-authority-card.tsx';

/** Menus that make someone an administrator of people or of the organisation (their home shows the overview). */
const ADMIN_MENUS = new Set(['USERS', 'INVITATIONS', 'BUSINESS_UNITS', 'DEPARTMENTS', 'SETTINGS']);

/** What a feature puts on the home page (the app lists them: app/home-page.tsx). */
export type HomeSection = {
  key: string;
  /** The menu that gives this section (it shows only to someone who has it). */
  menu: (typeof MENUS)[number];
  /** Its parts, in order, each with a stable key. */
  parts: readonly { key: string; Component: ComponentType }[];
  /** Whether it has something to show, or may have (still loading). */
  hasContent: boolean;
};

/**
 * `/dashboard`, the home page. An administrator sees the workspace at a glance, the setup checklist
 * and the next step; everyone sees who to contact about harassment, what is assigned to them (an
 * honest empty state until learning and policies exist), what the platform offers now and what is
 * coming, and their account.
 */
export function DashboardPage({
  sections,
  notices,
}: {
  sections: readonly HomeSection[];
  notices: readonly { key: string; Component: ComponentType }[];
}) {
  const { t } = useTranslation('dashboard');
  const { profile, appConfig } = useHost();
  const details = useSignedInUser();
  usePageTitle(t('dashboard.pageTitle'));

  const { user, currentRole } = details;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const membership = details.workspaces.find((w) => w.workspaceId === details.currentWorkspaceId) ?? null;
  const workspaceName = membership?.companyName ?? profile?.companyName ?? t('dashboard.platformConsole');
  const isOperator = currentRole === 'PLATFORM_ADMIN';
  const inWorkspace = !appConfig.isPlatformHost && !isOperator;

  const navigation = useNavigation();
  const menus = new Set((navigation.data ?? []).filter((item) => item.enabled).map((item) => item.menu));
  const administers = inWorkspace && [...menus].some((m) => ADMIN_MENUS.has(m));
  const overview = useWorkspaceOverview(administers);
  const authority = useConcernedAuthority(inWorkspace);
  // The unit's committee (or designated recipients) replaces the concerned-authority card when there is one.
  const myCommittee = useMyCommittee(inWorkspace);
  const committee = myCommittee.data?.committee ?? null;
  // Someone with something on a section (their courses) sees it instead of the "nothing assigned yet" card.
  const shown = sections.map((section) => ({ section, enabled: inWorkspace && menus.has(section.menu) }));

  // Areas the workspace has switched on: those offered are available now, the others are coming
  // (an area in progress, such as complaints while only its workflow builder exists, is still coming).
  const switchedOn = WHITE_LABEL_AREAS.filter((a) => profile?.whiteLabel[a] ?? true);
  const offered = new Set(offeredAreas(profile?.whiteLabel));
  const coming = switchedOn.filter((a) => !offered.has(a));
  const hasLearning = menus.has('MY_LEARNING');
  // What this person can use of what the workspace offers (built and switched on): learning when
  // they have their learning page, the contact once it is named; an area built later joins by itself.
  const usable = offeredAreas(profile?.whiteLabel).filter((area) => {
    if (area === 'lms') return hasLearning;
    if (area === 'concernedAuthority') return (authority.data?.shown ?? false) || committee !== null;
    return true;
  });

  // Their courses, or not known yet: no "nothing assigned" card above them.
  const coursesOrLoading = shown.some((x) => x.enabled && x.section.hasContent);

  const facts: { label: string; value: string }[] = [
    { label: t('dashboard.signedInAs'), value: user.userEmail ?? user.username ?? '' },
    { label: t('dashboard.role'), value: currentRole ? t(`roles.${currentRole}`) : '' },
    { label: t('dashboard.workspace'), value: workspaceName },
  ];
  if (membership?.branch) facts.push({ label: t('dashboard.businessUnit'), value: membership.branch.branchName });
  if (membership?.department)
    facts.push({ label: t('dashboard.department'), value: membership.department.departmentName });

  return (
    <Stack gap="lg" maw={1040}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('dashboard.heading', { name })}
      </Title>

      {notices.map(({ key, Component }) => (
        <Component key={key} />
      ))}

      {overview.data ? (
        <>
          <WorkspaceFigures overview={overview.data} />
          <SetupChecklist overview={overview.data} coming={coming} />
        </>
      ) : null}

      {shown.map(({ section, enabled }) =>
        enabled ? section.parts.map(({ key, Component }) => <Component key={`${section.key}-${key}`} />) : null,
      )}

      {committee && myCommittee.data ? (
        <CommitteeHomeCard country={myCommittee.data.country} committee={committee} />
      ) : (
        <>
          {myCommittee.data?.localCommittee ? <LocalCommitteeCard /> : null}
          {authority.data?.shown ? (
            <ConcernedAuthorityCard
              card={authority.data}
              settingsLink={menus.has('SETTINGS')}
              lawNote={!myCommittee.data?.localCommittee}
            />
          ) : null}
        </>
      )}

      {isOperator ? (
        <EmptyCard icon="tools" heading={t('dashboard.platformConsole')} body={t('dashboard.operatorBody')} />
      ) : coursesOrLoading ? null : (
        <EmptyCard
          icon="dashboard"
          heading={t('dashboard.emptyHeading')}
          body={hasLearning ? t('dashboard.emptyBodyLearning') : t('dashboard.emptyBodyNone')}
        />
      )}

      {inWorkspace ? (
        <AreasCard
          administers={administers}
          branding={menus.has('SETTINGS')}
          usable={usable}
          coming={overview.data ? [] : coming}
        />
      ) : null}

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="dashboard-account"
      >
        <Title order={2} fz="lg" id="dashboard-account" mb="md">
          {t('dashboard.accountHeading')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" m={0}>
          {facts.map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

/** An honest empty state: nothing to show yet, and why. */
function EmptyCard({ icon, heading, body }: { icon: 'tools' | 'dashboard'; heading: string; body: string }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack align="center" ta="center" gap="sm" py="xs">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <Icon name={icon} size={24} />
        </ThemeIcon>
        <Title order={2} fz="lg" id={headingId}>
          {heading}
        </Title>
        <Text c="dimmed" maw={520}>
          {body}
        </Text>
      </Stack>
    </Paper>
  );
}

/** What the platform offers this person now, and the areas the workspace has switched on that are still coming. */
function AreasCard({
  administers,
  branding,
  usable,
  coming,
}: {
  administers: boolean;
  branding: boolean;
  /** The offered areas (built, switched on) this person can use. */
  usable: readonly TWhiteLabelArea[];
  coming: readonly TWhiteLabelArea[];
}) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const available = [
    ...(administers ? [t('home.areas.people')] : []),
    ...(branding ? [t('home.areas.branding')] : []),
    ...usable.map((area) => t(`home.areas.${area}`)),
    t('home.areas.account'),
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        {t('home.areas.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt="md">
        <div>
          <Text component="h3" fz="sm" fw={700} m={0} mb="xs">
            {t('home.areas.availableHeading')}
          </Text>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {available.map((label) => (
              <Group component="li" key={label} gap="xs" wrap="nowrap" align="flex-start">
                <ThemeIcon size={20} radius="xl" color="teal.8" aria-hidden>
                  <Icon name="check" size={12} />
                </ThemeIcon>
                <Text size="sm">{label}</Text>
              </Group>
            ))}
          </Stack>
        </div>
        {coming.length > 0 ? (
          <div>
            <Text component="h3" fz="sm" fw={700} m={0} mb="xs">
              {t('home.areas.comingHeading')}
            </Text>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {coming.map((area) => (
                <Group component="li" key={area} gap="xs" wrap="nowrap" align="flex-start" data-coming-area={area}>
                  <ThemeIcon
                    size={20}
                    radius="xl"
                    variant="outline"
                    color="gray.5"
                    style={{ borderStyle: 'dashed' }}
                    aria-hidden
                  >
                    {null}
                  </ThemeIcon>
                  <Text size="sm">{t(`home.areas.${area}`)}</Text>
                </Group>
              ))}
            </Stack>
          </div>
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}
