/** English texts of the settings namespace: the complete set, and the shape every other language follows. */
export default {
  settings: {
    pageTitle: 'Settings',
    heading: 'Settings',
    intro: 'How your workspace looks and which parts of the platform your people use.',
    loadError: 'The settings could not be loaded.',
    save: 'Save changes',
    reset: 'Undo changes',
    saved: 'Settings saved.',
    failed: 'Saving failed: {{message}}',
    brand: {
      heading: 'Logo and colour',
    },
    logo: {
      label: 'Logo',
      current: 'Current logo',
      none: 'No logo yet: the sign-in page shows your company name.',
      uploaded: 'Logo uploaded.',
      removed: 'Logo removed.',
    },
    color: {
      label: 'Brand colour',
      help: 'Used for buttons, links and the top of the sign-in card. Six hex digits, e.g. #1F6FEB.',
      invalid: 'Enter a colour as # and six hex digits, e.g. #1F6FEB.',
      eyeDropper: 'Pick a colour from the screen',
    },
    preview: {
      title: 'Preview of your sign-in page',
      label: 'Preview of the sign-in card in the chosen colour',
      heading: 'Sign in to your workspace',
    },
    areas: {
      heading: 'Areas of the platform',
      intro:
        'Switch off what your organisation does not use. Its menus and pages disappear for everyone; nothing is deleted, and you can switch it on again at any time.',
      cms: {
        label: 'Complaints',
        description:
          'Complaints filed by your people, handled confidentially by your committee, and the complaint workflows it follows.',
      },
      lms: {
        label: 'Learning',
        description: 'Courses, lessons and quizzes, and each person’s learning.',
      },
      policies: {
        label: 'Policies',
        description: 'Publish policies and record who has read and accepted them.',
      },
      compliance: {
        label: 'Compliance register',
        description: 'Track legal obligations, their due dates and evidence.',
      },
      concernedAuthority: {
        label: 'Who to contact about harassment',
        description: 'A card on everyone’s home page naming the person to contact about harassment (entered below).',
      },
      comingNote: 'Coming later, each with its own switch here: {{areas}}.',
    },
    authority: {
      heading: 'Who to contact about harassment',
      intro: {
        IN: 'Shown on everyone’s home page, in their language. Usually the Presiding Officer of your Internal Committee (POSH Act, 2013, section 4). Leave every field empty to remove the contact.',
        CA: 'Shown on everyone’s home page, in their language. Usually your designated recipient (SOR/2020-130, section 14). Leave every field empty to remove the contact.',
      },
      off: 'Switched off: people do not see this card. Switch on “Who to contact about harassment” above to show it.',
      name: 'Name',
      designation: 'Role or designation',
      designationHelp: 'For example: Presiding Officer, Internal Committee',
      email: 'Email',
      phone: 'Phone',
      phoneHelp: 'As dialled in the country, e.g. {{example}}, or with the country code, e.g. {{international}}',
      nameRequired: 'Enter the name of the person to contact.',
      emailInvalid: 'Enter an email address such as name@example.com.',
      phoneInvalid: 'Enter a phone number such as {{example}} or {{international}}.',
      oneWay: 'Give an email address or a phone number (or both).',
    },
    leave: {
      title: 'Leave without saving?',
      body: 'You have changed the settings without saving them. If you leave this page now, your changes are lost.',
      confirm: 'Leave without saving',
    },
    timeZone: {
      heading: 'Time zone',
      label: 'Workspace time zone',
      description:
        'Deadlines (such as “within 90 days”) and scheduled reminders are counted in this time zone. It starts as the time zone of the organisation’s country.',
      zones: {
        'Asia/Kolkata': 'India — Kolkata (IST, UTC+5:30)',
        'America/St_Johns': 'Canada, Newfoundland — St. John’s',
        'America/Halifax': 'Canada, Atlantic — Halifax',
        'America/Toronto': 'Canada, Eastern — Toronto, Ottawa',
        'America/Winnipeg': 'Canada, Central — Winnipeg',
        'America/Regina': 'Canada, Saskatchewan — Regina',
        'America/Edmonton': 'Canada, Mountain — Edmonton, Calgary',
        'America/Vancouver': 'Canada, Pacific — Vancouver',
        UTC: 'UTC (Coordinated Universal Time)',
      },
    },
    ipRanges: {
      heading: 'Administrator network addresses',
      intro:
        'When elevate-IP mode is on, administrators can act only from the networks listed here. Employees are not affected.',
      modeOn: 'Elevate-IP mode is on for this workspace.',
      modeOff: 'Elevate-IP mode is off: this list takes effect when the platform operator switches it on.',
      label: 'Allowed ranges',
      description:
        'One IPv4 or IPv6 range per line, e.g. 203.0.113.0/24 or 2001:db8::/32 (at most {{max}}). Leave empty for no restriction.',
      yourIp: 'Your current address: {{ip}}',
      invalid: 'Not a valid range: {{ranges}}',
      tooMany: 'List each range once, at most {{max}} ranges.',
      lockOut:
        'This list leaves out your current address ({{ip}}): saving it would lock you out. Add a range that includes it.',
    },
    signUp: {
      heading: 'Sign-up',
      label: 'Allow bulk sign-up',
      description:
        'Administrators who manage users may create accounts at once from a file (Invitations → Import from a file → Create accounts now) instead of sending invitations.',
    },
  },
};
