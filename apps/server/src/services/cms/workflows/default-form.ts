import type { TAttributeType, TCmsText, TLanguage, TWorkflowDefinition } from '@app/contract';

/*
 * A workflow started from scratch (issue 25): the spec's default complaint form (§3) — complainant,
 * respondent and incident fields, keys fixed, the four the spec makes mandatory locked — and one
 * empty stage "Inquiry". Labels in every language the product speaks; a workflow keeps those its
 * workspace offers.
 */

type Texts = Record<TLanguage, string>;

const T = {
  COMPLAINANT: {
    en: 'Complainant',
    hi: 'शिकायतकर्ता',
    kn: 'ದೂರುದಾರರು',
    te: 'ఫిర్యాదుదారు',
    ta: 'புகார்தாரர்',
    mr: 'तक्रारदार',
    fr: 'Plaignant ou plaignante',
  },
  RESPONDENT: {
    en: 'Respondent',
    hi: 'प्रत्यर्थी',
    kn: 'ಪ್ರತಿವಾದಿ',
    te: 'ప్రతివాది',
    ta: 'எதிர்மனுதாரர்',
    mr: 'प्रतिवादी',
    fr: 'Personne mise en cause',
  },
  INCIDENT: { en: 'Incident', hi: 'घटना', kn: 'ಘಟನೆ', te: 'సంఘటన', ta: 'சம்பவம்', mr: 'घटना', fr: 'Incident' },
  NAME: { en: 'Name', hi: 'नाम', kn: 'ಹೆಸರು', te: 'పేరు', ta: 'பெயர்', mr: 'नाव', fr: 'Nom' },
  GENDER: { en: 'Gender', hi: 'लिंग', kn: 'ಲಿಂಗ', te: 'లింగం', ta: 'பாலினம்', mr: 'लिंग', fr: 'Genre' },
  PHONE: {
    en: 'Phone number',
    hi: 'फ़ोन नंबर',
    kn: 'ದೂರವಾಣಿ ಸಂಖ್ಯೆ',
    te: 'ఫోన్ నంబర్',
    ta: 'தொலைபேசி எண்',
    mr: 'फोन नंबर',
    fr: 'Numéro de téléphone',
  },
  EMAIL: {
    en: 'Email address',
    hi: 'ईमेल पता',
    kn: 'ಇಮೇಲ್ ವಿಳಾಸ',
    te: 'ఇమెయిల్ చిరునామా',
    ta: 'மின்னஞ்சல் முகவரி',
    mr: 'ईमेल पत्ता',
    fr: 'Adresse courriel',
  },
  DESCRIPTION: {
    en: 'Description of the respondent',
    hi: 'प्रत्यर्थी का विवरण',
    kn: 'ಪ್ರತಿವಾದಿಯ ವಿವರಣೆ',
    te: 'ప్రతివాది వివరణ',
    ta: 'எதிர்மனுதாரர் பற்றிய விவரம்',
    mr: 'प्रतिवादीचे वर्णन',
    fr: 'Description de la personne mise en cause',
  },
  DETAILS: {
    en: 'What happened',
    hi: 'क्या हुआ',
    kn: 'ಏನು ನಡೆಯಿತು',
    te: 'ఏమి జరిగింది',
    ta: 'என்ன நடந்தது',
    mr: 'काय घडले',
    fr: 'Ce qui s’est passé',
  },
  DATE: {
    en: 'Date of the incident',
    hi: 'घटना की तारीख',
    kn: 'ಘಟನೆಯ ದಿನಾಂಕ',
    te: 'సంఘటన తేదీ',
    ta: 'சம்பவத்தின் தேதி',
    mr: 'घटनेची तारीख',
    fr: 'Date de l’incident',
  },
  EVIDENCE: { en: 'Evidence', hi: 'साक्ष्य', kn: 'ಸಾಕ್ಷ್ಯ', te: 'సాక్ష్యం', ta: 'சான்று', mr: 'पुरावा', fr: 'Preuves' },
  WITNESSES: { en: 'Witnesses', hi: 'गवाह', kn: 'ಸಾಕ್ಷಿಗಳು', te: 'సాక్షులు', ta: 'சாட்சிகள்', mr: 'साक्षीदार', fr: 'Témoins' },
  WOMAN: { en: 'Woman', hi: 'महिला', kn: 'ಮಹಿಳೆ', te: 'మహిళ', ta: 'பெண்', mr: 'स्त्री', fr: 'Femme' },
  MAN: { en: 'Man', hi: 'पुरुष', kn: 'ಪುರುಷ', te: 'పురుషుడు', ta: 'ஆண்', mr: 'पुरुष', fr: 'Homme' },
  OTHER: {
    en: 'Another gender',
    hi: 'अन्य लिंग',
    kn: 'ಇತರ ಲಿಂಗ',
    te: 'ఇతర లింగం',
    ta: 'பிற பாலினம்',
    mr: 'इतर लिंग',
    fr: 'Autre genre',
  },
  UNDISCLOSED: {
    en: 'Prefer not to say',
    hi: 'बताना नहीं चाहते',
    kn: 'ಹೇಳಲು ಬಯಸುವುದಿಲ್ಲ',
    te: 'చెప్పకూడదనుకుంటున్నాను',
    ta: 'சொல்ல விரும்பவில்லை',
    mr: 'सांगू इच्छित नाही',
    fr: 'Je préfère ne pas répondre',
  },
  DETAILS_HINT: {
    en: 'Describe what happened, where, and who was involved.',
    hi: 'बताइए कि क्या हुआ, कहाँ हुआ और कौन शामिल था।',
    kn: 'ಏನು ನಡೆಯಿತು, ಎಲ್ಲಿ ಮತ್ತು ಯಾರು ಒಳಗೊಂಡಿದ್ದರು ಎಂದು ವಿವರಿಸಿ.',
    te: 'ఏమి జరిగిందో, ఎక్కడ జరిగిందో, ఎవరు పాల్గొన్నారో వివరించండి.',
    ta: 'என்ன நடந்தது, எங்கே, யார் சம்பந்தப்பட்டனர் என்பதை விவரிக்கவும்.',
    mr: 'काय घडले, कुठे आणि कोण सहभागी होते ते सांगा.',
    fr: 'Décrivez ce qui s’est passé, où, et qui était en cause.',
  },
  WITNESSES_HINT: {
    en: 'Names and contacts of people who saw or heard it, if any.',
    hi: 'जिन्होंने इसे देखा या सुना, उनके नाम और संपर्क, यदि कोई हों।',
    kn: 'ಇದನ್ನು ನೋಡಿದ ಅಥವಾ ಕೇಳಿದವರ ಹೆಸರು ಮತ್ತು ಸಂಪರ್ಕ, ಇದ್ದರೆ.',
    te: 'దీన్ని చూసిన లేదా విన్నవారి పేర్లు, సంప్రదింపు వివరాలు, ఉంటే.',
    ta: 'இதைப் பார்த்தவர்கள் அல்லது கேட்டவர்களின் பெயர்களும் தொடர்பு விவரங்களும், இருந்தால்.',
    mr: 'ज्यांनी हे पाहिले किंवा ऐकले त्यांची नावे आणि संपर्क, असल्यास.',
    fr: 'Noms et coordonnées des personnes qui l’ont vu ou entendu, s’il y en a.',
  },
  INQUIRY: { en: 'Inquiry', hi: 'जाँच', kn: 'ವಿಚಾರಣೆ', te: 'విచారణ', ta: 'விசாரணை', mr: 'चौकशी', fr: 'Enquête' },
} satisfies Record<string, Texts>;

