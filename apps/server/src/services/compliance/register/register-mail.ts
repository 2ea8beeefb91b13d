import type { Language, MailText } from '../../../core/messages/catalogue.ts';

/**
 * The register's mails (issue 24) in the seven languages: evidence submitted (to the reviewer) and
 * evidence returned (to the owner). They carry the obligation's title and the due date only — no
 * note, no file name, no other person — and a link to the register, where the rest is read.
 * Non-English texts are for review by a native speaker.
 */

export type RegisterMailKind = 'SUBMITTED' | 'RETURNED';
export type RegisterMailValues = { firstName: string; title: string; due: string; link: string };

type Texts = {
  hello(firstName: string): string;
  subject: Record<RegisterMailKind, (v: RegisterMailValues) => string>;
  line: Record<RegisterMailKind, (v: RegisterMailValues) => string>;
  open: string;
};

const en: Texts = {
  hello: (n) => `Hello ${n || 'there'},`,
  subject: {
    SUBMITTED: (v) => `Evidence to review: ${v.title}`,
    RETURNED: (v) => `Evidence returned: ${v.title}`,
  },
  line: {
    SUBMITTED: (v) =>
      `Evidence was recorded for “${v.title}” (due ${v.due}). You are its reviewer: please approve it or return it.`,
    RETURNED: (v) =>
      `The evidence for “${v.title}” (due ${v.due}) was returned by its reviewer. Read the reviewer's note in the register and add new evidence.`,
  },
  open: 'Open the compliance register',
};

const hi: Texts = {
  hello: (n) => `नमस्ते${n ? ` ${n}` : ''},`,
  subject: {
    SUBMITTED: (v) => `समीक्षा के लिए साक्ष्य: ${v.title}`,
    RETURNED: (v) => `साक्ष्य लौटाया गया: ${v.title}`,
  },
  line: {
    SUBMITTED: (v) =>
      `“${v.title}” (नियत तिथि ${v.due}) के लिए साक्ष्य दर्ज किया गया है। आप इसके समीक्षक हैं: कृपया इसे स्वीकृत करें या लौटाएँ।`,
    RETURNED: (v) =>
      `“${v.title}” (नियत तिथि ${v.due}) का साक्ष्य समीक्षक ने लौटा दिया है। रजिस्टर में समीक्षक की टिप्पणी पढ़ें और नया साक्ष्य जोड़ें।`,
  },
  open: 'अनुपालन रजिस्टर खोलें',
};

const kn: Texts = {
  hello: (n) => `ನಮಸ್ಕಾರ${n ? ` ${n}` : ''},`,
  subject: {
    SUBMITTED: (v) => `ಪರಿಶೀಲನೆಗೆ ಸಾಕ್ಷ್ಯ: ${v.title}`,
    RETURNED: (v) => `ಸಾಕ್ಷ್ಯ ಹಿಂತಿರುಗಿಸಲಾಗಿದೆ: ${v.title}`,
  },
  line: {
    SUBMITTED: (v) => `“${v.title}” (ಗಡುವು ${v.due}) ಗಾಗಿ ಸಾಕ್ಷ್ಯ ದಾಖಲಿಸಲಾಗಿದೆ. ನೀವು ಇದರ ಪರಿಶೀಲಕರು: ದಯವಿಟ್ಟು ಅನುಮೋದಿಸಿ ಅಥವಾ ಹಿಂತಿರುಗಿಸಿ.`,
    RETURNED: (v) =>
      `“${v.title}” (ಗಡುವು ${v.due}) ನ ಸಾಕ್ಷ್ಯವನ್ನು ಪರಿಶೀಲಕರು ಹಿಂತಿರುಗಿಸಿದ್ದಾರೆ. ರಿಜಿಸ್ಟರ್‌ನಲ್ಲಿ ಪರಿಶೀಲಕರ ಟಿಪ್ಪಣಿ ಓದಿ ಹೊಸ ಸಾಕ್ಷ್ಯ ಸೇರಿಸಿ.`,
  },
  open: 'ಅನುಸರಣೆ ರಿಜಿಸ್ಟರ್ ತೆರೆಯಿರಿ',
};

