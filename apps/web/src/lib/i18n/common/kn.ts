import { ROLE_LABELS } from '@app/contract';
import type { TTranslation } from '../translation.ts';
import type en from './en.ts';

/** Kannada texts (ಕನ್ನಡ) of the common namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const kn: TTranslation<typeof en> = {
  product: {
    name: 'Workplace Compliance',
  },
  common: {
    loading: 'ಲೋಡ್ ಆಗುತ್ತಿದೆ…',
    retry: 'ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ',
    language: 'ಭಾಷೆ',
    signIn: 'ಸೈನ್ ಇನ್ ಮಾಡಿ',
    signOut: 'ಸೈನ್ ಔಟ್ ಮಾಡಿ',
    skipToContent: 'ಮುಖ್ಯ ವಿಷಯಕ್ಕೆ ಹೋಗಿ',
    closeNotice: 'ಸಂದೇಶವನ್ನು ಮುಚ್ಚಿ',
    close: 'ಮುಚ್ಚಿ',
    cancel: 'ರದ್ದುಮಾಡಿ',
  },
  forms: {
    errors: {
      required: 'ಈ ಕ್ಷೇತ್ರವನ್ನು ಭರ್ತಿ ಮಾಡಿ',
      tooLong: 'ಗರಿಷ್ಠ {{max}} ಅಕ್ಷರಗಳನ್ನು ಬಳಸಿ',
      invalid: 'ಈ ಮೌಲ್ಯವನ್ನು ಪರಿಶೀಲಿಸಿ',
    },
    date: {
      placeholder: 'ದಿನಾಂಕ ಆಯ್ಕೆಮಾಡಿ',
      clear: 'ದಿನಾಂಕ ತೆರವುಗೊಳಿಸಿ',
      previousMonth: 'ಹಿಂದಿನ ತಿಂಗಳು',
      nextMonth: 'ಮುಂದಿನ ತಿಂಗಳು',
    },
  },
  languages: {
    en: 'English',
    hi: 'हिन्दी',
    kn: 'ಕನ್ನಡ',
    te: 'తెలుగు',
    ta: 'தமிழ்',
    mr: 'मराठी',
    fr: 'Français',
  },
  // The roles' names live in the contract, where a file's Role column is read by them too.
  roles: ROLE_LABELS.kn,
  nav: {
    DASHBOARD: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್',
    MY_LEARNING: 'ನನ್ನ ಕಲಿಕೆ',
    MY_POLICIES: 'ನನ್ನ ನೀತಿಗಳು',
    MY_COMPLAINTS: 'ನನ್ನ ದೂರುಗಳು',
    USERS: 'ಬಳಕೆದಾರರು',
    BUSINESS_UNITS: 'ಬಿಸಿನೆಸ್ ಯೂನಿಟ್‌ಗಳು',
    DEPARTMENTS: 'ವಿಭಾಗಗಳು',
    INVITATIONS: 'ಆಹ್ವಾನಗಳು',
    PERMISSIONS: 'ಅನುಮತಿಗಳು',
    COURSES: 'ಕೋರ್ಸ್‌ಗಳು',
    LEARNING_CREDITS: 'ಕ್ರೆಡಿಟ್‌ಗಳು',
    COURSE_LEARNERS: 'ಕೋರ್ಸ್ ಕಲಿಯುವವರು',
    WORKSHOPS: 'ಕಾರ್ಯಾಗಾರಗಳು',
    POLICIES: 'ನೀತಿಗಳು',
    COMPLIANCE: 'ಅನುಸರಣೆ ರಿಜಿಸ್ಟರ್',
    COMPLAINTS: 'ದೂರುಗಳು',
    REPORTS: 'ವರದಿಗಳು',
    AUDIT_LOG: 'ಆಡಿಟ್ ಲಾಗ್',
    SETTINGS: 'ಸೆಟ್ಟಿಂಗ್‌ಗಳು',
    PLATFORM_WORKSPACES: 'ವರ್ಕ್‌ಸ್ಪೇಸ್‌ಗಳು',
    PLATFORM_FEATURE_FLAGS: 'ಫೀಚರ್ ಫ್ಲ್ಯಾಗ್‌ಗಳು',
    PLATFORM_COURSES: 'ಕೋರ್ಸ್ ಕ್ಯಾಟಲಾಗ್',
    PLATFORM_CREDIT_REQUESTS: 'ಕ್ರೆಡಿಟ್ ವಿನಂತಿಗಳು',
    PLATFORM_JURISDICTIONS: 'ನ್ಯಾಯವ್ಯಾಪ್ತಿಗಳು',
  },
  shell: {
    navLabel: 'ಮುಖ್ಯ ನ್ಯಾವಿಗೇಶನ್',
    toggleNav: 'ನ್ಯಾವಿಗೇಶನ್ ತೋರಿಸಿ ಅಥವಾ ಮರೆಮಾಡಿ',
    userMenu: 'ಬಳಕೆದಾರರ ಮೆನು',
    profilePicture: 'ಪ್ರೊಫೈಲ್ ಚಿತ್ರ',
    changePassword: 'ಪಾಸ್‌ವರ್ಡ್ ಬದಲಿಸಿ',
    userManual: 'ಬಳಕೆದಾರರ ಕೈಪಿಡಿ',
    homeLink: '{{name}} — ಡ್ಯಾಶ್‌ಬೋರ್ಡ್',
    platformConsole: 'ಪ್ಲಾಟ್‌ಫಾರ್ಮ್ ಕನ್ಸೋಲ್',
    navError: 'ಮೆನುವನ್ನು ಲೋಡ್ ಮಾಡಲು ಸಾಧ್ಯವಾಗಲಿಲ್ಲ.',
  },
  areaOff: {
    pageTitle: 'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನಲ್ಲಿ ಬಳಕೆಯಲ್ಲಿಲ್ಲ',
    heading: 'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್ {{area}} ಬಳಸುವುದಿಲ್ಲ',
    body: 'ನಿಮ್ಮ ಸಂಸ್ಥೆ ಈ ವೇದಿಕೆಯಲ್ಲಿ {{area}} ಅನ್ನು ಸ್ಥಗಿತಗೊಳಿಸಿದೆ. ನಿಮಗೆ ಇದು ಬೇಕಿದ್ದರೆ, ನಿಮ್ಮ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಅಡ್ಮಿನ್ ಅವರನ್ನು ಕೇಳಿ.',
    areas: {
      cms: 'ದೂರು ನಿರ್ವಹಣೆ',
      lms: 'ಕಲಿಕೆ',
      concernedAuthority: 'ಸಂಬಂಧಿತ ಪ್ರಾಧಿಕಾರ',
      policies: 'ನೀತಿಗಳು',
      compliance: 'ಅನುಸರಣೆ',
      unknown: 'ವೇದಿಕೆಯ ಈ ಭಾಗ',
    },
  },
  errors: {
    movedHost: {
      pageTitle: 'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಸ್ಥಳಾಂತರಗೊಂಡಿದೆ',
      heading: 'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್ {{newHost}} ಗೆ ಸ್ಥಳಾಂತರಗೊಂಡಿದೆ',
      body: 'ನೀವು ಹುಡುಕುತ್ತಿರುವ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಈಗ {{newHost}} ನಲ್ಲಿದೆ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಬುಕ್‌ಮಾರ್ಕ್‌ಗಳನ್ನು ಬದಲಿಸಿ: ಈ ವಿಳಾಸ ({{host}}) {{until}} ನಂತರ ಅಲ್ಲಿಗೆ ಕರೆದೊಯ್ಯುವುದಿಲ್ಲ. ಹೊಸ ವಿಳಾಸದಲ್ಲಿ ಮತ್ತೆ ಸೈನ್ ಇನ್ ಮಾಡಿ.',
      action: '{{newHost}} ಗೆ ಹೋಗಿ',
    },
    suspendedHost: {
      pageTitle: 'ವರ್ಕ್‌ಸ್ಪೇಸ್ ಅಮಾನತುಗೊಂಡಿದೆ',
      heading: 'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಅಮಾನತುಗೊಂಡಿದೆ',
      body: 'ಸದ್ಯಕ್ಕೆ {{host}} ನಲ್ಲಿರುವ ವರ್ಕ್‌ಸ್ಪೇಸ್‌ಗೆ ಯಾರೂ ಸೈನ್ ಇನ್ ಮಾಡಲು ಸಾಧ್ಯವಿಲ್ಲ. ಇದು ತಪ್ಪು ಎಂದು ನಿಮಗೆ ಅನಿಸಿದರೆ, ನಿಮ್ಮ ಸಂಸ್ಥೆಯ ಅಡ್ಮಿನ್ ಅವರನ್ನು ಸಂಪರ್ಕಿಸಿ.',
    },
    unknownHost: {
      pageTitle: 'ಇಲ್ಲಿ ಯಾವುದೇ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಇಲ್ಲ',
      heading: 'ಈ ವಿಳಾಸದಲ್ಲಿ ಯಾವುದೇ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಇಲ್ಲ',
      body: 'ನೀವು ಟೈಪ್ ಮಾಡಿದ ವಿಳಾಸವನ್ನು ({{host}}) ಪರಿಶೀಲಿಸಿ. ನಿಮ್ಮ ಸಂಸ್ಥೆ ಈ ಪ್ಲಾಟ್‌ಫಾರ್ಮ್ ಬಳಸುತ್ತಿದ್ದರೆ, ಪ್ಲಾಟ್‌ಫಾರ್ಮ್‌ನ ಮುಖಪುಟದಿಂದ ನಿಮ್ಮ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಹುಡುಕಬಹುದು.',
      action: 'ನಿಮ್ಮ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಹುಡುಕಿ',
    },
    notFound: {
      pageTitle: 'ಪುಟ ಸಿಗಲಿಲ್ಲ',
      heading: 'ಪುಟ ಸಿಗಲಿಲ್ಲ',
      body: 'ಈ ವಿಳಾಸದಲ್ಲಿ ಏನೂ ಇಲ್ಲ. ಅದು ಬೇರೆಡೆಗೆ ಸರಿದಿರಬಹುದು, ಅಥವಾ ಲಿಂಕ್ ತಪ್ಪಾಗಿರಬಹುದು.',
      action: 'ಮುಖಪುಟಕ್ಕೆ ಹೋಗಿ',
    },
    unavailable: {
      pageTitle: 'ಸೇವೆ ತಲುಪುತ್ತಿಲ್ಲ',
      heading: 'ನಮಗೆ ಸೇವೆಯನ್ನು ತಲುಪಲು ಆಗುತ್ತಿಲ್ಲ',
      body: 'ಸರ್ವರ್ ಉತ್ತರಿಸಲಿಲ್ಲ. ನಿಮ್ಮ ಇಂಟರ್ನೆಟ್ ಸಂಪರ್ಕವನ್ನು ಪರಿಶೀಲಿಸಿ, ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
    },
    route: {
      pageTitle: 'ಏನೋ ತಪ್ಪಾಗಿದೆ',
      heading: 'ಏನೋ ತಪ್ಪಾಗಿದೆ',
      body: 'ಈ ಪುಟದಲ್ಲಿ ಸಮಸ್ಯೆ ಉಂಟಾಗಿದೆ. ಅದನ್ನು ಮರುಲೋಡ್ ಮಾಡಿ, ಅಥವಾ ಮುಖಪುಟಕ್ಕೆ ಹಿಂತಿರುಗಿ.',
      reload: 'ಪುಟವನ್ನು ಮರುಲೋಡ್ ಮಾಡಿ',
      home: 'ಮುಖಪುಟಕ್ಕೆ ಹೋಗಿ',
    },
    forbidden: {
      pageTitle: 'ಲಭ್ಯವಿಲ್ಲ',
      heading: 'ಈ ಪುಟ ನಿಮಗೆ ಲಭ್ಯವಿಲ್ಲ',
      body: 'ನಿಮ್ಮ ಖಾತೆಗೆ ಈ ಪುಟದ ಪ್ರವೇಶವಿಲ್ಲ.',
      action: 'ನಿಮ್ಮ ಡ್ಯಾಶ್‌ಬೋರ್ಡ್‌ಗೆ ಹೋಗಿ',
    },
  },
  /** The workspace's contract and user limit (server codes CONTRACT_EXPIRED, USER_LIMIT_REACHED). */
  contract: {
    title: 'ಒಪ್ಪಂದ ಮುಕ್ತಾಯವಾಗಿದೆ',
    ended: 'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನ ಒಪ್ಪಂದ {{date}} ರಂದು ಮುಕ್ತಾಯವಾಗಿದೆ: ನವೀಕರಿಸುವವರೆಗೆ ಆಡಳಿತ ಮತ್ತು ಕಲಿಕೆ ಓದಲು ಮಾತ್ರ.',
    still: 'ನೀವು ಇನ್ನೂ ಸೈನ್ ಇನ್ ಮಾಡಬಹುದು, ಇಲ್ಲಿರುವುದೆಲ್ಲವನ್ನೂ ಓದಬಹುದು ಮತ್ತು ನಿಮ್ಮ ಪ್ರೊಫೈಲ್ ಅನ್ನು ನವೀಕರಿಸಬಹುದು.',
    /** What goes on after the contract ended, per area the workspace offers (only built areas are shown). */
    areas: {
      cms: 'ನೀವು ಇನ್ನೂ ದೂರುಗಳನ್ನು ಸಲ್ಲಿಸಬಹುದು.',
      policies: 'ನೀವು ಇನ್ನೂ ನೀತಿಗಳನ್ನು ಓದಬಹುದು ಮತ್ತು ಒಪ್ಪಬಹುದು.',
      concernedAuthority: 'ಕಿರುಕುಳದ ದೂರುಗಳಿಗಾಗಿ ಸಂಪರ್ಕ ನಿಮ್ಮ ಮುಖಪುಟದಲ್ಲಿ ಉಳಿಯುತ್ತದೆ.',
    },
    limit: '{{limit}} ರಲ್ಲಿ {{members}} ಜನರು, {{pending}} ಆಹ್ವಾನಗಳು ಬಾಕಿ.',
    limitReached:
      '{{limit}} ರಲ್ಲಿ {{members}} ಜನರು: ಮಿತಿ ತಲುಪಿದೆ, ಆದ್ದರಿಂದ ಯಾರನ್ನೂ ಆಹ್ವಾನಿಸಲು ಅಥವಾ ಸೇರಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ. ಹೆಚ್ಚಿನ ಮಿತಿಗಾಗಿ ನಿಮ್ಮ ಸೇವಾ ಪೂರೈಕೆದಾರರನ್ನು ಕೇಳಿ.',
  },
  maintenance: {
    pageTitle: 'ನಿರ್ವಹಣೆಯಲ್ಲಿದೆ',
    heading: 'ನಿರ್ವಹಣೆಯಲ್ಲಿದೆ',
    body: '{{company}} ನಿರ್ವಹಣೆಯಲ್ಲಿದೆ. ನೀವು ಮಾಡಿದ ಯಾವುದೂ ಕಳೆದುಹೋಗಿಲ್ಲ. ಸೇವೆ ಮರಳಿದ ತಕ್ಷಣ ಈ ಪುಟ ತಾನಾಗಿಯೇ ರಿಫ್ರೆಶ್ ಆಗುತ್ತದೆ.',
    checking: 'ಪ್ರತಿ {{seconds}} ಸೆಕೆಂಡುಗಳಿಗೊಮ್ಮೆ ಮತ್ತೆ ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ…',
  },
  profileImage: {
    label: 'ಪ್ರೊಫೈಲ್ ಚಿತ್ರ',
    of: '{{name}} ಅವರ ಚಿತ್ರ',
    none: 'ಇನ್ನೂ ಚಿತ್ರವಿಲ್ಲ: ಬದಲಿಗೆ ಮೊದಲಕ್ಷರಗಳನ್ನು ತೋರಿಸಲಾಗುತ್ತದೆ.',
    upload: 'ಚಿತ್ರ ಅಪ್‌ಲೋಡ್ ಮಾಡಿ',
    replace: 'ಚಿತ್ರ ಬದಲಿಸಿ',
    remove: 'ಚಿತ್ರ ತೆಗೆದುಹಾಕಿ',
    help: 'PNG, JPEG ಅಥವಾ WebP, 5 MB ವರೆಗೆ. ದೊಡ್ಡ ಚಿತ್ರಗಳನ್ನು 256 ಪಿಕ್ಸೆಲ್‌ಗಳಿಗೆ ಚಿಕ್ಕದಾಗಿಸಲಾಗುತ್ತದೆ.',
    tooLarge: 'ಆ ಫೈಲ್ 5 MB ಗಿಂತ ದೊಡ್ಡದಾಗಿದೆ. ಚಿಕ್ಕ ಚಿತ್ರವನ್ನು ಆರಿಸಿ.',
    uploaded: 'ಚಿತ್ರ ಉಳಿಸಲಾಗಿದೆ.',
    removed: 'ಚಿತ್ರ ತೆಗೆದುಹಾಕಲಾಗಿದೆ.',
    dialogTitle: 'ನಿಮ್ಮ ಪ್ರೊಫೈಲ್ ಚಿತ್ರ',
    onlyHere: 'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನಲ್ಲಿರುವವರು ಮಾತ್ರ ಇದನ್ನು ನೋಡುತ್ತಾರೆ.',
  },
  logo: {
    upload: 'ಲೋಗೋ ಅಪ್‌ಲೋಡ್ ಮಾಡಿ',
    replace: 'ಲೋಗೋ ಬದಲಿಸಿ',
    remove: 'ಲೋಗೋ ತೆಗೆದುಹಾಕಿ',
    help: 'PNG, JPEG ಅಥವಾ WebP, 2 MB ವರೆಗೆ. ದೊಡ್ಡ ಚಿತ್ರಗಳನ್ನು 512 ಪಿಕ್ಸೆಲ್‌ಗಳಿಗೆ ಚಿಕ್ಕದಾಗಿಸಲಾಗುತ್ತದೆ.',
    tooLarge: 'ಈ ಫೈಲ್ 2 MB ಗಿಂತ ದೊಡ್ಡದಾಗಿದೆ. ಚಿಕ್ಕ ಚಿತ್ರವನ್ನು ಆರಿಸಿ.',
    failed: 'ಲೋಗೋ ಬದಲಿಸಲು ಆಗಲಿಲ್ಲ. ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  },
};

export default kn;
