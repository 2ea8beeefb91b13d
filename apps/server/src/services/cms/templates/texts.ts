import { DEFAULT_MEETING_FIELDS, type TCmsText, type TWorkflowDefinition } from '@app/contract';

/*
 * The words both templates share: the spec's default complaint form (§3) and meeting fields, in
 * every language the product offers. A template takes the languages it is written in (`pick`).
 */

type Lang = 'en' | 'hi' | 'kn' | 'te' | 'ta' | 'mr' | 'fr';
export type AllTexts = Record<Lang, string>;

/** A text in the given languages only. */
export function pick(text: Partial<AllTexts> & { en: string }, languages: readonly string[]): TCmsText {
  const out: Record<string, string> = {};
  for (const l of languages) {
    const v = text[l as Lang];
    if (v) out[l] = v;
  }
  return out as TCmsText;
}

const t = (en: string, hi: string, kn: string, te: string, ta: string, mr: string, fr: string): AllTexts => ({
  en,
  hi,
  kn,
  te,
  ta,
  mr,
  fr,
});

export const COMPONENT_TITLES = {
  COMPLAINANT: t('Complainant', 'शिकायतकर्ता', 'ದೂರುದಾರರು', 'ఫిర్యాదుదారు', 'புகார்தாரர்', 'तक्रारदार', 'Personne plaignante'),
  RESPONDENT: t('Respondent', 'प्रतिवादी', 'ಪ್ರತಿವಾದಿ', 'ప్రతివాది', 'எதிர்மனுதாரர்', 'प्रतिवादी', 'Personne mise en cause'),
  INCIDENT: t('Incident', 'घटना', 'ಘಟನೆ', 'సంఘటన', 'சம்பவம்', 'घटना', 'Incident'),
} as const;

export const GENDER_OPTIONS = [
  { key: 'WOMAN', label: t('Woman', 'महिला', 'ಮಹಿಳೆ', 'స్త్రీ', 'பெண்', 'महिला', 'Femme') },
  { key: 'MAN', label: t('Man', 'पुरुष', 'ಪುರುಷ', 'పురుషుడు', 'ஆண்', 'पुरुष', 'Homme') },
  { key: 'ANOTHER', label: t('Another gender', 'अन्य', 'ಇತರೆ', 'ఇతర', 'மற்றவை', 'इतर', 'Autre') },
  {
    key: 'NOT_SAID',
    label: t(
      'Prefer not to say',
      'नहीं बताना चाहते',
      'ಹೇಳಲು ಇಚ್ಛಿಸುವುದಿಲ್ಲ',
      'చెప్పదలచుకోలేదు',
      'கூற விரும்பவில்லை',
      'सांगू इच्छित नाही',
      'Je préfère ne pas le dire',
    ),
  },
] as const;

type FieldSpec = {
  key: string;
  component: keyof typeof COMPONENT_TITLES;
  type: TWorkflowDefinition['form'][number]['attributes'][number]['type'];
  mandatory: boolean;
  label: AllTexts;
};

