import { type ComponentType, lazy, Suspense } from 'react';
import { EmailConfirmationNotice } from '../features/auth/email-confirmation-notice.tsx';
import { useSignedInUser } from '../features/common/session.queries.ts';
import { DashboardPage, type HomeSection } from '../features/dashboard/dashboard.page.tsx';
import { HomeLearning } from '../features/learning/my-learning/home-learning.tsx';
import { useMyStats } from '../features/learning/my-learning/my-learning.queries.ts';
import { MyWorkshops } from '../features/learning/workshops/my-workshops.tsx';
import { loadNamespaces } from '../lib/i18n/i18n.setup.ts';
import { useHost } from './host-context.tsx';
import { useNavigation } from './navigation.queries.ts';

/** Above everything: the reminder to confirm one's email address (not for the operator). */
function EmailNotice() {
  const { user, currentRole } = useSignedInUser();
  if (!user.userEmail || user.emailVerified || currentRole === 'PLATFORM_ADMIN') return null;
  return <EmailConfirmationNotice email={user.userEmail} />;
}

/** The operator's card (contracts ending soon, workspaces at their limit): its code and texts only for the operator. */
const OperatorCard = lazy(() =>
  Promise.all([import('../features/operator/operator-dashboard-card.tsx'), loadNamespaces(['operator'])]).then(
    ([m]) => ({ default: m.OperatorDashboardCard }),
  ),
);

/** On the platform host, the operator's workspaces needing attention. */
function OperatorNotice() {
  const { appConfig } = useHost();
  const { currentRole, user } = useSignedInUser();
  if (!appConfig.isPlatformHost || (currentRole !== 'PLATFORM_ADMIN' && user.platformRole !== 'PLATFORM_ADMIN'))
    return null;
  return (
    <Suspense fallback={null}>
      <OperatorCard />
    </Suspense>
  );
}

const NOTICES: readonly { key: string; Component: ComponentType }[] = [
  { key: 'email', Component: EmailNotice },
  { key: 'operator', Component: OperatorNotice },
];

/**
 * The home page as the app composes it: the dashboard (which names no other feature) with what each
 * feature puts on it. A feature's section shows when the person has its menu; `hasContent` tells
 * whether it has something to show (or may have: still loading), so the "nothing assigned yet" card
 * stays away from a page that lists their courses. An area built later adds its section here.
 */
export function HomePage() {
  const { appConfig } = useHost();
  const { currentRole } = useSignedInUser();
  const navigation = useNavigation();
  const has = (menu: string) =>
    !appConfig.isPlatformHost &&
    currentRole !== 'PLATFORM_ADMIN' &&
    (navigation.data ?? []).some((item) => item.enabled && item.menu === menu);
  const stats = useMyStats(has('MY_LEARNING'));
  const sections: HomeSection[] = [
    {
      key: 'learning',
      menu: 'MY_LEARNING',
      parts: [
        { key: 'workshops', Component: MyWorkshops },
        { key: 'courses', Component: HomeLearning },
      ],
      hasContent: !stats.data || stats.data.total > 0,
    },
  ];
  return <DashboardPage sections={sections} notices={NOTICES} />;
}
