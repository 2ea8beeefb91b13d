import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Telugu (తెలుగు) texts of the scorm namespace. */
const te: TTranslation<typeof en> = {
  scorm: {
    import: {
      pageTitle: 'SCORM ప్యాకేజీని దిగుమతి చేయండి',
      heading: 'SCORM ప్యాకేజీని దిగుమతి చేయండి',
      introCourse: 'SCORM 1.2 లేదా 2004 ప్యాకేజీ (.zip ఫైల్) అప్‌లోడ్ చేయండి. ప్యాకేజీ మొదటి అంశంగా కొత్త కోర్సు తయారవుతుంది.',
      introItem: 'SCORM 1.2 లేదా 2004 ప్యాకేజీ (.zip ఫైల్) అప్‌లోడ్ చేయండి. ఇది ఈ కోర్సు డ్రాఫ్ట్ చివర జోడించబడుతుంది.',
      fileLabel: 'ప్యాకేజీ ఫైల్',
      fileHint: 'గరిష్ఠంగా 200 MB ఉన్న .zip ఫైల్, దాని మూలంలో imsmanifest.xml ఉండాలి.',
      tooLarge: 'ఫైల్ 200 MB కంటే పెద్దది.',
      submit: 'దిగుమతి చేయండి',
      uploading: 'అప్‌లోడ్ అవుతోంది… {{percent}}%',
      checking: 'ప్యాకేజీని తనిఖీ చేస్తున్నాం…',
      failed: 'ప్యాకేజీని దిగుమతి చేయలేకపోయాం.',
      refusedTitle: 'దిగుమతి కాలేదు',
    },
    package: {
      pageTitle: 'SCORM ప్యాకేజీ',
      loading: 'ప్యాకేజీ లోడ్ అవుతోంది',
      processing: 'ప్యాకేజీని తెరుస్తున్నాం… ఈ పేజీ తనంతట తానే నవీకరించబడుతుంది.',
      failedTitle: 'ప్యాకేజీని ఉపయోగించలేకపోయాం',
      failed: 'ప్యాకేజీని తెరవలేకపోయాం.',
      summary: 'ప్యాకేజీ',
      standard: 'ప్రమాణం',
      file: 'ఫైల్',
      files: 'ఫైళ్లు',
      size: 'తెరిచాక {{size}} MB',
      scos: 'పాఠాలు (SCO)',
      mastery: 'ఉత్తీర్ణ మార్కు {{score}}',
      noItem: 'ఈ కోర్సులో అలాంటి SCORM అంశం లేదు.',
      play: 'ప్లే చేయండి',
      previewNote: 'ముందస్తు వీక్షణ: ఏదీ నమోదు కాదు. ప్యాకేజీ పంపిన చివరి ఫలితం క్రింద కనిపిస్తుంది.',
    },
    status: {
      PROCESSING: 'ప్రాసెస్ అవుతోంది',
      READY: 'సిద్ధం',
      FAILED: 'విఫలమైంది',
    },
    standard: {
      SCORM_12: 'SCORM 1.2',
      SCORM_2004: 'SCORM 2004',
    },
    player: {
      loading: 'ప్లేయర్ తెరుచుకుంటోంది…',
      failed: 'ప్లేయర్‌ను తెరవలేకపోయాం',
      resultHeading: 'ప్యాకేజీ తెలిపింది',
      status: 'స్థితి',
      score: 'స్కోరు',
      suspendData: 'సేవ్ చేసిన పురోగతి',
      noCommit: 'ఇంకా ఏమీ తెలపలేదు.',
    },
  },
};

export default te;
