/** English texts of the dashboard namespace: the complete set, and the shape every other language follows. */
export default {
  dashboard: {
    pageTitle: 'Dashboard',
    heading: 'Welcome, {{name}}',
    accountHeading: 'Your account',
    signedInAs: 'Signed in as',
    role: 'Role',
    workspace: 'Workspace',
    businessUnit: 'Business unit',
    department: 'Department',
    platformConsole: 'Platform console',
    emptyHeading: 'Nothing is assigned to you yet',
    emptyBody:
      'Your courses, policies and complaints will appear here as soon as your organisation shares them with you.',
    operatorBody: 'You are signed in to the platform console. Use the navigation to manage the platform.',
  },
  emailNotice: {
    title: 'Confirm your email address',
    body: 'We sent a link to {{email}}. Open it to confirm that the address is yours. No mail? Check your spam folder, or send a new link.',
    resend: 'Send a new link',
    resent:
      'If {{email}} has an account that still needs confirming, we have sent it a new link. Earlier links no longer work.',
  },
};
