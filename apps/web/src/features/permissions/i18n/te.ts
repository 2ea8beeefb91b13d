import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Telugu texts (తెలుగు) of the permissions namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const te: TTranslation<typeof en> = {
  permissions: {
    pageTitle: 'అనుమతులు',
    heading: 'పాత్రలు మరియు అనుమతులు',
    intro:
      'ఈ వర్క్‌స్పేస్‌లో ప్రతి పాత్ర ఏమి చేయవచ్చో ఎంచుకోండి. మీరు సేవ్ చేసే వరకు ఏదీ మారదు; తర్వాత మార్పు ఆ పాత్ర ఉన్న అందరికీ వారి తదుపరి క్లిక్ నుండి వర్తిస్తుంది.',
    permission: 'అనుమతి',
    cellLabel: '{{role}} కు {{permission}}',
    locked: 'మార్చలేరు',
    lockedWhy: 'ఎవరూ వర్క్‌స్పేస్ నుండి లాక్ అవుట్ కాకుండా, వర్క్‌స్పేస్ అడ్మిన్‌లు దీన్ని ఎల్లప్పుడూ కలిగి ఉంటారు.',
    lockedNote: 'ఆఫ్ చేయలేని స్విచ్‌లు వర్క్‌స్పేస్ అడ్మిన్‌లవి, ఎవరూ వర్క్‌స్పేస్ నుండి లాక్ అవుట్ కాకుండా.',
    save_one: '{{count}} మార్పును సేవ్ చేయండి',
    save_other: '{{count}} మార్పులను సేవ్ చేయండి',
    saveNone: 'సేవ్ చేయండి',
    discard: 'మార్పులను రద్దు చేయండి',
    saved_one: '{{count}} మార్పు సేవ్ అయింది.',
    saved_other: '{{count}} మార్పులు సేవ్ అయ్యాయి.',
    changed: 'మార్చబడింది, ఇంకా సేవ్ కాలేదు',
    unsaved_one: '{{count}} మార్పు ఇంకా సేవ్ కాలేదు.',
    unsaved_other: '{{count}} మార్పులు ఇంకా సేవ్ కాలేదు.',
    failed: 'సేవ్ కాలేదు: {{message}}',
    loadError: 'అనుమతులను లోడ్ చేయలేకపోయాము.',
    labels: {
      dashboard_view: 'డాష్‌బోర్డ్ చూడటం',
      learning_view: 'కోర్సులు చేయడం',
      policies_view: 'విధానాలను చదివి అంగీకరించడం',
      complaints_file: 'ఫిర్యాదులు చేయడం',
      users_manage: 'వినియోగదారులను నిర్వహించడం',
      branches_manage: 'బిజినెస్ యూనిట్‌లను నిర్వహించడం',
      departments_manage: 'విభాగాలను నిర్వహించడం',
      invites_manage: 'సిబ్బందిని ఆహ్వానించడం',
      permissions_manage: 'ఈ అనుమతులను మార్చడం',
      courses_manage: 'కోర్సులను నిర్వహించడం',
      courses_assign: 'కోర్సులను కేటాయించి అభ్యాసకులను పర్యవేక్షించడం',
      policies_manage: 'విధానాలను నిర్వహించడం',
      compliance_manage: 'కంప్లయన్స్ రిజిస్టర్ నిర్వహించడం',
      complaints_manage: 'ఫిర్యాదుల సంఖ్య మరియు స్థితి చూడటం',
      workflows_manage: 'ఫిర్యాదు ప్రక్రియలను రూపొందించడం',
      reports_view: 'నివేదికలు చూడటం',
      audit_view: 'ఆడిట్ లాగ్ చదవడం',
      settings_manage: 'వర్క్‌స్పేస్ సెట్టింగ్‌లు మరియు బ్రాండింగ్ మార్చడం',
    },
    help: {
      courses_assign: 'బిజినెస్ యూనిట్ అడ్మిన్‌లు: తమ బిజినెస్ యూనిట్‌లోని వ్యక్తులు మాత్రమే.',
      audit_view: 'వర్క్‌స్పేస్ అడ్మిన్‌లు, యజమానులు మాత్రమే: లాగ్ ప్రతి బిజినెస్ యూనిట్‌నూ కవర్ చేస్తుంది.',
      users_manage: 'బిజినెస్ యూనిట్ అడ్మిన్‌లు: వారి స్వంత యూనిట్ ఉద్యోగులను మాత్రమే.',
      complaints_manage: 'కేసు వివరాలు కేటాయించిన కమిటీ సభ్యులకు మాత్రమే కనిపిస్తాయి.',
      workflows_manage: 'ఫిర్యాదులు అనుసరించే ఫారం మరియు దశలు; ఏ కేసుకూ ప్రవేశం ఇవ్వదు.',
    },
  },
};

export default te;
