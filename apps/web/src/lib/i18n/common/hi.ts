import { ROLE_LABELS } from '@app/contract';
import type { TTranslation } from '../translation.ts';
import type en from './en.ts';

/** Hindi texts (हिन्दी) of the common namespace. */
const hi: TTranslation<typeof en> = {
  product: {
    name: 'Workplace Compliance',
  },
  common: {
    loading: 'लोड हो रहा है…',
    retry: 'फिर से कोशिश करें',
    language: 'भाषा',
    signIn: 'साइन इन करें',
    signOut: 'साइन आउट करें',
    skipToContent: 'मुख्य सामग्री पर जाएँ',
    closeNotice: 'संदेश बंद करें',
    close: 'बंद करें',
    cancel: 'रद्द करें',
  },
  forms: {
    errors: {
      required: 'यह फ़ील्ड भरें',
      tooLong: 'अधिकतम {{max}} अक्षर लिखें',
      invalid: 'यह मान जाँचें',
    },
    date: {
      placeholder: 'तारीख चुनें',
      clear: 'तारीख हटाएँ',
      previousMonth: 'पिछला महीना',
      nextMonth: 'अगला महीना',
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
  roles: ROLE_LABELS.hi,
  nav: {
    DASHBOARD: 'डैशबोर्ड',
    MY_LEARNING: 'मेरी पढ़ाई',
    MY_POLICIES: 'मेरी नीतियाँ',
    MY_COMPLAINTS: 'मेरी शिकायतें',
    USERS: 'उपयोगकर्ता',
    BUSINESS_UNITS: 'बिज़नेस यूनिट',
    DEPARTMENTS: 'विभाग',
    INVITATIONS: 'आमंत्रण',
    PERMISSIONS: 'अनुमतियाँ',
    COURSES: 'कोर्स',
    LEARNING_CREDITS: 'क्रेडिट',
    COURSE_LEARNERS: 'कोर्स के शिक्षार्थी',
    WORKSHOPS: 'कार्यशालाएँ',
    POLICIES: 'नीतियाँ',
    COMPLIANCE: 'अनुपालन रजिस्टर',
    COMPLAINTS: 'शिकायतें',
    REPORTS: 'रिपोर्ट',
    AUDIT_LOG: 'ऑडिट लॉग',
    SETTINGS: 'सेटिंग्स',
    PLATFORM_WORKSPACES: 'वर्कस्पेस',
    PLATFORM_FEATURE_FLAGS: 'फ़ीचर फ़्लैग',
    PLATFORM_COURSES: 'कोर्स कैटलॉग',
    PLATFORM_CREDIT_REQUESTS: 'क्रेडिट अनुरोध',
    PLATFORM_JURISDICTIONS: 'क्षेत्राधिकार',
  },
  shell: {
    navLabel: 'मुख्य नेविगेशन',
    toggleNav: 'नेविगेशन दिखाएँ या छिपाएँ',
    userMenu: 'उपयोगकर्ता मेनू',
    profilePicture: 'प्रोफ़ाइल चित्र',
    changePassword: 'पासवर्ड बदलें',
    userManual: 'उपयोगकर्ता पुस्तिका',
    homeLink: '{{name}} — डैशबोर्ड',
    platformConsole: 'प्लेटफ़ॉर्म कंसोल',
    navError: 'मेनू लोड नहीं हो सका।',
  },
  areaOff: {
    pageTitle: 'इस वर्कस्पेस में उपयोग नहीं होता',
    heading: 'यह वर्कस्पेस {{area}} का उपयोग नहीं करता',
    body: 'आपके संगठन ने इस प्लेटफ़ॉर्म पर {{area}} बंद कर दिया है। अगर आपको इसकी ज़रूरत है, तो अपने वर्कस्पेस एडमिन से पूछें।',
    areas: {
      cms: 'शिकायत प्रबंधन',
      lms: 'लर्निंग',
      concernedAuthority: 'संबंधित प्राधिकारी',
      policies: 'नीतियाँ',
      compliance: 'अनुपालन',
      unknown: 'प्लेटफ़ॉर्म का यह हिस्सा',
    },
  },
  errors: {
    movedHost: {
      pageTitle: 'यह वर्कस्पेस स्थानांतरित हो गया है',
      heading: 'यह वर्कस्पेस {{newHost}} पर चला गया है',
      body: 'आप जिस वर्कस्पेस को खोज रहे हैं, वह अब {{newHost}} पर है। कृपया अपने बुकमार्क बदल लें: यह पता ({{host}}) {{until}} के बाद वहाँ नहीं ले जाएगा। नए पते पर फिर से साइन इन करें।',
      action: '{{newHost}} पर जाएँ',
    },
    suspendedHost: {
      pageTitle: 'वर्कस्पेस निलंबित है',
      heading: 'यह वर्कस्पेस निलंबित है',
      body: 'अभी {{host}} वाले वर्कस्पेस में कोई साइन इन नहीं कर सकता। अगर आपको लगता है कि यह गलती है, तो अपने संगठन के एडमिन से संपर्क करें।',
    },
    unknownHost: {
      pageTitle: 'यहाँ कोई वर्कस्पेस नहीं है',
      heading: 'इस पते पर कोई वर्कस्पेस नहीं है',
      body: 'आपके लिखे पते ({{host}}) को जाँचें। अगर आपका संगठन यह प्लेटफ़ॉर्म इस्तेमाल करता है, तो आप प्लेटफ़ॉर्म के मुख्य पेज से अपना वर्कस्पेस खोज सकते हैं।',
      action: 'अपना वर्कस्पेस खोजें',
    },
    notFound: {
      pageTitle: 'पेज नहीं मिला',
      heading: 'पेज नहीं मिला',
      body: 'इस पते पर कुछ नहीं है। हो सकता है यह हट गया हो, या लिंक गलत हो।',
      action: 'मुख्य पेज पर जाएँ',
    },
    unavailable: {
      pageTitle: 'सेवा उपलब्ध नहीं',
      heading: 'सेवा से संपर्क नहीं हो पा रहा',
      body: 'सर्वर ने जवाब नहीं दिया। अपना इंटरनेट कनेक्शन जाँचें, फिर से कोशिश करें।',
    },
    route: {
      pageTitle: 'कुछ गड़बड़ हो गई',
      heading: 'कुछ गड़बड़ हो गई',
      body: 'इस पेज में कोई समस्या आई। इसे फिर से लोड करें, या मुख्य पेज पर जाएँ।',
      reload: 'पेज फिर से लोड करें',
      home: 'मुख्य पेज पर जाएँ',
    },
    forbidden: {
      pageTitle: 'उपलब्ध नहीं',
      heading: 'यह पेज आपके लिए उपलब्ध नहीं है',
      body: 'आपके खाते को इस पेज की अनुमति नहीं है।',
      action: 'अपने डैशबोर्ड पर जाएँ',
    },
  },
  /** The workspace's contract and user limit (server codes CONTRACT_EXPIRED, USER_LIMIT_REACHED). */
  contract: {
    title: 'अनुबंध समाप्त हो गया है',
    ended: 'इस वर्कस्पेस का अनुबंध {{date}} को समाप्त हो गया: नवीनीकरण होने तक प्रशासन और प्रशिक्षण केवल पढ़ने योग्य हैं।',
    still: 'आप अब भी साइन इन कर सकते हैं, यहाँ सब कुछ पढ़ सकते हैं और अपनी प्रोफ़ाइल बदल सकते हैं।',
    /** What goes on after the contract ended, per area the workspace offers (only built areas are shown). */
    areas: {
      cms: 'आप अब भी शिकायतें दर्ज कर सकते हैं।',
      policies: 'आप अब भी नीतियाँ पढ़ और स्वीकार कर सकते हैं।',
      concernedAuthority: 'उत्पीड़न संबंधी शिकायतों के लिए संपर्क आपके होम पेज पर बना रहता है।',
    },
    limit: '{{limit}} में से {{members}} लोग, {{pending}} आमंत्रण लंबित।',
    limitReached:
      '{{limit}} में से {{members}} लोग: सीमा पूरी हो चुकी है, इसलिए किसी को आमंत्रित या जोड़ा नहीं जा सकता। ऊँची सीमा के लिए अपने सेवा प्रदाता से कहें।',
  },
  maintenance: {
    pageTitle: 'रखरखाव जारी है',
    heading: 'रखरखाव जारी है',
    body: '{{company}} पर रखरखाव का काम चल रहा है। आपका किया हुआ कोई काम नहीं खोया है। सेवा लौटते ही यह पेज अपने-आप रीफ़्रेश हो जाएगा।',
    checking: 'हर {{seconds}} सेकंड में फिर से जाँच हो रही है…',
  },
  profileImage: {
    label: 'प्रोफ़ाइल चित्र',
    of: '{{name}} का चित्र',
    none: 'अभी कोई चित्र नहीं है: उसकी जगह नाम के आद्याक्षर दिखते हैं।',
    upload: 'चित्र अपलोड करें',
    replace: 'चित्र बदलें',
    remove: 'चित्र हटाएँ',
    help: 'PNG, JPEG या WebP, अधिकतम 5 MB। बड़े चित्र 256 पिक्सेल तक छोटे किए जाते हैं।',
    tooLarge: 'यह फ़ाइल 5 MB से बड़ी है। कोई छोटा चित्र चुनें।',
    uploaded: 'चित्र सहेजा गया।',
    removed: 'चित्र हटाया गया।',
    dialogTitle: 'आपका प्रोफ़ाइल चित्र',
    onlyHere: 'इसे केवल इस वर्कस्पेस के लोग देखते हैं।',
  },
  logo: {
    upload: 'लोगो अपलोड करें',
    replace: 'लोगो बदलें',
    remove: 'लोगो हटाएँ',
    help: 'PNG, JPEG या WebP, 2 MB तक। बड़ी तस्वीरें 512 पिक्सेल तक छोटी कर दी जाती हैं।',
    tooLarge: 'यह फ़ाइल 2 MB से बड़ी है। कोई छोटी तस्वीर चुनें।',
    failed: 'लोगो बदला नहीं जा सका। फिर से कोशिश करें।',
  },
};

export default hi;
