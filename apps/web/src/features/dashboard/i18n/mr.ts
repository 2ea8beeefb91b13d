import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Marathi texts (मराठी) of the dashboard namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const mr: TTranslation<typeof en> = {
  dashboard: {
    pageTitle: 'डॅशबोर्ड',
    heading: 'स्वागत आहे, {{name}}',
    accountHeading: 'तुमचे खाते',
    signedInAs: 'साइन इन केलेले',
    role: 'भूमिका',
    workspace: 'वर्कस्पेस',
    businessUnit: 'बिझनेस युनिट',
    department: 'विभाग',
    platformConsole: 'प्लॅटफॉर्म कन्सोल',
    emptyHeading: 'अजून तुम्हाला काहीही नेमून दिलेले नाही',
    emptyBody: 'तुमची संस्था तुमच्यासोबत शेअर करताच तुमचे कोर्स, धोरणे आणि तक्रारी येथे दिसतील.',
    operatorBody: 'तुम्ही प्लॅटफॉर्म कन्सोलमध्ये साइन इन केले आहे. प्लॅटफॉर्म व्यवस्थापित करण्यासाठी नेव्हिगेशन वापरा.',
  },
  emailNotice: {
    title: 'तुमच्या ईमेल पत्त्याची पुष्टी करा',
    body: 'आम्ही {{email}} वर एक लिंक पाठवली आहे. हा पत्ता तुमचाच आहे याची पुष्टी करण्यासाठी ती उघडा. ईमेल आला नाही? तुमचे स्पॅम फोल्डर तपासा, किंवा नवीन लिंक पाठवा.',
    resend: 'नवीन लिंक पाठवा',
    resent: '{{email}} चे पुष्टी बाकी असलेले खाते असल्यास, आम्ही त्यावर नवीन लिंक पाठवली आहे. आधीच्या लिंक आता चालणार नाहीत.',
  },
};

export default mr;
