import { ROLE_LABELS } from '@app/contract';
import type { TTranslation } from '../translation.ts';
import type en from './en.ts';

/** Tamil texts (தமிழ்) of the common namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const ta: TTranslation<typeof en> = {
  product: {
    name: 'Workplace Compliance',
  },
  common: {
    loading: 'ஏற்றுகிறது…',
    retry: 'மீண்டும் முயலவும்',
    language: 'மொழி',
    signIn: 'உள்நுழையவும்',
    signOut: 'வெளியேறவும்',
    skipToContent: 'முதன்மை உள்ளடக்கத்திற்குச் செல்லவும்',
    closeNotice: 'செய்தியை மூடவும்',
    close: 'மூடு',
    cancel: 'ரத்துசெய்',
  },
  forms: {
    errors: {
      required: 'இந்தப் புலத்தை நிரப்பவும்',
      tooLong: 'அதிகபட்சம் {{max}} எழுத்துகளைப் பயன்படுத்தவும்',
      invalid: 'இந்த மதிப்பைச் சரிபார்க்கவும்',
    },
    date: {
      placeholder: 'தேதியைத் தேர்ந்தெடுக்கவும்',
      clear: 'தேதியை அழிக்கவும்',
      previousMonth: 'முந்தைய மாதம்',
      nextMonth: 'அடுத்த மாதம்',
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
  roles: ROLE_LABELS.ta,
  nav: {
    DASHBOARD: 'டாஷ்போர்டு',
    MY_LEARNING: 'என் கற்றல்',
    MY_POLICIES: 'என் கொள்கைகள்',
    MY_COMPLAINTS: 'என் புகார்கள்',
    USERS: 'பயனர்கள்',
    BUSINESS_UNITS: 'வணிகப் பிரிவுகள்',
    DEPARTMENTS: 'துறைகள்',
    INVITATIONS: 'அழைப்புகள்',
    PERMISSIONS: 'அனுமதிகள்',
    COURSES: 'பாடநெறிகள்',
    LEARNING_CREDITS: 'கிரெடிட்கள்',
    COURSE_LEARNERS: 'பாடநெறி கற்பவர்கள்',
    WORKSHOPS: 'பயிலரங்குகள்',
    POLICIES: 'கொள்கைகள்',
    COMPLIANCE: 'இணக்கப் பதிவேடு',
    COMPLAINTS: 'புகார்கள்',
    REPORTS: 'அறிக்கைகள்',
    AUDIT_LOG: 'தணிக்கைப் பதிவு',
    SETTINGS: 'அமைப்புகள்',
    PLATFORM_WORKSPACES: 'வொர்க்ஸ்பேஸ்கள்',
    PLATFORM_FEATURE_FLAGS: 'அம்சக் கொடிகள்',
    PLATFORM_COURSES: 'பாடநெறி பட்டியல்',
    PLATFORM_CREDIT_REQUESTS: 'கிரெடிட் கோரிக்கைகள்',
    PLATFORM_JURISDICTIONS: 'அதிகார வரம்புகள்',
  },
  shell: {
    navLabel: 'முதன்மை வழிசெலுத்தல்',
    toggleNav: 'வழிசெலுத்தலைக் காட்டவும் அல்லது மறைக்கவும்',
    userMenu: 'பயனர் மெனு',
    profilePicture: 'சுயவிவரப் படம்',
    changePassword: 'கடவுச்சொல்லை மாற்று',
    homeLink: '{{name}} — டாஷ்போர்டு',
    platformConsole: 'தளக் கன்சோல்',
    navError: 'மெனுவை ஏற்ற முடியவில்லை.',
  },
  areaOff: {
    pageTitle: 'இந்த வொர்க்ஸ்பேஸில் பயன்பாட்டில் இல்லை',
    heading: 'இந்த வொர்க்ஸ்பேஸ் {{area}} ஐப் பயன்படுத்துவதில்லை',
    body: 'உங்கள் நிறுவனம் இந்தத் தளத்தில் {{area}} ஐ நிறுத்தியுள்ளது. உங்களுக்கு இது தேவைப்பட்டால், உங்கள் வொர்க்ஸ்பேஸ் நிர்வாகியிடம் கேளுங்கள்.',
    areas: {
      cms: 'புகார் மேலாண்மை',
      lms: 'கற்றல்',
      concernedAuthority: 'தொடர்புடைய அதிகாரி',
      policies: 'கொள்கைகள்',
      compliance: 'இணக்கம்',
      unknown: 'தளத்தின் இந்தப் பகுதி',
    },
  },
  errors: {
    unknownHost: {
      pageTitle: 'இங்கு வொர்க்ஸ்பேஸ் இல்லை',
      heading: 'இந்த முகவரியில் எந்த வொர்க்ஸ்பேஸும் இல்லை',
      body: 'நீங்கள் தட்டச்சு செய்த முகவரியைச் ({{host}}) சரிபார்க்கவும். உங்கள் நிறுவனம் இந்தத் தளத்தைப் பயன்படுத்தினால், தளத்தின் முகப்புப் பக்கத்திலிருந்து உங்கள் வொர்க்ஸ்பேஸைக் கண்டறியலாம்.',
      action: 'உங்கள் வொர்க்ஸ்பேஸைக் கண்டறியவும்',
    },
    notFound: {
      pageTitle: 'பக்கம் கிடைக்கவில்லை',
      heading: 'பக்கம் கிடைக்கவில்லை',
      body: 'இந்த முகவரியில் எதுவும் இல்லை. அது இடம் மாறியிருக்கலாம், அல்லது இணைப்பு தவறாக இருக்கலாம்.',
      action: 'முகப்புப் பக்கத்திற்குச் செல்லவும்',
    },
    unavailable: {
      pageTitle: 'சேவையை அணுக முடியவில்லை',
      heading: 'எங்களால் சேவையை அணுக முடியவில்லை',
      body: 'சர்வர் பதிலளிக்கவில்லை. உங்கள் இணைய இணைப்பைச் சரிபார்த்து, மீண்டும் முயலவும்.',
    },
    route: {
      pageTitle: 'ஏதோ தவறு நடந்தது',
      heading: 'ஏதோ தவறு நடந்தது',
      body: 'இந்தப் பக்கத்தில் சிக்கல் ஏற்பட்டது. அதை மீண்டும் ஏற்றவும், அல்லது முகப்புப் பக்கத்திற்குத் திரும்பவும்.',
      reload: 'பக்கத்தை மீண்டும் ஏற்றவும்',
      home: 'முகப்புப் பக்கத்திற்குச் செல்லவும்',
    },
    forbidden: {
      pageTitle: 'கிடைக்கவில்லை',
      heading: 'இந்தப் பக்கம் உங்களுக்குக் கிடைக்காது',
      body: 'உங்கள் கணக்கிற்கு இந்தப் பக்கத்தை அணுகும் உரிமை இல்லை.',
      action: 'உங்கள் டாஷ்போர்டுக்குச் செல்லவும்',
    },
  },
  /** The workspace's contract and user limit (server codes CONTRACT_EXPIRED, USER_LIMIT_REACHED). */
  contract: {
    title: 'ஒப்பந்தம் முடிவடைந்தது',
    ended: 'இந்த வொர்க்ஸ்பேஸின் ஒப்பந்தம் {{date}} அன்று முடிவடைந்தது: புதுப்பிக்கப்படும் வரை நிர்வாகமும் கற்றலும் படிக்க மட்டுமே.',
    still: 'நீங்கள் இன்னும் உள்நுழையலாம், இங்குள்ள அனைத்தையும் படிக்கலாம், உங்கள் சுயவிவரத்தைப் புதுப்பிக்கலாம்.',
    /** What goes on after the contract ended, per area the workspace offers (only built areas are shown). */
    areas: {
      cms: 'நீங்கள் இன்னும் புகார்களைப் பதிவு செய்யலாம்.',
      policies: 'நீங்கள் இன்னும் கொள்கைகளைப் படித்து ஏற்கலாம்.',
      concernedAuthority: 'துன்புறுத்தல் புகார்களுக்கான தொடர்பு உங்கள் முகப்புப் பக்கத்தில் இருக்கும்.',
    },
    limit: '{{limit}} இல் {{members}} பேர், {{pending}} அழைப்புகள் நிலுவையில்.',
    limitReached:
      '{{limit}} இல் {{members}} பேர்: வரம்பை எட்டிவிட்டது, எனவே யாரையும் அழைக்கவோ சேர்க்கவோ முடியாது. அதிக வரம்புக்கு உங்கள் சேவை வழங்குநரிடம் கேட்கவும்.',
  },
  maintenance: {
    pageTitle: 'பராமரிப்பில் உள்ளது',
    heading: 'பராமரிப்பில் உள்ளது',
    body: '{{company}} பராமரிப்பில் உள்ளது. நீங்கள் செய்த எதுவும் இழக்கப்படவில்லை. சேவை திரும்பியதும் இந்தப் பக்கம் தானாகவே புதுப்பிக்கப்படும்.',
    checking: 'ஒவ்வொரு {{seconds}} விநாடிக்கும் மீண்டும் சரிபார்க்கிறது…',
  },
  profileImage: {
    label: 'சுயவிவரப் படம்',
    of: '{{name}} அவர்களின் படம்',
    none: 'இன்னும் படம் இல்லை: அதற்குப் பதிலாக முதலெழுத்துகள் காட்டப்படும்.',
    upload: 'படத்தைப் பதிவேற்றவும்',
    replace: 'படத்தை மாற்றவும்',
    remove: 'படத்தை அகற்றவும்',
    help: 'PNG, JPEG அல்லது WebP, 5 MB வரை. பெரிய படங்கள் 256 பிக்சல்களாகக் குறைக்கப்படும்.',
    tooLarge: 'அந்தக் கோப்பு 5 MB-ஐ விடப் பெரியது. சிறிய படத்தைத் தேர்வுசெய்யவும்.',
    uploaded: 'படம் சேமிக்கப்பட்டது.',
    removed: 'படம் அகற்றப்பட்டது.',
    dialogTitle: 'உங்கள் சுயவிவரப் படம்',
    onlyHere: 'இந்த வொர்க்ஸ்பேஸில் உள்ளவர்கள் மட்டுமே இதைப் பார்ப்பார்கள்.',
  },
  logo: {
    upload: 'லோகோவைப் பதிவேற்றவும்',
    replace: 'லோகோவை மாற்றவும்',
    remove: 'லோகோவை அகற்றவும்',
    help: 'PNG, JPEG அல்லது WebP, 2 MB வரை. பெரிய படங்கள் 512 பிக்சல்களாகக் குறைக்கப்படும்.',
    tooLarge: 'இந்தக் கோப்பு 2 MB-ஐ விடப் பெரியது. சிறிய படத்தைத் தேர்வுசெய்யவும்.',
    failed: 'லோகோவை மாற்ற முடியவில்லை. மீண்டும் முயலவும்.',
  },
};

export default ta;