const te: Texts = {
  hello: (n) => `నమస్కారం${n ? ` ${n}` : ''},`,
  subject: {
    SUBMITTED: (v) => `సమీక్షకు సాక్ష్యం: ${v.title}`,
    RETURNED: (v) => `సాక్ష్యం తిరిగి పంపబడింది: ${v.title}`,
  },
  line: {
    SUBMITTED: (v) => `“${v.title}” (గడువు ${v.due}) కోసం సాక్ష్యం నమోదైంది. మీరు దీని సమీక్షకులు: దయచేసి ఆమోదించండి లేదా తిరిగి పంపండి.`,
    RETURNED: (v) =>
      `“${v.title}” (గడువు ${v.due}) సాక్ష్యాన్ని సమీక్షకులు తిరిగి పంపారు. రిజిస్టర్‌లో సమీక్షకుల గమనిక చదివి కొత్త సాక్ష్యం జోడించండి.`,
  },
  open: 'అనుపాలన రిజిస్టర్ తెరవండి',
};

const ta: Texts = {
  hello: (n) => `வணக்கம்${n ? ` ${n}` : ''},`,
  subject: {
    SUBMITTED: (v) => `மதிப்பாய்வுக்கான சான்று: ${v.title}`,
    RETURNED: (v) => `சான்று திருப்பி அனுப்பப்பட்டது: ${v.title}`,
  },
  line: {
    SUBMITTED: (v) =>
      `“${v.title}” (கெடு ${v.due}) க்கான சான்று பதிவு செய்யப்பட்டது. நீங்கள் இதன் மதிப்பாய்வாளர்: அதை ஏற்கவும் அல்லது திருப்பி அனுப்பவும்.`,
    RETURNED: (v) =>
      `“${v.title}” (கெடு ${v.due}) க்கான சான்றை மதிப்பாய்வாளர் திருப்பி அனுப்பினார். பதிவேட்டில் குறிப்பைப் படித்து புதிய சான்றைச் சேர்க்கவும்.`,
  },
  open: 'இணக்கப் பதிவேட்டைத் திறக்கவும்',
};

const mr: Texts = {
  hello: (n) => `नमस्कार${n ? ` ${n}` : ''},`,
  subject: {
    SUBMITTED: (v) => `पुनरावलोकनासाठी पुरावा: ${v.title}`,
    RETURNED: (v) => `पुरावा परत केला: ${v.title}`,
  },
  line: {
    SUBMITTED: (v) =>
      `“${v.title}” (देय तारीख ${v.due}) साठी पुरावा नोंदवला आहे. आपण त्याचे पुनरावलोकक आहात: कृपया तो मंजूर करा किंवा परत करा.`,
    RETURNED: (v) =>
      `“${v.title}” (देय तारीख ${v.due}) चा पुरावा पुनरावलोककाने परत केला आहे. रजिस्टरमध्ये टिप्पणी वाचा आणि नवीन पुरावा जोडा.`,
  },
  open: 'अनुपालन रजिस्टर उघडा',
};

const fr: Texts = {
  hello: (n) => `Bonjour${n ? ` ${n}` : ''},`,
  subject: {
    SUBMITTED: (v) => `Preuve à examiner : ${v.title}`,
    RETURNED: (v) => `Preuve renvoyée : ${v.title}`,
  },
  line: {
    SUBMITTED: (v) =>
      `Une preuve a été enregistrée pour « ${v.title} » (échéance ${v.due}). Vous en êtes la personne réviseure : approuvez-la ou renvoyez-la.`,
    RETURNED: (v) =>
      `La preuve pour « ${v.title} » (échéance ${v.due}) a été renvoyée. Lisez la note dans le registre et ajoutez une nouvelle preuve.`,
  },
  open: 'Ouvrir le registre de conformité',
};

const TEXTS: Record<Language, Texts> = { en, hi, kn, te, ta, mr, fr };

export function registerMail(kind: RegisterMailKind, lang: Language, v: RegisterMailValues): MailText {
  const t = TEXTS[lang];
  return {
    subject: t.subject[kind](v),
    blocks: [t.hello(v.firstName), t.line[kind](v), { link: v.link, label: t.open }],
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

/** A local date (`yyyy-MM-dd`) as the recipient reads it. */
export function mailDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
