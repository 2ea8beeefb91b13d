import type { Language, MailText } from '../../../core/messages/catalogue.ts';

/**
 * The register's escalation mails (issue 24), in the seven languages: an overdue occurrence told to
 * its owner and reviewer (first threshold) and to the escalation contact (second). Titles and
 * dates only, with a link to the occurrence; rendered with the workspace's branding by
 * `renderMail` (core/messages).
 */
export type EscalationMailValues = {
  /** The recipient's first name ('' when none). */
  firstName: string;
  /** The obligation's title in the recipient's language (English when not translated). */
  title: string;
  /** The business unit, or null for a workspace-wide obligation. */
  unit: string | null;
  /** The due date as the recipient reads it. */
  due: string;
  daysOverdue: number;
  /** The occurrence's page. */
  link: string;
};

type Texts = {
  hello(firstName: string): string;
  subject(level: 1 | 2, v: EscalationMailValues): string;
  overdue(v: EscalationMailValues): string;
  why: Record<1 | 2, string>;
  open: string;
};

const named = (v: EscalationMailValues) => (v.unit ? `“${v.title}” (${v.unit})` : `“${v.title}”`);

const TEXTS: Record<Language, Texts> = {
  en: {
    hello: (n) => `Hello ${n || 'there'},`,
    subject: (level, v) => (level === 1 ? `Overdue: ${v.title}` : `Escalation: ${v.title} is overdue`),
    overdue: (v) => `${named(v)} was due on ${v.due} (${v.daysOverdue} days ago) and is not done yet.`,
    why: {
      1: 'You are told as its owner or reviewer, or as someone who manages the compliance register.',
      2: 'You are told as the escalation contact for the compliance register.',
    },
    open: 'Open it in the compliance register',
  },
  hi: {
    hello: (n) => `नमस्ते${n ? ` ${n}` : ''},`,
    subject: (level, v) => (level === 1 ? `समय सीमा बीत गई: ${v.title}` : `एस्केलेशन: ${v.title} की समय सीमा बीत गई है`),
    overdue: (v) => `${named(v)} की नियत तारीख ${v.due} थी (${v.daysOverdue} दिन पहले) और यह अभी पूरा नहीं हुआ है।`,
    why: {
      1: 'आपको यह इसके मालिक या समीक्षक के रूप में, या अनुपालन रजिस्टर का प्रबंधन करने वाले व्यक्ति के रूप में बताया जा रहा है।',
      2: 'आपको यह अनुपालन रजिस्टर के एस्केलेशन संपर्क के रूप में बताया जा रहा है।',
    },
    open: 'अनुपालन रजिस्टर में खोलें',
  },
  kn: {
    hello: (n) => `ನಮಸ್ಕಾರ${n ? ` ${n}` : ''},`,
    subject: (level, v) => (level === 1 ? `ಅವಧಿ ಮೀರಿದೆ: ${v.title}` : `ಎಸ್ಕಲೇಶನ್: ${v.title} ಅವಧಿ ಮೀರಿದೆ`),
    overdue: (v) => `${named(v)} ಇದರ ಕೊನೆಯ ದಿನಾಂಕ ${v.due} ಆಗಿತ್ತು (${v.daysOverdue} ದಿನಗಳ ಹಿಂದೆ), ಇನ್ನೂ ಪೂರ್ಣಗೊಂಡಿಲ್ಲ.`,
    why: {
      1: 'ಇದರ ಮಾಲೀಕರು ಅಥವಾ ಪರಿಶೀಲಕರಾಗಿ, ಅಥವಾ ಅನುಸರಣೆ ರಿಜಿಸ್ಟರ್ ನಿರ್ವಹಿಸುವವರಾಗಿ ನಿಮಗೆ ತಿಳಿಸಲಾಗುತ್ತಿದೆ.',
      2: 'ಅನುಸರಣೆ ರಿಜಿಸ್ಟರ್‌ನ ಎಸ್ಕಲೇಶನ್ ಸಂಪರ್ಕವಾಗಿ ನಿಮಗೆ ತಿಳಿಸಲಾಗುತ್ತಿದೆ.',
    },
    open: 'ಅನುಸರಣೆ ರಿಜಿಸ್ಟರ್‌ನಲ್ಲಿ ತೆರೆಯಿರಿ',
  },
  te: {
    hello: (n) => `నమస్తే${n ? ` ${n}` : ''},`,
    subject: (level, v) => (level === 1 ? `గడువు దాటింది: ${v.title}` : `ఎస్కలేషన్: ${v.title} గడువు దాటింది`),
    overdue: (v) => `${named(v)} గడువు తేదీ ${v.due} (${v.daysOverdue} రోజుల క్రితం), ఇంకా పూర్తి కాలేదు.`,
    why: {
      1: 'దీని యజమానిగా లేదా సమీక్షకుడిగా, లేదా కంప్లయన్స్ రిజిస్టర్‌ను నిర్వహించే వ్యక్తిగా మీకు తెలియజేస్తున్నాం.',
      2: 'కంప్లయన్స్ రిజిస్టర్ ఎస్కలేషన్ సంప్రదింపు వ్యక్తిగా మీకు తెలియజేస్తున్నాం.',
    },
    open: 'కంప్లయన్స్ రిజిస్టర్‌లో తెరవండి',
  },
  ta: {
    hello: (n) => `வணக்கம்${n ? ` ${n}` : ''},`,
    subject: (level, v) => (level === 1 ? `காலக்கெடு தாண்டியது: ${v.title}` : `எஸ்கலேஷன்: ${v.title} காலக்கெடு தாண்டியது`),
    overdue: (v) => `${named(v)} இன் காலக்கெடு ${v.due} (${v.daysOverdue} நாட்களுக்கு முன்), இன்னும் முடிக்கப்படவில்லை.`,
    why: {
      1: 'இதன் உரிமையாளர் அல்லது மதிப்பாய்வாளர், அல்லது இணக்கப் பதிவேட்டை நிர்வகிப்பவர் என்ற முறையில் உங்களுக்குத் தெரிவிக்கப்படுகிறது.',
      2: 'இணக்கப் பதிவேட்டின் எஸ்கலேஷன் தொடர்பாளர் என்ற முறையில் உங்களுக்குத் தெரிவிக்கப்படுகிறது.',
    },
    open: 'இணக்கப் பதிவேட்டில் திறக்கவும்',
  },
  mr: {
    hello: (n) => `नमस्कार${n ? ` ${n}` : ''},`,
    subject: (level, v) => (level === 1 ? `मुदत उलटली: ${v.title}` : `एस्केलेशन: ${v.title} ची मुदत उलटली`),
    overdue: (v) => `${named(v)} ची नियत तारीख ${v.due} होती (${v.daysOverdue} दिवसांपूर्वी) आणि ते अजून पूर्ण झालेले नाही.`,
    why: {
      1: 'याचे मालक किंवा समीक्षक म्हणून, किंवा अनुपालन रजिस्टर व्यवस्थापित करणारी व्यक्ती म्हणून तुम्हाला कळवले जात आहे.',
      2: 'अनुपालन रजिस्टरचा एस्केलेशन संपर्क म्हणून तुम्हाला कळवले जात आहे.',
    },
    open: 'अनुपालन रजिस्टरमध्ये उघडा',
  },
  fr: {
    hello: (n) => `Bonjour${n ? ` ${n}` : ''},`,
    subject: (level, v) => (level === 1 ? `En retard : ${v.title}` : `Escalade : ${v.title} est en retard`),
    overdue: (v) => `${named(v)} était dû le ${v.due} (il y a ${v.daysOverdue} jours) et n’est pas encore fait.`,
    why: {
      1: 'Vous êtes informé en tant que responsable ou vérificateur, ou en tant que gestionnaire du registre de conformité.',
      2: 'Vous êtes informé en tant que contact d’escalade du registre de conformité.',
    },
    open: 'L’ouvrir dans le registre de conformité',
  },
};

/** The escalation mail of `level` in `lang`, before branding. */
export function escalationMail(level: 1 | 2, lang: Language, v: EscalationMailValues): MailText {
  const t = TEXTS[lang];
  return {
    subject: t.subject(level, v),
    blocks: [t.hello(v.firstName), t.overdue(v), t.why[level], { link: v.link, label: t.open }],
  };
}

const LOCALES: Record<Language, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  kn: 'kn-IN',
  te: 'te-IN',
  ta: 'ta-IN',
  mr: 'mr-IN',
  fr: 'fr-CA',
};

/** A date as the recipient reads it (their language, the workspace's zone), e.g. "24 Nov 2026". */
export function mailDate(at: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone }).format(at);
}
