import { ROLE_LABELS } from '@app/contract';
import type { TTranslation } from '../translation.ts';
import type en from './en.ts';

/** Telugu texts (తెలుగు) of the common namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const te: TTranslation<typeof en> = {
  product: {
    name: 'Workplace Compliance',
  },
  common: {
    loading: 'లోడ్ అవుతోంది…',
    retry: 'మళ్ళీ ప్రయత్నించండి',
    language: 'భాష',
    signIn: 'సైన్ ఇన్ చేయండి',
    signOut: 'సైన్ అవుట్ చేయండి',
    skipToContent: 'ప్రధాన విషయానికి వెళ్ళండి',
    closeNotice: 'సందేశాన్ని మూసివేయండి',
    close: 'మూసివేయండి',
    cancel: 'రద్దు చేయండి',
  },
  forms: {
    errors: {
      required: 'ఈ ఫీల్డ్‌ను పూరించండి',
      tooLong: 'గరిష్ఠంగా {{max}} అక్షరాలు ఉపయోగించండి',
      invalid: 'ఈ విలువను తనిఖీ చేయండి',
    },
    date: {
      placeholder: 'తేదీని ఎంచుకోండి',
      clear: 'తేదీని తీసివేయండి',
      previousMonth: 'గత నెల',
      nextMonth: 'తదుపరి నెల',
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
  roles: ROLE_LABELS.te,
  nav: {
    DASHBOARD: 'డాష్‌బోర్డ్',
    MY_LEARNING: 'నా అభ్యాసం',
    MY_POLICIES: 'నా విధానాలు',
    MY_COMPLAINTS: 'నా ఫిర్యాదులు',
    USERS: 'వినియోగదారులు',
    BUSINESS_UNITS: 'బిజినెస్ యూనిట్‌లు',
    DEPARTMENTS: 'విభాగాలు',
    INVITATIONS: 'ఆహ్వానాలు',
    PERMISSIONS: 'అనుమతులు',
    COURSES: 'కోర్సులు',
    LEARNING_CREDITS: 'క్రెడిట్‌లు',
    COURSE_LEARNERS: 'కోర్సు అభ్యాసకులు',
    WORKSHOPS: 'వర్క్‌షాప్‌లు',
    POLICIES: 'విధానాలు',
    COMPLIANCE: 'కంప్లయన్స్ రిజిస్టర్',
    COMPLAINTS: 'ఫిర్యాదులు',
    REPORTS: 'నివేదికలు',
    AUDIT_LOG: 'ఆడిట్ లాగ్',
    SETTINGS: 'సెట్టింగ్‌లు',
    PLATFORM_WORKSPACES: 'వర్క్‌స్పేస్‌లు',
    PLATFORM_FEATURE_FLAGS: 'ఫీచర్ ఫ్లాగ్‌లు',
    PLATFORM_COURSES: 'కోర్సు కేటలాగ్',
    PLATFORM_CREDIT_REQUESTS: 'క్రెడిట్ అభ్యర్థనలు',
    PLATFORM_JURISDICTIONS: 'న్యాయపరిధులు',
  },
  shell: {
    navLabel: 'ప్రధాన నావిగేషన్',
    toggleNav: 'నావిగేషన్‌ను చూపించండి లేదా దాచండి',
    userMenu: 'వినియోగదారు మెనూ',
    profilePicture: 'ప్రొఫైల్ చిత్రం',
    changePassword: 'పాస్‌వర్డ్ మార్చండి',
    userManual: 'వినియోగదారు మాన్యువల్',
    homeLink: '{{name}} — డాష్‌బోర్డ్',
    platformConsole: 'ప్లాట్‌ఫామ్ కన్సోల్',
    navError: 'మెనూను లోడ్ చేయలేకపోయాము.',
  },
  areaOff: {
    pageTitle: 'ఈ వర్క్‌స్పేస్‌లో ఉపయోగంలో లేదు',
    heading: 'ఈ వర్క్‌స్పేస్ {{area}} ను ఉపయోగించదు',
    body: 'మీ సంస్థ ఈ ప్లాట్‌ఫామ్‌లో {{area}} ను ఆపివేసింది. మీకు ఇది అవసరమైతే, మీ వర్క్‌స్పేస్ అడ్మిన్‌ను అడగండి.',
    areas: {
      cms: 'ఫిర్యాదుల నిర్వహణ',
      lms: 'అభ్యాసం',
      concernedAuthority: 'సంబంధిత అధికారి',
      policies: 'విధానాలు',
      compliance: 'కంప్లయన్స్',
      unknown: 'ప్లాట్‌ఫామ్‌లోని ఈ భాగం',
    },
  },
  errors: {
    movedHost: {
      pageTitle: 'ఈ వర్క్‌స్పేస్ మారింది',
      heading: 'ఈ వర్క్‌స్పేస్ {{newHost}} కు మారింది',
      body: 'మీరు వెతుకుతున్న వర్క్‌స్పేస్ ఇప్పుడు {{newHost}} లో ఉంది. దయచేసి మీ బుక్‌మార్క్‌లను మార్చుకోండి: ఈ చిరునామా ({{host}}) {{until}} తర్వాత అక్కడికి తీసుకెళ్లదు. కొత్త చిరునామాలో మళ్లీ సైన్ ఇన్ చేయండి.',
      action: '{{newHost}} కు వెళ్లండి',
    },
    suspendedHost: {
      pageTitle: 'వర్క్‌స్పేస్ నిలిపివేయబడింది',
      heading: 'ఈ వర్క్‌స్పేస్ నిలిపివేయబడింది',
      body: 'ప్రస్తుతం {{host}} లోని వర్క్‌స్పేస్‌కు ఎవరూ సైన్ ఇన్ చేయలేరు. ఇది పొరపాటు అని మీకు అనిపిస్తే, మీ సంస్థ అడ్మిన్‌ను సంప్రదించండి.',
    },
    unknownHost: {
      pageTitle: 'ఇక్కడ వర్క్‌స్పేస్ లేదు',
      heading: 'ఈ చిరునామాలో ఏ వర్క్‌స్పేస్ లేదు',
      body: 'మీరు టైప్ చేసిన చిరునామాను ({{host}}) సరిచూసుకోండి. మీ సంస్థ ఈ ప్లాట్‌ఫామ్‌ను ఉపయోగిస్తుంటే, ప్లాట్‌ఫామ్ హోమ్ పేజీ నుండి మీ వర్క్‌స్పేస్‌ను కనుగొనవచ్చు.',
      action: 'మీ వర్క్‌స్పేస్‌ను కనుగొనండి',
    },
    notFound: {
      pageTitle: 'పేజీ కనబడలేదు',
      heading: 'పేజీ కనబడలేదు',
      body: 'ఈ చిరునామాలో ఏమీ లేదు. అది వేరే చోటికి మారి ఉండవచ్చు, లేదా లింక్ తప్పు కావచ్చు.',
      action: 'హోమ్ పేజీకి వెళ్ళండి',
    },
    unavailable: {
      pageTitle: 'సేవ అందుబాటులో లేదు',
      heading: 'మేము సేవను చేరుకోలేకపోతున్నాము',
      body: 'సర్వర్ స్పందించలేదు. మీ ఇంటర్నెట్ కనెక్షన్‌ను సరిచూసుకుని, మళ్ళీ ప్రయత్నించండి.',
    },
    route: {
      pageTitle: 'ఏదో పొరపాటు జరిగింది',
      heading: 'ఏదో పొరపాటు జరిగింది',
      body: 'ఈ పేజీలో సమస్య వచ్చింది. దాన్ని రీలోడ్ చేయండి, లేదా హోమ్ పేజీకి తిరిగి వెళ్ళండి.',
      reload: 'పేజీని రీలోడ్ చేయండి',
      home: 'హోమ్ పేజీకి వెళ్ళండి',
    },
    forbidden: {
      pageTitle: 'అందుబాటులో లేదు',
      heading: 'ఈ పేజీ మీకు అందుబాటులో లేదు',
      body: 'మీ ఖాతాకు ఈ పేజీకి యాక్సెస్ లేదు.',
      action: 'మీ డాష్‌బోర్డ్‌కు వెళ్ళండి',
    },
  },
  /** The workspace's contract and user limit (server codes CONTRACT_EXPIRED, USER_LIMIT_REACHED). */
  contract: {
    title: 'ఒప్పందం ముగిసింది',
    ended: 'ఈ వర్క్‌స్పేస్ ఒప్పందం {{date}}న ముగిసింది: పునరుద్ధరించే వరకు నిర్వహణ మరియు అభ్యాసం చదవడానికి మాత్రమే.',
    still: 'మీరు ఇప్పటికీ సైన్ ఇన్ చేయవచ్చు, ఇక్కడ ఉన్నదంతా చదవవచ్చు మరియు మీ ప్రొఫైల్‌ను నవీకరించవచ్చు.',
    /** What goes on after the contract ended, per area the workspace offers (only built areas are shown). */
    areas: {
      cms: 'మీరు ఇప్పటికీ ఫిర్యాదులు దాఖలు చేయవచ్చు.',
      policies: 'మీరు ఇప్పటికీ విధానాలను చదివి అంగీకరించవచ్చు.',
      concernedAuthority: 'వేధింపుల ఫిర్యాదుల కోసం సంప్రదింపు వివరాలు మీ హోమ్ పేజీలో ఉంటాయి.',
    },
    limit: '{{limit}}లో {{members}} మంది, {{pending}} ఆహ్వానాలు పెండింగ్‌లో ఉన్నాయి.',
    limitReached:
      '{{limit}}లో {{members}} మంది: పరిమితి చేరుకుంది, కాబట్టి ఎవరినీ ఆహ్వానించలేరు లేదా చేర్చలేరు. ఎక్కువ పరిమితి కోసం మీ సేవా ప్రదాతను అడగండి.',
  },
  maintenance: {
    pageTitle: 'నిర్వహణలో ఉంది',
    heading: 'నిర్వహణలో ఉంది',
    body: '{{company}} నిర్వహణలో ఉంది. మీరు చేసినది ఏదీ పోలేదు. సేవ తిరిగి రాగానే ఈ పేజీ దానంతట అదే రిఫ్రెష్ అవుతుంది.',
    checking: 'ప్రతి {{seconds}} సెకన్లకు ఒకసారి మళ్ళీ తనిఖీ చేస్తోంది…',
  },
  profileImage: {
    label: 'ప్రొఫైల్ చిత్రం',
    of: '{{name}} గారి చిత్రం',
    none: 'ఇంకా చిత్రం లేదు: బదులుగా మొదటి అక్షరాలు చూపబడతాయి.',
    upload: 'చిత్రాన్ని అప్‌లోడ్ చేయండి',
    replace: 'చిత్రాన్ని మార్చండి',
    remove: 'చిత్రాన్ని తీసివేయండి',
    help: 'PNG, JPEG లేదా WebP, 5 MB వరకు. పెద్ద చిత్రాలను 256 పిక్సెల్‌లకు తగ్గిస్తాము.',
    tooLarge: 'ఆ ఫైల్ 5 MB కంటే పెద్దది. చిన్న చిత్రాన్ని ఎంచుకోండి.',
    uploaded: 'చిత్రం సేవ్ అయింది.',
    removed: 'చిత్రం తీసివేయబడింది.',
    dialogTitle: 'మీ ప్రొఫైల్ చిత్రం',
    onlyHere: 'ఈ వర్క్‌స్పేస్‌లోని వారు మాత్రమే దీన్ని చూస్తారు.',
  },
  logo: {
    upload: 'లోగోను అప్‌లోడ్ చేయండి',
    replace: 'లోగోను మార్చండి',
    remove: 'లోగోను తీసివేయండి',
    help: 'PNG, JPEG లేదా WebP, 2 MB వరకు. పెద్ద చిత్రాలను 512 పిక్సెల్‌లకు తగ్గిస్తాము.',
    tooLarge: 'ఈ ఫైల్ 2 MB కంటే పెద్దది. చిన్న చిత్రాన్ని ఎంచుకోండి.',
    failed: 'లోగోను మార్చలేకపోయాము. మళ్ళీ ప్రయత్నించండి.',
  },
};

export default te;