/** A text in `languages` only (English always). */
export function textIn(t: Texts, languages: readonly string[]): TCmsText {
  const out: Record<string, string> = { en: t.en };
  for (const l of languages) if (l in t) out[l] = t[l as TLanguage];
  return out as TCmsText;
}

type Field = {
  key: string;
  type: TAttributeType;
  label: Texts;
  mandatory: boolean;
  hint?: Texts;
  gender?: true;
  settings?: TWorkflowDefinition['form'][number]['attributes'][number]['settings'];
};

const person = (prefix: 'COMPLAINANT' | 'RESPONDENT', mandatory: boolean): Field[] => [
  { key: `${prefix}_NAME`, type: 'TEXT', label: T.NAME, mandatory, settings: { maxLength: 200 } },
  { key: `${prefix}_GENDER`, type: 'SINGLE_SELECT', label: T.GENDER, mandatory: false, gender: true },
  { key: `${prefix}_PHONE`, type: 'PHONE', label: T.PHONE, mandatory: false },
  { key: `${prefix}_EMAIL`, type: 'EMAIL', label: T.EMAIL, mandatory },
];

const FORM: Array<{ key: string; title: Texts; fields: Field[] }> = [
  { key: 'COMPLAINANT', title: T.COMPLAINANT, fields: person('COMPLAINANT', true) },
  {
    key: 'RESPONDENT',
    title: T.RESPONDENT,
    fields: [
      ...person('RESPONDENT', false),
      { key: 'RESPONDENT_DESCRIPTION', type: 'TEXT_AREA', label: T.DESCRIPTION, mandatory: false },
    ],
  },
  {
    key: 'INCIDENT',
    title: T.INCIDENT,
    fields: [
      { key: 'INCIDENT_DETAILS', type: 'TEXT_AREA', label: T.DETAILS, hint: T.DETAILS_HINT, mandatory: true },
      { key: 'INCIDENT_DATE', type: 'DATE', label: T.DATE, mandatory: true, settings: { notAfterToday: true } },
      {
        key: 'EVIDENCE',
        type: 'FILE_UPLOAD',
        label: T.EVIDENCE,
        mandatory: false,
        settings: { maxFiles: 5, maxMegabytes: 10 },
      },
      { key: 'WITNESSES', type: 'TEXT_AREA', label: T.WITNESSES, hint: T.WITNESSES_HINT, mandatory: false },
    ],
  },
];