/** The spec's default fields (§3), in order; the four mandatory ones are locked (§5). */
export const DEFAULT_FIELDS: FieldSpec[] = [
  {
    key: 'COMPLAINANT_NAME',
    component: 'COMPLAINANT',
    type: 'TEXT',
    mandatory: true,
    label: t('Your name', 'आपका नाम', 'ನಿಮ್ಮ ಹೆಸರು', 'మీ పేరు', 'உங்கள் பெயர்', 'तुमचे नाव', 'Votre nom'),
  },
  {
    key: 'COMPLAINANT_GENDER',
    component: 'COMPLAINANT',
    type: 'SINGLE_SELECT',
    mandatory: false,
    label: t('Your gender', 'आपका लिंग', 'ನಿಮ್ಮ ಲಿಂಗ', 'మీ లింగం', 'உங்கள் பாலினம்', 'तुमचे लिंग', 'Votre genre'),
  },
  {
    key: 'COMPLAINANT_PHONE',
    component: 'COMPLAINANT',
    type: 'PHONE',
    mandatory: false,
    label: t(
      'Your phone number',
      'आपका फ़ोन नंबर',
      'ನಿಮ್ಮ ಫೋನ್ ಸಂಖ್ಯೆ',
      'మీ ఫోన్ నంబర్',
      'உங்கள் தொலைபேசி எண்',
      'तुमचा फोन नंबर',
      'Votre numéro de téléphone',
    ),
  },
  {
    key: 'COMPLAINANT_EMAIL',
    component: 'COMPLAINANT',
    type: 'EMAIL',
    mandatory: true,
    label: t('Your email', 'आपका ईमेल', 'ನಿಮ್ಮ ಇಮೇಲ್', 'మీ ఇమెయిల్', 'உங்கள் மின்னஞ்சல்', 'तुमचा ईमेल', 'Votre courriel'),
  },
  {
    key: 'RESPONDENT_NAME',
    component: 'RESPONDENT',
    type: 'TEXT',
    mandatory: false,
    label: t(
      "Respondent's name",
      'प्रतिवादी का नाम',
      'ಪ್ರತಿವಾದಿಯ ಹೆಸರು',
      'ప్రతివాది పేరు',
      'எதிர்மனுதாரரின் பெயர்',
      'प्रतिवादीचे नाव',
      'Nom de la personne mise en cause',
    ),
  },
  {
    key: 'RESPONDENT_GENDER',
    component: 'RESPONDENT',
    type: 'SINGLE_SELECT',
    mandatory: false,
    label: t(
      "Respondent's gender",
      'प्रतिवादी का लिंग',
      'ಪ್ರತಿವಾದಿಯ ಲಿಂಗ',
      'ప్రతివాది లింగం',
      'எதிர்மனுதாரரின் பாலினம்',
      'प्रतिवादीचे लिंग',
      'Genre de la personne mise en cause',
    ),
  },
  {
    key: 'RESPONDENT_PHONE',
    component: 'RESPONDENT',
    type: 'PHONE',
    mandatory: false,
    label: t(
      "Respondent's phone number",
      'प्रतिवादी का फ़ोन नंबर',
      'ಪ್ರತಿವಾದಿಯ ಫೋನ್ ಸಂಖ್ಯೆ',
      'ప్రతివాది ఫోన్ నంబర్',
      'எதிர்மனுதாரரின் தொலைபேசி எண்',
      'प्रतिवादीचा फोन नंबर',
      'Téléphone de la personne mise en cause',
    ),
  },
  {
    key: 'RESPONDENT_EMAIL',
    component: 'RESPONDENT',
    type: 'EMAIL',
    mandatory: false,
    label: t(
      "Respondent's email",
      'प्रतिवादी का ईमेल',
      'ಪ್ರತಿವಾದಿಯ ಇಮೇಲ್',
      'ప్రతివాది ఇమెయిల్',
      'எதிர்மனுதாரரின் மின்னஞ்சல்',
      'प्रतिवादीचा ईमेल',
      'Courriel de la personne mise en cause',
    ),
  },
  {
    key: 'RESPONDENT_DESCRIPTION',
    component: 'RESPONDENT',
    type: 'TEXT_AREA',
    mandatory: false,
    label: t(
      'About the respondent (role, team)',
      'प्रतिवादी के बारे में (पद, टीम)',
      'ಪ್ರತಿವಾದಿಯ ವಿವರ (ಹುದ್ದೆ, ತಂಡ)',
      'ప్రతివాది వివరాలు (హోదా, బృందం)',
      'எதிர்மனுதாரர் பற்றி (பதவி, குழு)',
      'प्रतिवादीबद्दल (पद, टीम)',
      'À propos de la personne (poste, équipe)',
    ),
  },
  {
    key: 'INCIDENT_DETAILS',
    component: 'INCIDENT',
    type: 'TEXT_AREA',
    mandatory: true,
    label: t('What happened', 'क्या हुआ', 'ಏನಾಯಿತು', 'ఏమి జరిగింది', 'என்ன நடந்தது', 'काय घडले', 'Ce qui s’est passé'),
  },
  {
    key: 'INCIDENT_DATE',
    component: 'INCIDENT',
    type: 'DATE',
    mandatory: true,
    label: t(
      'Date of the incident',
      'घटना की तारीख',
      'ಘಟನೆಯ ದಿನಾಂಕ',
      'సంఘటన తేదీ',
      'சம்பவத்தின் தேதி',
      'घटनेची तारीख',
      'Date de l’incident',
    ),
  },
  {
    key: 'EVIDENCE',
    component: 'INCIDENT',
    type: 'FILE_UPLOAD',
    mandatory: false,
    label: t(
      'Evidence (files)',
      'सबूत (फ़ाइलें)',
      'ಸಾಕ್ಷ್ಯ (ಫೈಲ್‌ಗಳು)',
      'సాక్ష్యం (ఫైళ్లు)',
      'சான்றுகள் (கோப்புகள்)',
      'पुरावा (फाइल्स)',
      'Preuves (fichiers)',
    ),
  },
  {
    key: 'WITNESSES',
    component: 'INCIDENT',
    type: 'TEXT_AREA',
    mandatory: false,
    label: t('Witnesses', 'गवाह', 'ಸಾಕ್ಷಿಗಳು', 'సాక్షులు', 'சாட்சிகள்', 'साक्षीदार', 'Témoins'),
  },
];

