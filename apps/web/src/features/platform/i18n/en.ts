/** English texts of the platform namespace: the complete set, and the shape every other language follows. */
export default {
  landing: {
    pageTitle: 'Workplace compliance for India and Canada',
    heading: 'Workplace compliance, in one place',
    lead: 'Training, policies, a compliance register and confidential complaint handling for employers and their people — built around India’s POSH Act, 2013 and Canada’s workplace harassment and violence prevention rules.',
    findWorkspace: 'Find your workspace',
    signIn: 'Sign in',
    featuresHeading: 'What it covers',
    features: {
      learningTitle: 'E-learning',
      learningBody:
        'Courses with lessons and quizzes in several languages, with due dates, reminders and certificates.',
      policiesTitle: 'Policies',
      policiesBody:
        'Share policies with everyone who must read them and keep a record of who accepted which version, and when.',
      complianceTitle: 'Compliance register',
      complianceBody: 'Track the obligations that apply to each business unit, with their status and evidence.',
      complaintsTitle: 'Confidential complaints',
      complaintsBody:
        'Receive and handle complaints through a clear redressal process, visible only to the people who must see them.',
    },
    coming: 'Coming',
    availableNow: 'Available today: {{list}}.',
    comingNote: 'The areas marked “Coming” are being built.',
    available: {
      people: 'each workspace’s people, business units, departments and invitations (one at a time or from a file)',
      branding: 'its branding',
      concernedAuthority: 'a card telling everyone who to contact about harassment',
      lms: 'e-learning: courses with lessons and quizzes, due dates, reminders and certificates',
      policies: 'policies and who accepted them',
      compliance: 'a compliance register',
      cms: 'confidential complaint handling',
    },
    workspacesNote:
      'Each organisation has its own workspace at its own address. Your employer will tell you yours, or you can find it after signing in.',
  },
  flags: {
    keyLabel: 'Key: {{key}}',
    custom:
      'A flag added on this console. No page of the product reads it: switching it changes nothing until a feature uses it.',
    known: {
      maintenance: {
        label: 'Maintenance mode',
        description:
          'Shows everyone in the listed workspaces (or in all of them) a maintenance page instead of the app, until you switch it off. This console stays available.',
      },
      elevateip: {
        label: 'Elevate-IP mode',
        description:
          'Listed in the product specification, but no part of this version reads it: switching it changes nothing today.',
      },
    },
    pageTitle: 'Feature flags',
    heading: 'Feature flags',
    intro: 'Switch product features on or off, for every workspace or only for the workspaces you list.',
    enabled: 'Enabled',
    workspaces: 'Limited to workspaces',
    workspacesHelp:
      'Type a workspace address, such as acme.example.com, and press Enter. Leave empty for every workspace.',
    save: 'Save workspaces',
    reset: 'Undo changes',
    scopeAll: 'All workspaces',
    scopeSome_one: '{{count}} workspace',
    scopeSome_other: '{{count}} workspaces',
    switchedOn: '“{{key}}” is now on.',
    switchedOff: '“{{key}}” is now off.',
    workspacesSaved: 'Workspaces for “{{key}}” saved.',
    failed: 'The change was not saved: {{message}}',
    empty: 'No feature flags exist yet. Add the first one below.',
    newHeading: 'Add a flag',
    newKey: 'Flag key',
    newKeyHelp: '2–64 lowercase letters, digits, - or _. New flags start switched off.',
    newKeyInvalid: 'Use 2–64 lowercase letters, digits, - or _, starting with a letter.',
    knownMissing: 'The product reads these flags, which do not exist yet: {{keys}}.',
    add: 'Add flag',
    created: '“{{key}}” added, switched off.',
    loadError: 'The feature flags could not be loaded.',
  },
};
