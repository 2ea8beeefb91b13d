/** Query keys of the settings feature (under the session, so sign-out drops them). */
export const settingsKeys = {
  settings: ['session', 'workspace-settings'] as const,
  bulkSignUp: ['session', 'bulk-sign-up'] as const,
};