/**
 * The default form in `languages`. `statutory` marks fields a law counts from (key → reference,
 * with an optional hint), e.g. POSH s.9(1) on INCIDENT_DATE.
 */
export function defaultForm(
  languages: readonly string[],
  statutory: Record<string, { reference: string; hint?: Partial<AllTexts> & { en: string } }> = {},
): TWorkflowDefinition['form'] {
  return (Object.keys(COMPONENT_TITLES) as Array<keyof typeof COMPONENT_TITLES>).map((component) => ({
    key: component,
    title: pick(COMPONENT_TITLES[component], languages),
    attributes: DEFAULT_FIELDS.filter((f) => f.component === component).map((f) => ({
      key: f.key,
      type: f.type,
      label: pick(f.label, languages),
      hint: statutory[f.key]?.hint ? pick(statutory[f.key]?.hint as AllTexts, languages) : {},
      mandatory: f.mandatory,
      options:
        f.type === 'SINGLE_SELECT' ? GENDER_OPTIONS.map((o) => ({ key: o.key, label: pick(o.label, languages) })) : [],
      condition: null,
      settings: f.type === 'DATE' ? { notAfterToday: true } : {},
      resourceSha256: null,
      statutoryReference: statutory[f.key]?.reference ?? null,
    })),
  }));
}

const MEETING_LABELS: Record<(typeof DEFAULT_MEETING_FIELDS)[number]['key'], AllTexts> = {
  MEETING_TITLE: t('Title', 'शीर्षक', 'ಶೀರ್ಷಿಕೆ', 'శీర్షిక', 'தலைப்பு', 'शीर्षक', 'Titre'),
  MEETING_DESCRIPTION: t('Agenda', 'कार्यसूची', 'ಕಾರ್ಯಸೂಚಿ', 'ఎజెండా', 'நிகழ்ச்சி நிரல்', 'विषयसूची', 'Ordre du jour'),
  MEETING_START_TIME: t('Starts', 'शुरू', 'ಆರಂಭ', 'ప్రారంభం', 'தொடக்கம்', 'सुरुवात', 'Début'),
  MEETING_END_TIME: t('Ends', 'समाप्त', 'ಮುಕ್ತಾಯ', 'ముగింపు', 'முடிவு நேரம்', 'समाप्ती', 'Fin'),
  MEETING_LOCATION: t(
    'Place or link',
    'स्थान या लिंक',
    'ಸ್ಥಳ ಅಥವಾ ಲಿಂಕ್',
    'స్థలం లేదా లింక్',
    'இடம் அல்லது இணைப்பு',
    'ठिकाण किंवा लिंक',
    'Lieu ou lien',
  ),
  MEETING_GUEST: t('Invited', 'आमंत्रित', 'ಆಹ್ವಾನಿತರು', 'ఆహ్వానితులు', 'அழைக்கப்பட்டவர்கள்', 'निमंत्रित', 'Personnes invitées'),
  MINUTES_OF_MEETING: t('Minutes', 'कार्यवृत्त', 'ನಡಾವಳಿ', 'సమావేశ వివరాలు', 'கூட்டக் குறிப்புகள்', 'इतिवृत्त', 'Procès-verbal'),
  MEETING_OUTCOME: t('Outcome', 'परिणाम', 'ಫಲಿತಾಂಶ', 'ఫలితం', 'விளைவு', 'निष्कर्ष', 'Résultat'),
};

/** The spec's meeting fields (§3) in `languages`: the six required, then minutes and outcome. */
export function defaultMeetingFields(
  languages: readonly string[],
): TWorkflowDefinition['stages'][number]['steps'][number]['meetingFields'] {
  return DEFAULT_MEETING_FIELDS.map((f) => ({
    key: f.key,
    type: f.type,
    label: pick(MEETING_LABELS[f.key], languages),
    mandatory: f.mandatory,
    options: [],
  }));
}
