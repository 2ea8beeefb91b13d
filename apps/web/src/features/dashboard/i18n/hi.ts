import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Hindi texts (हिन्दी) of the dashboard namespace. */
const hi: TTranslation<typeof en> = {
  dashboard: {
    pageTitle: 'डैशबोर्ड',
    heading: 'स्वागत है, {{name}}',
    accountHeading: 'आपका खाता',
    signedInAs: 'साइन इन खाता',
    role: 'भूमिका',
    workspace: 'वर्कस्पेस',
    businessUnit: 'बिज़नेस यूनिट',
    department: 'विभाग',
    platformConsole: 'प्लेटफ़ॉर्म कंसोल',
    emptyHeading: 'अभी आपको कुछ नहीं सौंपा गया है',
    emptyBody: 'जैसे ही आपका संगठन आपके साथ कोर्स, नीतियाँ और शिकायतें साझा करेगा, वे यहाँ दिखाई देंगी।',
    operatorBody: 'आप प्लेटफ़ॉर्म कंसोल में साइन इन हैं। प्लेटफ़ॉर्म सँभालने के लिए नेविगेशन का उपयोग करें।',
  },
  emailNotice: {
    title: 'अपने ईमेल पते की पुष्टि करें',
    body: 'हमने {{email}} पर एक लिंक भेजा है। यह पता आपका है, इसकी पुष्टि के लिए उसे खोलें। ईमेल नहीं मिला? स्पैम फ़ोल्डर देखें, या नया लिंक भेजें।',
    resend: 'नया लिंक भेजें',
    resent: 'अगर {{email}} के किसी खाते की पुष्टि बाकी है, तो हमने उस पर नया लिंक भेजा है। पहले के लिंक अब काम नहीं करेंगे।',
  },
};

export default hi;
