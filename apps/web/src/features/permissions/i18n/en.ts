/** English texts of the permissions namespace: the complete set, and the shape every other language follows. */
export default {
  permissions: {
    pageTitle: 'Permissions',
    heading: 'Roles and permissions',
    intro:
      'Choose what each role may do in this workspace. A change is saved at once and applies to everyone with that role from their next click.',
    permission: 'Permission',
    cellLabel: '{{permission}} for {{role}}',
    locked: 'cannot be changed',
    lockedWhy: 'Workspace admins always keep this, so that nobody locks the workspace out.',
    lockedNote:
      'Switches that cannot be turned off belong to workspace admins, so that nobody locks the workspace out.',
    granted: '{{role}}: “{{permission}}” allowed.',
    revoked: '{{role}}: “{{permission}}” taken away.',
    failed: 'Not saved: {{message}}',
    loadError: 'The permissions could not be loaded.',
    labels: {
      dashboard_view: 'See the dashboard',
      learning_view: 'Take courses',
      policies_view: 'Read and accept policies',
      complaints_file: 'File complaints',
      users_manage: 'Manage users',
      branches_manage: 'Manage business units',
      departments_manage: 'Manage departments',
      invites_manage: 'Invite people',
      permissions_manage: 'Change these permissions',
      courses_manage: 'Manage courses',
      policies_manage: 'Manage policies',
      compliance_manage: 'Keep the compliance register',
      complaints_manage: 'Handle complaints',
      reports_view: 'See reports',
      audit_view: 'Read the audit log',
      settings_manage: 'Change workspace settings and branding',
    },
    help: {
      audit_view: 'Workspace admins and employers only: the log covers every business unit.',
      users_manage: 'Business unit admins: only the employees of their own unit.',
      complaints_manage: 'Case contents stay visible only to the committee members assigned.',
    },
  },
};
