import { ROLE_LABELS } from '@app/contract';
import type { TTranslation } from '../translation.ts';
import type en from './en.ts';

/** Marathi texts (मराठी) of the common namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const mr: TTranslation<typeof en> = {
  product: {
    name: 'Workplace Compliance',
  },
  common: {
    loading: 'लोड होत आहे…',
    retry: 'पुन्हा प्रयत्न करा',
    language: 'भाषा',
    signIn: 'साइन इन करा',
    signOut: 'साइन आउट करा',
    skipToContent: 'मुख्य मजकुराकडे जा',
    closeNotice: 'संदेश बंद करा',
    close: 'बंद करा',
    cancel: 'रद्द करा',
  },
  forms: {
    errors: {
      required: 'हे क्षेत्र भरा',
      tooLong: 'जास्तीत जास्त {{max}} अक्षरे वापरा',
      invalid: 'हे मूल्य तपासा',
    },
    date: {
      placeholder: 'तारीख निवडा',
      clear: 'तारीख काढा',
      previousMonth: 'मागील महिना',
      nextMonth: 'पुढील महिना',
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
  roles: ROLE_LABELS.mr,
  nav: {
    DASHBOARD: 'डॅशबोर्ड',
    MY_LEARNING: 'माझे शिक्षण',
    MY_POLICIES: 'माझी धोरणे',
    MY_COMPLAINTS: 'माझ्या तक्रारी',
    USERS: 'वापरकर्ते',
    BUSINESS_UNITS: 'बिझनेस युनिट्स',
    DEPARTMENTS: 'विभाग',
    INVITATIONS: 'आमंत्रणे',
    PERMISSIONS: 'परवानग्या',
    COURSES: 'कोर्स',
    LEARNING_CREDITS: 'क्रेडिट',
    COURSE_LEARNERS: 'कोर्सचे शिकणारे',
    WORKSHOPS: 'कार्यशाळा',
    POLICIES: 'धोरणे',
    COMPLIANCE: 'अनुपालन नोंदवही',
    COMPLAINTS: 'तक्रारी',
    REPORTS: 'अहवाल',
    AUDIT_LOG: 'ऑडिट लॉग',
    SETTINGS: 'सेटिंग्ज',
    PLATFORM_WORKSPACES: 'वर्कस्पेसेस',
    PLATFORM_FEATURE_FLAGS: 'फीचर फ्लॅग्ज',
    PLATFORM_COURSES: 'कोर्स कॅटलॉग',
    PLATFORM_CREDIT_REQUESTS: 'क्रेडिट विनंत्या',
    PLATFORM_JURISDICTIONS: 'अधिकारक्षेत्रे',
  },
  shell: {
    navLabel: 'मुख्य नेव्हिगेशन',
    toggleNav: 'नेव्हिगेशन दाखवा किंवा लपवा',
    userMenu: 'वापरकर्ता मेनू',
    profilePicture: 'प्रोफाइल चित्र',
    changePassword: 'पासवर्ड बदला',
    userManual: 'वापरकर्ता पुस्तिका',
    homeLink: '{{name}} — डॅशबोर्ड',
    platformConsole: 'प्लॅटफॉर्म कन्सोल',
    navError: 'मेनू लोड होऊ शकला नाही.',
  },
  areaOff: {
    pageTitle: 'या वर्कस्पेसमध्ये वापरले जात नाही',
    heading: 'हे वर्कस्पेस {{area}} वापरत नाही',
    body: 'तुमच्या संस्थेने या प्लॅटफॉर्मवर {{area}} बंद केले आहे. तुम्हाला याची गरज असल्यास, तुमच्या वर्कस्पेस ॲडमिनला विचारा.',
    areas: {
      cms: 'तक्रार व्यवस्थापन',
      lms: 'शिक्षण',
      concernedAuthority: 'संबंधित प्राधिकारी',
      policies: 'धोरणे',
      compliance: 'अनुपालन',
      unknown: 'प्लॅटफॉर्मचा हा भाग',
    },
  },
  errors: {
    movedHost: {
      pageTitle: 'हे वर्कस्पेस हलवले आहे',
      heading: 'हे वर्कस्पेस {{newHost}} वर हलवले आहे',
      body: 'तुम्ही शोधत असलेले वर्कस्पेस आता {{newHost}} वर आहे. कृपया तुमचे बुकमार्क बदला: हा पत्ता ({{host}}) {{until}} नंतर तिथे नेणार नाही. नवीन पत्त्यावर पुन्हा साइन इन करा.',
      action: '{{newHost}} वर जा',
    },
    suspendedHost: {
      pageTitle: 'वर्कस्पेस निलंबित आहे',
      heading: 'हे वर्कस्पेस निलंबित आहे',
      body: 'सध्या {{host}} वरील वर्कस्पेसमध्ये कोणीही साइन इन करू शकत नाही. ही चूक आहे असे वाटत असल्यास, तुमच्या संस्थेच्या ॲडमिनशी संपर्क साधा.',
    },
    unknownHost: {
      pageTitle: 'येथे कोणतेही वर्कस्पेस नाही',
      heading: 'या पत्त्यावर कोणतेही वर्कस्पेस नाही',
      body: 'तुम्ही टाइप केलेला पत्ता ({{host}}) तपासा. तुमची संस्था हा प्लॅटफॉर्म वापरत असल्यास, प्लॅटफॉर्मच्या मुख्य पानावरून तुम्ही तुमचे वर्कस्पेस शोधू शकता.',
      action: 'तुमचे वर्कस्पेस शोधा',
    },
    notFound: {
      pageTitle: 'पान सापडले नाही',
      heading: 'पान सापडले नाही',
      body: 'या पत्त्यावर काहीही नाही. ते दुसरीकडे हलवले गेले असेल, किंवा लिंक चुकीची असेल.',
      action: 'मुख्य पानावर जा',
    },
    unavailable: {
      pageTitle: 'सेवेपर्यंत पोहोचता येत नाही',
      heading: 'आम्ही सेवेपर्यंत पोहोचू शकत नाही',
      body: 'सर्व्हरने उत्तर दिले नाही. तुमचे इंटरनेट कनेक्शन तपासा, नंतर पुन्हा प्रयत्न करा.',
    },
    route: {
      pageTitle: 'काहीतरी चुकले',
      heading: 'काहीतरी चुकले',
      body: 'या पानात अडचण आली. ते पुन्हा लोड करा, किंवा मुख्य पानावर परत जा.',
      reload: 'पान पुन्हा लोड करा',
      home: 'मुख्य पानावर जा',
    },
    forbidden: {
      pageTitle: 'उपलब्ध नाही',
      heading: 'हे पान तुमच्यासाठी उपलब्ध नाही',
      body: 'तुमच्या खात्याला या पानाचा प्रवेश नाही.',
      action: 'तुमच्या डॅशबोर्डवर जा',
    },
  },
  /** The workspace's contract and user limit (server codes CONTRACT_EXPIRED, USER_LIMIT_REACHED). */
  contract: {
    title: 'करार संपला आहे',
    ended: 'या वर्कस्पेसचा करार {{date}} रोजी संपला: नूतनीकरण होईपर्यंत प्रशासन आणि प्रशिक्षण केवळ वाचनीय आहेत.',
    still: 'तुम्ही अजूनही साइन इन करू शकता, येथील सर्व काही वाचू शकता आणि स्वतःची प्रोफाइल अद्ययावत करू शकता.',
    /** What goes on after the contract ended, per area the workspace offers (only built areas are shown). */
    areas: {
      cms: 'तुम्ही अजूनही तक्रारी दाखल करू शकता.',
      policies: 'तुम्ही अजूनही धोरणे वाचू आणि स्वीकारू शकता.',
      concernedAuthority: 'छळाच्या तक्रारींसाठीचा संपर्क तुमच्या मुख्यपृष्ठावर राहतो.',
    },
    limit: '{{limit}} पैकी {{members}} लोक, {{pending}} आमंत्रणे प्रलंबित.',
    limitReached:
      '{{limit}} पैकी {{members}} लोक: मर्यादा गाठली आहे, त्यामुळे कोणालाही आमंत्रित करता किंवा जोडता येणार नाही. जास्त मर्यादेसाठी तुमच्या सेवा पुरवठादाराला सांगा.',
  },
  maintenance: {
    pageTitle: 'देखभाल सुरू आहे',
    heading: 'देखभाल सुरू आहे',
    body: '{{company}} ची देखभाल सुरू आहे. तुम्ही केलेले काहीही हरवलेले नाही. सेवा परत सुरू होताच हे पान आपोआप रिफ्रेश होईल.',
    checking: 'दर {{seconds}} सेकंदांनी पुन्हा तपासत आहे…',
  },
  profileImage: {
    label: 'प्रोफाइल चित्र',
    of: '{{name}} यांचे चित्र',
    none: 'अजून चित्र नाही: त्याऐवजी आद्याक्षरे दाखवली जातात.',
    upload: 'चित्र अपलोड करा',
    replace: 'चित्र बदला',
    remove: 'चित्र काढा',
    help: 'PNG, JPEG किंवा WebP, 5 MB पर्यंत. मोठी चित्रे 256 पिक्सेलपर्यंत लहान केली जातात.',
    tooLarge: 'ती फाइल 5 MB पेक्षा मोठी आहे. लहान चित्र निवडा.',
    uploaded: 'चित्र जतन केले.',
    removed: 'चित्र काढले.',
    dialogTitle: 'तुमचे प्रोफाइल चित्र',
    onlyHere: 'फक्त या वर्कस्पेसमधील लोकच ते पाहतात.',
  },
  logo: {
    upload: 'लोगो अपलोड करा',
    replace: 'लोगो बदला',
    remove: 'लोगो काढा',
    help: 'PNG, JPEG किंवा WebP, 2 MB पर्यंत. मोठी चित्रे 512 पिक्सेलपर्यंत लहान केली जातात.',
    tooLarge: 'ही फाइल 2 MB पेक्षा मोठी आहे. लहान चित्र निवडा.',
    failed: 'लोगो बदलता आला नाही. पुन्हा प्रयत्न करा.',
  },
};

export default mr;
