import type { MessageCatalogue } from './catalogue.ts';

/** Telugu. To be reviewed by a native speaker (docs/languages.md). */
const te: MessageCatalogue = {
  signInCode: ({ company, code, minutes }) => ({
    subject: `మీ ${company} సైన్-ఇన్ కోడ్: ${code}`,
    blocks: [
      'మీ సైన్-ఇన్ కోడ్',
      { code },
      `ఈ కోడ్ ఒక్కసారి మాత్రమే, ${minutes} నిమిషాల పాటు పనిచేస్తుంది. మీరు దీన్ని అడగకపోతే, ఈ సందేశాన్ని పట్టించుకోకండి: కోడ్ లేకుండా ఎవరూ సైన్ ఇన్ చేయలేరు.`,
    ],
  }),
  signInCodeSms: ({ company, code, minutes }) =>
    `${code} మీ ${company} సైన్-ఇన్ కోడ్. ఇది ${minutes} నిమిషాల్లో గడువు ముగుస్తుంది. దీన్ని ఎవరితోనూ పంచుకోకండి.`,
  resetCodeSms: ({ company, code, minutes }) =>
    `${code} మీ ${company} పాస్‌వర్డ్ రీసెట్ కోడ్. ఇది ${minutes} నిమిషాల్లో గడువు ముగుస్తుంది. దీన్ని ఎవరితోనూ పంచుకోకండి.`,
  resetCode: ({ company, code, minutes }) => ({
    subject: `మీ ${company} పాస్‌వర్డ్‌ను రీసెట్ చేయండి`,
    blocks: [
      'మీ పాస్‌వర్డ్ రీసెట్ కోడ్',
      { code },
      `దీన్ని ${minutes} నిమిషాల్లోపు పాస్‌వర్డ్ రీసెట్ పేజీలో నమోదు చేయండి. రీసెట్ చేస్తే మీరు అన్ని చోట్ల నుండి సైన్ అవుట్ అవుతారు. మీరు దీన్ని అడగకపోతే, ఈ సందేశాన్ని పట్టించుకోకండి: మీ పాస్‌వర్డ్ మారదు.`,
    ],
  }),
  confirmEmail: ({ company, link }) => ({
    subject: `${company} కోసం మీ ఇమెయిల్ చిరునామాను నిర్ధారించండి`,
    blocks: [
      'ఈ లింక్‌ను తెరిచి మీ ఇమెయిల్ చిరునామాను నిర్ధారించండి:',
      { link, label: 'నా ఇమెయిల్ చిరునామాను నిర్ధారించండి' },
      'ఈ లింక్ ఒక్కసారి మాత్రమే, 48 గంటల పాటు పనిచేస్తుంది. మీరు ఖాతాను సృష్టించకపోతే, ఈ సందేశాన్ని పట్టించుకోకండి.',
    ],
  }),
  renewalRequest: ({ company, invitee, link }) => ({
    subject: `${invitee} ${company} కోసం కొత్త ఆహ్వానం అడుగుతున్నారు`,
    blocks: [
      `${invitee} గడువు ముగిసిన ఆహ్వానంతో ${company}లో చేరడానికి ప్రయత్నించారు, కొత్త ఆహ్వానం అడుగుతున్నారు.`,
      'నిర్వహణ పేజీల నుండి కొత్త ఆహ్వానం పంపండి:',
      { link, label: 'నిర్వహణ పేజీలను తెరవండి' },
    ],
  }),
  areaOffers: {
    lms: 'శిక్షణ కోర్సులు',
    concernedAuthority: 'వేధింపుల గురించి ఎవరిని సంప్రదించాలి',
    cms: 'సమస్యలను గోప్యంగా తెలియజేసే ఒక మార్గం',
    policies: 'విధానాలు',
  },
  invitation: (offer) => ({
    subject: '{{companyName}} మిమ్మల్ని ఆహ్వానిస్తోంది',
    bodyText: `నమస్కారం {{firstName}},\n\n{{companyName}} తమ కార్యాలయ నిబంధనల పాటింపు వేదికకు మిమ్మల్ని ఆహ్వానిస్తోంది${offer ? `: ${offer}` : ''}.\n\nమీ ఖాతాను ఇక్కడ సృష్టించండి:\n{{link}}\n\nఈ లింక్ {{expiresAt}} వరకు పనిచేస్తుంది.`,
  }),
  nobody: '',
  invitationSms: ({ company, link }) => `${company} మిమ్మల్ని చేరమని ఆహ్వానిస్తోంది. మీ ఖాతాను సృష్టించండి: ${link}`,
  accountCreated: ({ company, firstName, link, email, offer }) => ({
    subject: `${company}లో మీ కోసం ఒక ఖాతా సృష్టించబడింది`,
    blocks: [
      `నమస్కారం${firstName ? ` ${firstName}` : ''},`,
      `${company} కార్యాలయ నిబంధనల పాటింపు వేదికలో మీ కోసం ఒక ఖాతా సృష్టించబడింది${offer ? `: ${offer}` : ''}.`,
      `ఈ చిరునామాతో (${email}) సైన్ ఇన్ చేయండి. మేము మీకు సైన్-ఇన్ కోడ్ పంపుతాము; మొదటిసారి మీరు మీ స్వంత పాస్‌వర్డ్‌ను ఎంచుకుంటారు.`,
      { link, label: 'సైన్ ఇన్ చేయండి' },
    ],
  }),
  accountCreatedSms: ({ company, link }) => `${company}లో మీ కోసం ఒక ఖాతా సృష్టించబడింది. ఈ ఫోన్ నంబర్‌తో ${link}లో సైన్ ఇన్ చేయండి.`,
  alreadyMember: ({ company, link }) => ({
    subject: `${company}లో మీకు ఇప్పటికే ఖాతా ఉంది`,
    blocks: [
      `ఎవరో, బహుశా మీరే, ఈ ఇమెయిల్ చిరునామాతో ${company}లో ఖాతా సృష్టించమని అడిగారు. మీకు ఇప్పటికే ఖాతా ఉంది: బదులుగా సైన్ ఇన్ చేయండి.`,
      { link, label: 'సైన్ ఇన్ చేయండి' },
      'మీరు ఇది అడగకపోతే, ఈ సందేశాన్ని పట్టించుకోకండి: ఏమీ మారలేదు.',
    ],
  }),
  committeeTermsEnding: ({ company, firstName, committee, members, daysBefore, link }) => ({
    subject: `${company}: కమిటీ సభ్యుల పదవీకాలం ${daysBefore} రోజుల్లో ముగుస్తుంది (${committee})`,
    blocks: [
      `నమస్కారం ${firstName || ''},`.replace(' ,', ','),
      `${committee}లోని ఈ సభ్యుల పదవీకాలం ${daysBefore} రోజుల్లోపు ముగుస్తుంది:`,
      members.join('\n'),
      'ఫిర్యాదులు స్వీకరించడానికి ఎల్లప్పుడూ ఎవరైనా ఉండేలా, చివరి రోజుకు ముందే సభ్యులను నియమించండి లేదా తిరిగి నియమించండి.',
      { link, label: 'కమిటీ రిజిస్టర్‌ను తెరవండి' },
    ],
  }),
  caseNews: ({ company, firstName, reference, kind, link }) => ({
    subject: `${company}: కేసు ${reference} పై కొత్త సమాచారం ఉంది`,
    blocks: [
      `నమస్కారం${firstName ? ` ${firstName}` : ''},`,
      {
        FILED: `కొత్త కేసు ${reference} మీ కమిటీకి ఇవ్వబడింది.`,
        NEWS: `కేసు ${reference} లో చదవడానికి కొత్తది ఉంది.`,
        DEADLINE: `కేసు ${reference} లో ఒక దశ గడువు త్వరలో ఉంది.`,
        ESCALATION: `కేసు ${reference} లో ఒక దశ గడువు దాటింది.`,
        STATUS: `కేసు ${reference} పై మీ నెలవారీ స్థితి సమాచారం: చూడటానికి సైన్ ఇన్ చేయండి.`,
        MEETING: `కేసు ${reference} పై సమావేశానికి మిమ్మల్ని ఆహ్వానించారు. క్యాలెండర్ ఫైల్ జతచేయబడింది.`,
        MEETING_REMINDER: `గుర్తు: కేసు ${reference} పై మీ సమావేశం రేపు. ఎప్పుడు, ఎక్కడ అనేది చూడటానికి సైన్ ఇన్ చేయండి.`,
        ACCESS: `కేసు ${reference} లోని ఒక భాగానికి మీకు ప్రవేశం ఇవ్వబడింది.`,
      }[kind],
      'మీ గోప్యత కోసం ఈ సందేశం ఇంతకు మించి ఏమీ చెప్పదు. చదవడానికి సైన్ ఇన్ చేయండి.',
      { link, label: 'కేసును తెరవండి' },
    ],
  }),
};
export default te;
