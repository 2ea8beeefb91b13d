import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHost } from '../../app/host-context.tsx';
import { Icon } from '../../app/icons.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { EmailConfirmationNotice } from '../auth/email-confirmation-notice.tsx';
import { useSignedInUser } from '../auth/session.queries.ts';

/** `/dashboard`: who is signed in, as what, where — and, for now, an honest empty state. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { profile } = useHost();
  const details = useSignedInUser();
  usePageTitle(t('dashboard.pageTitle'));

  const { user, currentRole } = details;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const membership = details.workspaces.find((w) => w.workspaceId === details.currentWorkspaceId) ?? null;
  const workspaceName = membership?.companyName ?? profile?.companyName ?? t('dashboard.platformConsole');
  const isOperator = currentRole === 'PLATFORM_ADMIN';

  const facts: { label: string; value: string }[] = [
    { label: t('dashboard.signedInAs'), value: user.userEmail ?? user.username ?? '' },
    { label: t('dashboard.role'), value: currentRole ? t(`roles.${currentRole}`) : '' },
    { label: t('dashboard.workspace'), value: workspaceName },
  ];
  if (membership?.branch) facts.push({ label: t('dashboard.businessUnit'), value: membership.branch.branchName });
  if (membership?.department)
    facts.push({ label: t('dashboard.department'), value: membership.department.departmentName });

  return (
    <Stack gap="xl" maw={960}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('dashboard.heading', { name })}
      </Title>

      {user.userEmail && !user.emailVerified && !isOperator ? <EmailConfirmationNotice email={user.userEmail} /> : null}

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-account">
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

      <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="dashboard-empty">
        <Stack align="center" ta="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="xl" variant="light">
            <Icon name={isOperator ? 'tools' : 'dashboard'} size={26} />
          </ThemeIcon>
          <Title order={2} fz="lg" id="dashboard-empty">
            {isOperator ? t('dashboard.platformConsole') : t('dashboard.emptyHeading')}
          </Title>
          <Text c="dimmed" maw={480}>
            {isOperator ? t('dashboard.operatorBody') : t('dashboard.emptyBody')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