const GENDERS = [
  ['WOMAN', T.WOMAN],
  ['MAN', T.MAN],
  ['OTHER', T.OTHER],
  ['UNDISCLOSED', T.UNDISCLOSED],
] as const;

/** The spec's default form in `languages`. */
export function defaultForm(languages: readonly string[]): TWorkflowDefinition['form'] {
  return FORM.map((c) => ({
    key: c.key,
    title: textIn(c.title, languages),
    attributes: c.fields.map((f) => ({
      key: f.key,
      type: f.type,
      label: textIn(f.label, languages),
      hint: f.hint ? textIn(f.hint, languages) : {},
      mandatory: f.mandatory,
      options: f.gender ? GENDERS.map(([key, label]) => ({ key, label: textIn(label, languages) })) : [],
      condition: null,
      settings: f.settings ?? {},
      resourceSha256: null,
      statutoryReference: null,
    })),
  }));
}

/** A workflow from scratch: the default form and one empty stage. */
export function scratchDefinition(
  name: string,
  jurisdiction: TWorkflowDefinition['jurisdiction'],
  branchId: string | null,
  languages: readonly string[],
): TWorkflowDefinition {
  return {
    format: 1,
    name,
    description: {},
    jurisdiction,
    template: null,
    filers: ['EMPLOYEE'],
    anonymousWitnesses: false,
    branchId,
    handler: { kind: 'UNIT_COMMITTEE' },
    contact: null,
    languages: languages as TWorkflowDefinition['languages'],
    fallbacks: {},
    form: defaultForm(languages),
    stages: [{ key: 'INQUIRY', title: textIn(T.INQUIRY, languages), steps: [] }],
  };
}

const LANGUAGE_KEYS = new Set<string>(['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr']);

/**
 * `value` (a definition, or any part of one) with every text kept in `languages` only: a text is an
 * object whose keys are all language codes, English among them. A template written in every
 * language copies into a workspace the languages it offers.
 */
export function textsIn<T>(value: T, languages: readonly string[]): T {
  if (Array.isArray(value)) return value.map((v) => textsIn(v, languages)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const isText =
    entries.length > 0 && 'en' in value && entries.every(([k, v]) => LANGUAGE_KEYS.has(k) && typeof v === 'string');
  if (isText) return Object.fromEntries(entries.filter(([k]) => k === 'en' || languages.includes(k))) as T;
  return Object.fromEntries(entries.map(([k, v]) => [k, textsIn(v, languages)])) as T;
}
