import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Hindi (हिन्दी) texts of the scorm namespace. */
const hi: TTranslation<typeof en> = {
  scorm: {
    import: {
      pageTitle: 'SCORM पैकेज आयात करें',
      heading: 'SCORM पैकेज आयात करें',
      introCourse: 'SCORM 1.2 या 2004 पैकेज (.zip फ़ाइल) अपलोड करें। पैकेज को पहले आइटम के रूप में लेकर एक नया कोर्स बनाया जाएगा।',
      introItem: 'SCORM 1.2 या 2004 पैकेज (.zip फ़ाइल) अपलोड करें। इसे इस कोर्स के ड्राफ़्ट के अंत में जोड़ा जाएगा।',
      fileLabel: 'पैकेज फ़ाइल',
      fileHint: 'अधिकतम 200 MB की .zip फ़ाइल, जिसके मूल में imsmanifest.xml हो।',
      tooLarge: 'फ़ाइल 200 MB से बड़ी है।',
      submit: 'आयात करें',
      uploading: 'अपलोड हो रहा है… {{percent}}%',
      checking: 'पैकेज की जाँच हो रही है…',
      failed: 'पैकेज आयात नहीं हो सका।',
      refusedTitle: 'आयात नहीं हुआ',
    },
    package: {
      pageTitle: 'SCORM पैकेज',
      loading: 'पैकेज लोड हो रहा है',
      processing: 'पैकेज खोला जा रहा है… यह पेज अपने-आप अपडेट होगा।',
      failedTitle: 'पैकेज इस्तेमाल नहीं हो सका',
      failed: 'पैकेज खोला नहीं जा सका।',
      summary: 'पैकेज',
      standard: 'मानक',
      file: 'फ़ाइल',
      files: 'फ़ाइलें',
      size: 'खुलने पर {{size}} MB',
      scos: 'पाठ (SCO)',
      mastery: 'उत्तीर्ण अंक {{score}}',
      noItem: 'इस कोर्स में ऐसा कोई SCORM आइटम नहीं है।',
      play: 'चलाएँ',
      previewNote: 'पूर्वावलोकन: कुछ भी दर्ज नहीं होता। पैकेज का भेजा अंतिम परिणाम नीचे दिखता है।',
    },
    status: {
      PROCESSING: 'प्रोसेस हो रहा है',
      READY: 'तैयार',
      FAILED: 'विफल',
    },
    standard: {
      SCORM_12: 'SCORM 1.2',
      SCORM_2004: 'SCORM 2004',
    },
    player: {
      loading: 'प्लेयर खुल रहा है…',
      failed: 'प्लेयर खोला नहीं जा सका',
      resultHeading: 'पैकेज ने बताया',
      status: 'स्थिति',
      score: 'अंक',
      suspendData: 'सहेजी गई प्रगति',
      noCommit: 'अभी तक कुछ नहीं बताया गया।',
    },
  },
};

export default hi;
