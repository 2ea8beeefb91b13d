import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { elevateRoutes } from './elevate/elevate.routes.ts';
import { featureFlagRoutes } from './feature-flags/feature-flags.routes.ts';
import { bulkInviteRoutes } from './invites/bulk-invites.routes.ts';
import { inviteRoutes } from './invites/invites.routes.ts';
import { navigationRoutes } from './navigation/navigation.routes.ts';
import { oidcRoutes } from './oidc/oidc.routes.ts';
import { organisationRoutes } from './organisation/organisation.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { bulkUserRoutes } from './users/bulk-users.routes.ts';
import { profileImageRoutes } from './users/profile-image.routes.ts';
import { userRoutes } from './users/users.routes.ts';
import { workspaceRoutes } from './workspace/workspace.routes.ts';

/** The main service (`/api`): identity, workspace, users, navigation, feature flags, platform console. */
export const mainService: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(oidcRoutes);
  await app.register(workspaceRoutes);
  await app.register(featureFlagRoutes);
  await app.register(navigationRoutes);
  await app.register(inviteRoutes);
  await app.register(organisationRoutes);
  await app.register(settingsRoutes);
  await app.register(userRoutes);
  await app.register(profileImageRoutes);
  await app.register(bulkInviteRoutes);
  await app.register(bulkUserRoutes);
  await app.register(auditRoutes);
  await app.register(elevateRoutes);
};
