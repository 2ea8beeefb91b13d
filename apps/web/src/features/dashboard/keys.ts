/** Query keys of the dashboard feature (under the session, so sign-out drops them). */
export const dashboardKeys = {
  overview: ['session', 'workspace-overview'] as const,
  concernedAuthority: ['session', 'concerned-authority'] as const,
};
