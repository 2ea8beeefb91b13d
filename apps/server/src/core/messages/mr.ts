import type { MessageCatalogue } from './catalogue.ts';

/** Marathi. To be reviewed by a native speaker (docs/languages.md). */
const mr: MessageCatalogue = {
  signInCode: ({ company, code, minutes }) => ({
    subject: `तुमचा ${company} साइन-इन कोड: ${code}`,
    blocks: [
      'तुमचा साइन-इन कोड आहे',
      { code },
      `हा कोड फक्त एकदाच, ${minutes} मिनिटांसाठी चालेल. तुम्ही हा कोड मागितला नसेल, तर या संदेशाकडे दुर्लक्ष करा: कोडशिवाय कोणीही साइन इन करू शकत नाही.`,
    ],
  }),
  signInCodeSms: ({ company, code, minutes }) =>
    `${code} हा तुमचा ${company} साइन-इन कोड आहे. तो ${minutes} मिनिटांत कालबाह्य होईल. तो कोणालाही सांगू नका.`,
  resetCodeSms: ({ company, code, minutes }) =>
    `${code} हा तुमचा ${company} पासवर्ड रीसेट करण्याचा कोड आहे. तो ${minutes} मिनिटांत कालबाह्य होईल. तो कोणालाही सांगू नका.`,
  resetCode: ({ company, code, minutes }) => ({
    subject: `तुमचा ${company} पासवर्ड रीसेट करा`,
    blocks: [
      'तुमचा पासवर्ड रीसेट कोड आहे',
      { code },
      `तो ${minutes} मिनिटांच्या आत पासवर्ड रीसेट पानावर टाका. रीसेट केल्यावर तुम्ही सर्व ठिकाणांहून साइन आउट व्हाल. तुम्ही ही विनंती केली नसेल, तर या संदेशाकडे दुर्लक्ष करा: तुमचा पासवर्ड बदलणार नाही.`,
    ],
  }),
  confirmEmail: ({ company, link }) => ({
    subject: `${company} साठी तुमच्या ईमेल पत्त्याची पुष्टी करा`,
    blocks: [
      'ही लिंक उघडून तुमच्या ईमेल पत्त्याची पुष्टी करा:',
      { link, label: 'माझ्या ईमेल पत्त्याची पुष्टी करा' },
      'ही लिंक फक्त एकदाच, 48 तासांसाठी चालेल. तुम्ही खाते तयार केले नसेल, तर या संदेशाकडे दुर्लक्ष करा.',
    ],
  }),
  renewalRequest: ({ company, invitee, link }) => ({
    subject: `${invitee} यांनी ${company} साठी नवीन आमंत्रण मागितले आहे`,
    blocks: [
      `${invitee} यांनी कालबाह्य झालेल्या आमंत्रणाने ${company} मध्ये सामील होण्याचा प्रयत्न केला आणि नवीन आमंत्रण मागितले आहे.`,
      'प्रशासन पानांवरून नवीन आमंत्रण पाठवा:',
      { link, label: 'प्रशासन पाने उघडा' },
    ],
  }),
  areaOffers: {
    lms: 'प्रशिक्षणाचे कोर्स',
    concernedAuthority: 'छळाबद्दल कोणाशी संपर्क साधावा',
    cms: 'चिंता मांडण्याचा एक गोपनीय मार्ग',
    policies: 'धोरणे',
  },
  invitation: (offer) => ({
    subject: '{{companyName}} कडून तुम्हाला आमंत्रण',
    bodyText: `नमस्कार {{firstName}},\n\n{{companyName}} तुम्हाला त्यांच्या कार्यस्थळ अनुपालन प्लॅटफॉर्मवर आमंत्रित करत आहे${offer ? `: ${offer}` : ''}.\n\nतुमचे खाते येथे तयार करा:\n{{link}}\n\nही लिंक {{expiresAt}} पर्यंत चालेल.`,
  }),
  nobody: '',
  invitationSms: ({ company, link }) => `${company} तुम्हाला सामील होण्यासाठी आमंत्रित करत आहे. तुमचे खाते तयार करा: ${link}`,
  accountCreated: ({ company, firstName, link, email, offer }) => ({
    subject: `${company} मध्ये तुमच्यासाठी खाते तयार केले आहे`,
    blocks: [
      `नमस्कार${firstName ? ` ${firstName}` : ''},`,
      `${company} च्या कार्यस्थळ अनुपालन प्लॅटफॉर्मवर तुमच्यासाठी खाते तयार केले आहे${offer ? `: ${offer}` : ''}.`,
      `या पत्त्याने (${email}) साइन इन करा. आम्ही तुम्हाला साइन-इन कोड पाठवू; पहिल्यांदा साइन इन केल्यावर तुम्ही तुमचा स्वतःचा पासवर्ड निवडाल.`,
      { link, label: 'साइन इन करा' },
    ],
  }),
  accountCreatedSms: ({ company, link }) =>
    `${company} मध्ये तुमच्यासाठी खाते तयार केले आहे. या फोन नंबरने ${link} येथे साइन इन करा.`,
  alreadyMember: ({ company, link }) => ({
    subject: `${company} मध्ये तुमचे खाते आधीच आहे`,
    blocks: [
      `कोणीतरी, बहुधा तुम्ही, या ईमेल पत्त्याने ${company} मध्ये खाते तयार करण्यास सांगितले. तुमचे खाते आधीच आहे: त्याऐवजी साइन इन करा.`,
      { link, label: 'साइन इन करा' },
      'तुम्ही हे मागितले नसेल, तर या संदेशाकडे दुर्लक्ष करा: काहीही बदललेले नाही.',
    ],
  }),
  committeeTermsEnding: ({ company, firstName, committee, members, daysBefore, link }) => ({
    subject: `${company}: समिती सदस्यांचा कार्यकाळ ${daysBefore} दिवसांत संपतो (${committee})`,
    blocks: [
      `नमस्कार ${firstName || ''},`.replace(' ,', ','),
      `${committee} मधील या सदस्यांचा कार्यकाळ ${daysBefore} दिवसांच्या आत संपतो:`,
      members.join('\n'),
      'तक्रारी स्वीकारण्यासाठी नेहमी कोणीतरी उपलब्ध असावे म्हणून शेवटच्या दिवसापूर्वी सदस्यांची नियुक्ती किंवा पुनर्नियुक्ती करा.',
      { link, label: 'समिती नोंदवही उघडा' },
    ],
  }),
  caseNews: ({ company, firstName, reference, kind, link }) => ({
    subject: `${company}: प्रकरण ${reference} वर नवी माहिती आहे`,
    blocks: [
      `नमस्कार${firstName ? ` ${firstName}` : ''},`,
      {
        FILED: `नवे प्रकरण ${reference} तुमच्या समितीकडे सोपवले आहे.`,
        NEWS: `प्रकरण ${reference} मध्ये वाचण्यासाठी काही नवे आहे.`,
        DEADLINE: `प्रकरण ${reference} मधील एका टप्प्याची मुदत लवकरच आहे.`,
        ESCALATION: `प्रकरण ${reference} मधील एका टप्प्याची मुदत उलटली आहे.`,
        STATUS: `प्रकरण ${reference} वरील तुमची मासिक स्थिती माहिती: पाहण्यासाठी साइन इन करा.`,
        MEETING: `प्रकरण ${reference} वरील बैठकीसाठी तुम्हाला आमंत्रित केले आहे. कॅलेंडर फाइल जोडली आहे.`,
        MEETING_REMINDER: `आठवण: प्रकरण ${reference} वरील तुमची बैठक उद्या आहे. केव्हा आणि कुठे ते पाहण्यासाठी साइन इन करा.`,
        ACCESS: `प्रकरण ${reference} च्या एका भागाचा प्रवेश तुम्हाला दिला आहे.`,
      }[kind],
      'तुमच्या गोपनीयतेसाठी हा संदेश यापेक्षा अधिक काही सांगत नाही. वाचण्यासाठी साइन इन करा.',
      { link, label: 'प्रकरण उघडा' },
    ],
  }),
};
export default mr;
