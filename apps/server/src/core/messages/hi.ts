import type { MessageCatalogue } from './catalogue.ts';

/** Hindi. To be reviewed by a native speaker (docs/languages.md). */
const hi: MessageCatalogue = {
  signInCode: ({ company, code, minutes }) => ({
    subject: `${company} के लिए आपका साइन-इन कोड: ${code}`,
    blocks: [
      'आपका साइन-इन कोड है',
      { code },
      `यह कोड केवल एक बार, ${minutes} मिनट तक काम करेगा। अगर आपने यह कोड नहीं माँगा है, तो इस संदेश को अनदेखा करें: कोड के बिना कोई साइन इन नहीं कर सकता।`,
    ],
  }),
  signInCodeSms: ({ company, code, minutes }) =>
    `${code} ${company} के लिए आपका साइन-इन कोड है। यह ${minutes} मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`,
  resetCodeSms: ({ company, code, minutes }) =>
    `${code} आपका ${company} पासवर्ड रीसेट करने का कोड है। यह ${minutes} मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`,
  resetCode: ({ company, code, minutes }) => ({
    subject: `अपना ${company} पासवर्ड रीसेट करें`,
    blocks: [
      'आपका पासवर्ड रीसेट कोड है',
      { code },
      `इसे ${minutes} मिनट के भीतर पासवर्ड रीसेट पेज पर दर्ज करें। रीसेट करने पर आप हर जगह से साइन आउट हो जाएँगे। अगर आपने यह अनुरोध नहीं किया है, तो इस संदेश को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।`,
    ],
  }),
  confirmEmail: ({ company, link }) => ({
    subject: `${company} के लिए अपने ईमेल पते की पुष्टि करें`,
    blocks: [
      'यह लिंक खोलकर अपने ईमेल पते की पुष्टि करें:',
      { link, label: 'मेरे ईमेल पते की पुष्टि करें' },
      'यह लिंक केवल एक बार, 48 घंटे तक काम करेगा। अगर आपने खाता नहीं बनाया है, तो इस संदेश को अनदेखा करें।',
    ],
  }),
  renewalRequest: ({ company, invitee, link }) => ({
    subject: `${invitee} ने ${company} के लिए नया आमंत्रण माँगा है`,
    blocks: [
      `${invitee} ने ${company} से जुड़ने के लिए ऐसे आमंत्रण का उपयोग किया जिसकी अवधि समाप्त हो चुकी है, और नया आमंत्रण माँगा है।`,
      'प्रशासन पेजों से नया आमंत्रण भेजें:',
      { link, label: 'प्रशासन पेज खोलें' },
    ],
  }),
  areaOffers: {
    lms: 'प्रशिक्षण के कोर्स',
    concernedAuthority: 'उत्पीड़न के बारे में किससे संपर्क करें',
    cms: 'चिंताएँ उठाने का एक गोपनीय तरीका',
    policies: 'नीतियाँ',
  },
  invitation: (offer) => ({
    subject: '{{companyName}} की ओर से आपको आमंत्रण',
    bodyText: `नमस्ते {{firstName}},\n\n{{companyName}} आपको अपने कार्यस्थल अनुपालन प्लेटफ़ॉर्म पर आमंत्रित करता है${offer ? `: ${offer}` : ''}।\n\nअपना खाता यहाँ बनाएँ:\n{{link}}\n\nयह लिंक {{expiresAt}} तक काम करेगा।`,
  }),
  nobody: '',
  invitationSms: ({ company, link }) => `${company} आपको जुड़ने के लिए आमंत्रित करता है। अपना खाता बनाएँ: ${link}`,
  accountCreated: ({ company, firstName, link, email, offer }) => ({
    subject: `${company} में आपके लिए एक खाता बनाया गया है`,
    blocks: [
      `नमस्ते${firstName ? ` ${firstName}` : ''},`,
      `${company} के कार्यस्थल अनुपालन प्लेटफ़ॉर्म पर आपके लिए एक खाता बनाया गया है${offer ? `: ${offer}` : ''}।`,
      `इस पते (${email}) से साइन इन करें। हम आपको एक साइन-इन कोड भेजेंगे; पहली बार साइन इन करने पर आप अपना पासवर्ड चुनेंगे।`,
      { link, label: 'साइन इन करें' },
    ],
  }),
  accountCreatedSms: ({ company, link }) =>
    `${company} में आपके लिए एक खाता बनाया गया है। इस फ़ोन नंबर से ${link} पर साइन इन करें।`,
  alreadyMember: ({ company, link }) => ({
    subject: `${company} में आपका खाता पहले से है`,
    blocks: [
      `किसी ने, शायद आपने, इस ईमेल पते से ${company} में खाता बनाने को कहा। आपका खाता पहले से है: इसके बजाय साइन इन करें।`,
      { link, label: 'साइन इन करें' },
      'अगर आपने यह नहीं माँगा, तो इस संदेश को अनदेखा करें: कुछ नहीं बदला है।',
    ],
  }),
  committeeTermsEnding: ({ company, firstName, committee, members, daysBefore, link }) => ({
    subject: `${company}: समिति सदस्यों का कार्यकाल ${daysBefore} दिन में समाप्त (${committee})`,
    blocks: [
      `नमस्ते ${firstName || ''},`.replace(' ,', ','),
      `${committee} के इन सदस्यों का कार्यकाल ${daysBefore} दिन के भीतर समाप्त हो रहा है:`,
      members.join('\n'),
      'अंतिम दिन से पहले सदस्यों की नियुक्ति या पुनर्नियुक्ति करें, ताकि शिकायतें लेने के लिए हमेशा कोई मौजूद रहे।',
      { link, label: 'समिति रजिस्टर खोलें' },
    ],
  }),
  caseNews: ({ company, firstName, reference, kind, link }) => ({
    subject: `${company}: मामले ${reference} पर नई जानकारी है`,
    blocks: [
      `नमस्ते${firstName ? ` ${firstName}` : ''},`,
      {
        FILED: `एक नया मामला, ${reference}, आपकी समिति को सौंपा गया है।`,
        NEWS: `मामले ${reference} पर पढ़ने के लिए कुछ नया है।`,
        DEADLINE: `मामले ${reference} के एक चरण की समय-सीमा जल्द है।`,
        ESCALATION: `मामले ${reference} का एक चरण समय-सीमा पार कर चुका है।`,
        STATUS: `मामले ${reference} पर आपकी मासिक स्थिति सूचना: स्थिति देखने के लिए साइन इन करें।`,
        MEETING: `आपको मामले ${reference} की एक बैठक में आमंत्रित किया गया है। कैलेंडर फ़ाइल संलग्न है।`,
        MEETING_REMINDER: `याद दिलाना: मामले ${reference} की आपकी बैठक कल है। कब और कहाँ, यह देखने के लिए साइन इन करें।`,
        ACCESS: `आपको मामले ${reference} के एक भाग तक पहुँच दी गई है।`,
      }[kind],
      'आपकी गोपनीयता के लिए यह संदेश इससे अधिक कुछ नहीं कहता। पढ़ने के लिए साइन इन करें।',
      { link, label: 'मामला खोलें' },
    ],
  }),
  committeeNeedsMember: ({ company, firstName, committee, link }) => ({
    subject: `${company}: एक शिकायत समिति को एक सदस्य की आवश्यकता है`,
    blocks: [
      `नमस्ते${firstName ? ` ${firstName}` : ''},`,
      `${committee} अपने एक मामले के लिए कोरम पूरा नहीं कर सकती: उसमें भाग ले सकने वाले सदस्य बहुत कम हैं (POSH Rule 7(7): पीठासीन अधिकारी सहित तीन)। एक सदस्य नियुक्त करें, या समिति को मामला किसी अन्य समिति को स्थानांतरित करने दें (शिकायत नियोक्ता के विरुद्ध हो तो s.6(1) के अंतर्गत स्थानीय समिति)।`,
      'सभी संबंधित लोगों की गोपनीयता के लिए यह संदेश मामले के बारे में इससे अधिक कुछ नहीं कहता।',
      { link, label: 'समिति रजिस्टर खोलें' },
    ],
  }),
};
export default hi;
