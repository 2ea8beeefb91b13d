import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Marathi (मराठी) texts of the scorm namespace. */
const mr: TTranslation<typeof en> = {
  scorm: {
    import: {
      pageTitle: 'SCORM पॅकेज आयात करा',
      heading: 'SCORM पॅकेज आयात करा',
      introCourse: 'SCORM 1.2 किंवा 2004 पॅकेज (.zip फाइल) अपलोड करा. पॅकेज पहिला घटक असलेला नवा कोर्स तयार होईल.',
      introItem: 'SCORM 1.2 किंवा 2004 पॅकेज (.zip फाइल) अपलोड करा. ते या कोर्सच्या मसुद्याच्या शेवटी जोडले जाईल.',
      fileLabel: 'पॅकेज फाइल',
      fileHint: 'जास्तीत जास्त 200 MB ची .zip फाइल, जिच्या मुळाशी imsmanifest.xml असावी.',
      tooLarge: 'फाइल 200 MB पेक्षा मोठी आहे.',
      submit: 'आयात करा',
      uploading: 'अपलोड होत आहे… {{percent}}%',
      checking: 'पॅकेज तपासले जात आहे…',
      failed: 'पॅकेज आयात करता आले नाही.',
      refusedTitle: 'आयात झाले नाही',
    },
    package: {
      pageTitle: 'SCORM पॅकेज',
      loading: 'पॅकेज लोड होत आहे',
      processing: 'पॅकेज उघडले जात आहे… हे पान आपोआप अद्ययावत होईल.',
      failedTitle: 'पॅकेज वापरता आले नाही',
      failed: 'पॅकेज उघडता आले नाही.',
      summary: 'पॅकेज',
      standard: 'मानक',
      file: 'फाइल',
      files: 'फाइल्स',
      size: 'उघडल्यावर {{size}} MB',
      scos: 'धडे (SCO)',
      mastery: 'उत्तीर्ण गुण {{score}}',
      noItem: 'या कोर्समध्ये असा SCORM घटक नाही.',
      play: 'चालवा',
      previewNote: 'पूर्वावलोकन: काहीही नोंदवले जात नाही. पॅकेजने पाठवलेला शेवटचा निकाल खाली दिसतो.',
    },
    status: {
      PROCESSING: 'प्रक्रिया सुरू',
      READY: 'तयार',
      FAILED: 'अयशस्वी',
    },
    standard: {
      SCORM_12: 'SCORM 1.2',
      SCORM_2004: 'SCORM 2004',
    },
    player: {
      loading: 'प्लेअर उघडत आहे…',
      failed: 'प्लेअर उघडता आला नाही',
      resultHeading: 'पॅकेजने कळवले',
      status: 'स्थिती',
      score: 'गुण',
      suspendData: 'जतन केलेली प्रगती',
      noCommit: 'अजून काहीही कळवलेले नाही.',
    },
  },
};

export default mr;
