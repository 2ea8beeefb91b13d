import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Hindi texts (हिन्दी) of the permissions namespace. */
const hi: TTranslation<typeof en> = {
  permissions: {
    pageTitle: 'अनुमतियाँ',
    heading: 'भूमिकाएँ और अनुमतियाँ',
    intro:
      'चुनें कि इस वर्कस्पेस में हर भूमिका क्या कर सकती है। सहेजने तक कुछ नहीं बदलता; फिर बदलाव उस भूमिका वाले सभी लोगों पर उनके अगले क्लिक से लागू होता है।',
    permission: 'अनुमति',
    cellLabel: '{{role}} के लिए {{permission}}',
    locked: 'बदला नहीं जा सकता',
    lockedWhy: 'वर्कस्पेस एडमिन के पास यह हमेशा रहता है, ताकि कोई वर्कस्पेस से बाहर न हो जाए।',
    lockedNote: 'जो स्विच बंद नहीं किए जा सकते वे वर्कस्पेस एडमिन के हैं, ताकि कोई वर्कस्पेस से बाहर न हो जाए।',
    save_one: '{{count}} बदलाव सहेजें',
    save_other: '{{count}} बदलाव सहेजें',
    saveNone: 'सहेजें',
    discard: 'बदलाव वापस लें',
    saved_one: '{{count}} बदलाव सहेजा गया।',
    saved_other: '{{count}} बदलाव सहेजे गए।',
    changed: 'बदला गया, अभी सहेजा नहीं गया',
    unsaved_one: '{{count}} बदलाव अभी सहेजा नहीं गया है।',
    unsaved_other: '{{count}} बदलाव अभी सहेजे नहीं गए हैं।',
    failed: 'सहेजा नहीं गया: {{message}}',
    loadError: 'अनुमतियाँ लोड नहीं हो सकीं।',
    labels: {
      dashboard_view: 'डैशबोर्ड देखें',
      learning_view: 'कोर्स करें',
      policies_view: 'नीतियाँ पढ़ें और स्वीकारें',
      complaints_file: 'शिकायत दर्ज करें',
      users_manage: 'उपयोगकर्ता प्रबंधित करें',
      branches_manage: 'बिज़नेस यूनिट प्रबंधित करें',
      departments_manage: 'विभाग प्रबंधित करें',
      invites_manage: 'लोगों को आमंत्रित करें',
      permissions_manage: 'ये अनुमतियाँ बदलें',
      courses_manage: 'कोर्स प्रबंधित करें',
      courses_assign: 'कोर्स सौंपें और शिक्षार्थियों की प्रगति देखें',
      policies_manage: 'नीतियाँ प्रबंधित करें',
      compliance_manage: 'अनुपालन रजिस्टर रखें',
      complaints_manage: 'शिकायतों की संख्या और स्थिति देखें',
      workflows_manage: 'शिकायत प्रक्रियाएँ बनाएँ',
      reports_view: 'रिपोर्ट देखें',
      audit_view: 'ऑडिट लॉग पढ़ें',
      settings_manage: 'वर्कस्पेस सेटिंग और ब्रांडिंग बदलें',
    },
    help: {
      courses_assign: 'बिज़नेस यूनिट एडमिन: केवल अपनी बिज़नेस यूनिट के लोग।',
      audit_view: 'केवल वर्कस्पेस एडमिन और नियोक्ता: लॉग में हर बिज़नेस यूनिट शामिल है।',
      users_manage: 'बिज़नेस यूनिट एडमिन: केवल अपनी यूनिट के कर्मचारी।',
      complaints_manage: 'मामले की सामग्री केवल नियुक्त समिति सदस्यों को दिखती है।',
      workflows_manage: 'शिकायतों का फ़ॉर्म और चरण; किसी मामले तक पहुँच नहीं देता।',
    },
  },
};

export default hi;
