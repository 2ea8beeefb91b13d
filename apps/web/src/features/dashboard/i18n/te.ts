import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Telugu texts (తెలుగు) of the dashboard namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const te: TTranslation<typeof en> = {
  dashboard: {
    pageTitle: 'డాష్‌బోర్డ్',
    heading: 'స్వాగతం, {{name}}',
    accountHeading: 'మీ ఖాతా',
    signedInAs: 'సైన్ ఇన్ అయినవారు',
    role: 'పాత్ర',
    workspace: 'వర్క్‌స్పేస్',
    businessUnit: 'బిజినెస్ యూనిట్',
    department: 'విభాగం',
    platformConsole: 'ప్లాట్‌ఫామ్ కన్సోల్',
    emptyHeading: 'మీకు ఇంకా ఏదీ కేటాయించబడలేదు',
    emptyBody: 'మీ సంస్థ మీతో పంచుకోగానే మీ కోర్సులు, విధానాలు మరియు ఫిర్యాదులు ఇక్కడ కనిపిస్తాయి.',
    operatorBody: 'మీరు ప్లాట్‌ఫామ్ కన్సోల్‌కు సైన్ ఇన్ అయ్యారు. ప్లాట్‌ఫామ్‌ను నిర్వహించడానికి నావిగేషన్‌ను ఉపయోగించండి.',
  },
  emailNotice: {
    title: 'మీ ఇమెయిల్ చిరునామాను ధృవీకరించండి',
    body: 'మేము {{email}} కు ఒక లింక్ పంపాము. ఆ చిరునామా మీదేనని ధృవీకరించడానికి దాన్ని తెరవండి. ఇమెయిల్ రాలేదా? మీ స్పామ్ ఫోల్డర్ చూడండి, లేదా కొత్త లింక్ పంపండి.',
    resend: 'కొత్త లింక్ పంపండి',
    resent: '{{email}} కు ఇంకా ధృవీకరించాల్సిన ఖాతా ఉంటే, మేము దానికి కొత్త లింక్ పంపాము. పాత లింక్‌లు ఇకపై పనిచేయవు.',
  },
};

export default te;
