import { createEvent } from 'ics';
import type { Language, MailText } from '../../../core/messages/catalogue.ts';

/**
 * The workshop mails (issue 21, item 13) in the seven languages — the invitation, the update (a new
 * date, time or place) and the cancellation — each with the calendar file (`ics` 3.12): METHOD
 * REQUEST for the invitation and the update (same UID, a higher SEQUENCE, so a calendar moves the
 * event), METHOD CANCEL for the cancellation.
 */

export type WorkshopMailKind = 'INVITED' | 'UPDATED' | 'CANCELLED';

export type WorkshopMailValues = {
  company: string;
  firstName: string;
  title: string;
  /** The start as the recipient reads it (their language, the workspace's zone). */
  when: string;
  durationMinutes: number;
  place: string;
  trainer: string;
  link: string;
};

type Texts = {
  hello(firstName: string): string;
  subjects: Record<WorkshopMailKind, (v: WorkshopMailValues) => string>;
  lines: Record<WorkshopMailKind, (v: WorkshopMailValues) => string[]>;
  details(v: WorkshopMailValues): string[];
  calendar: string;
  open: string;
};

const en: Texts = {
  hello: (n) => `Hello ${n || 'there'},`,
  subjects: {
    INVITED: (v) => `Workshop: ${v.title}, ${v.when}`,
    UPDATED: (v) => `Changed: ${v.title}, now ${v.when}`,
    CANCELLED: (v) => `Cancelled: ${v.title}, ${v.when}`,
  },
  lines: {
    INVITED: (v) => [`${v.company} invites you to the workshop “${v.title}”.`],
    UPDATED: (v) => [`The workshop “${v.title}” has changed. Here are its new details.`],
    CANCELLED: (v) => [`The workshop “${v.title}” on ${v.when} is cancelled. You need not attend.`],
  },
  details: (v) => [`When: ${v.when} (${v.durationMinutes} minutes)`, `Where: ${v.place}`, `Trainer: ${v.trainer}`],
  calendar: 'The attached calendar file adds it to your calendar.',
  open: 'See your workshops',
};

const hi: Texts = {
  hello: (n) => `नमस्ते${n ? ` ${n}` : ''},`,
  subjects: {
    INVITED: (v) => `कार्यशाला: ${v.title}, ${v.when}`,
    UPDATED: (v) => `बदलाव: ${v.title}, अब ${v.when}`,
    CANCELLED: (v) => `रद्द: ${v.title}, ${v.when}`,
  },
  lines: {
    INVITED: (v) => [`${v.company} आपको कार्यशाला “${v.title}” में आमंत्रित करता है।`],
    UPDATED: (v) => [`कार्यशाला “${v.title}” में बदलाव हुआ है। इसका नया विवरण नीचे है।`],
    CANCELLED: (v) => [`${v.when} की कार्यशाला “${v.title}” रद्द कर दी गई है। आपको आने की ज़रूरत नहीं है।`],
  },
  details: (v) => [`कब: ${v.when} (${v.durationMinutes} मिनट)`, `कहाँ: ${v.place}`, `प्रशिक्षक: ${v.trainer}`],
  calendar: 'संलग्न कैलेंडर फ़ाइल इसे आपके कैलेंडर में जोड़ देती है।',
  open: 'अपनी कार्यशालाएँ देखें',
};

const kn: Texts = {
  hello: (n) => `ನಮಸ್ಕಾರ${n ? ` ${n}` : ''},`,
  subjects: {
    INVITED: (v) => `ಕಾರ್ಯಾಗಾರ: ${v.title}, ${v.when}`,
    UPDATED: (v) => `ಬದಲಾವಣೆ: ${v.title}, ಈಗ ${v.when}`,
    CANCELLED: (v) => `ರದ್ದಾಗಿದೆ: ${v.title}, ${v.when}`,
  },
  lines: {
    INVITED: (v) => [`${v.company} ನಿಮ್ಮನ್ನು “${v.title}” ಕಾರ್ಯಾಗಾರಕ್ಕೆ ಆಹ್ವಾನಿಸುತ್ತದೆ.`],
    UPDATED: (v) => [`“${v.title}” ಕಾರ್ಯಾಗಾರ ಬದಲಾಗಿದೆ. ಅದರ ಹೊಸ ವಿವರಗಳು ಇಲ್ಲಿವೆ.`],
    CANCELLED: (v) => [`${v.when} ರ “${v.title}” ಕಾರ್ಯಾಗಾರ ರದ್ದಾಗಿದೆ. ನೀವು ಹಾಜರಾಗಬೇಕಿಲ್ಲ.`],
  },
  details: (v) => [`ಯಾವಾಗ: ${v.when} (${v.durationMinutes} ನಿಮಿಷ)`, `ಎಲ್ಲಿ: ${v.place}`, `ತರಬೇತುದಾರರು: ${v.trainer}`],
  calendar: 'ಲಗತ್ತಿಸಿದ ಕ್ಯಾಲೆಂಡರ್ ಫೈಲ್ ಇದನ್ನು ನಿಮ್ಮ ಕ್ಯಾಲೆಂಡರ್‌ಗೆ ಸೇರಿಸುತ್ತದೆ.',
  open: 'ನಿಮ್ಮ ಕಾರ್ಯಾಗಾರಗಳನ್ನು ನೋಡಿ',
};

const te: Texts = {
  hello: (n) => `నమస్తే${n ? ` ${n}` : ''},`,
  subjects: {
    INVITED: (v) => `వర్క్‌షాప్: ${v.title}, ${v.when}`,
    UPDATED: (v) => `మార్పు: ${v.title}, ఇప్పుడు ${v.when}`,
    CANCELLED: (v) => `రద్దు: ${v.title}, ${v.when}`,
  },
  lines: {
    INVITED: (v) => [`${v.company} మిమ్మల్ని “${v.title}” వర్క్‌షాప్‌కు ఆహ్వానిస్తోంది.`],
    UPDATED: (v) => [`“${v.title}” వర్క్‌షాప్ మారింది. దాని కొత్త వివరాలు ఇవి.`],
    CANCELLED: (v) => [`${v.when} నాటి “${v.title}” వర్క్‌షాప్ రద్దయింది. మీరు హాజరు కావాల్సిన అవసరం లేదు.`],
  },
  details: (v) => [`ఎప్పుడు: ${v.when} (${v.durationMinutes} నిమిషాలు)`, `ఎక్కడ: ${v.place}`, `శిక్షకులు: ${v.trainer}`],
  calendar: 'జతచేసిన క్యాలెండర్ ఫైల్ దీన్ని మీ క్యాలెండర్‌లో చేరుస్తుంది.',
  open: 'మీ వర్క్‌షాప్‌లు చూడండి',
};

const ta: Texts = {
  hello: (n) => `வணக்கம்${n ? ` ${n}` : ''},`,
  subjects: {
    INVITED: (v) => `பயிலரங்கு: ${v.title}, ${v.when}`,
    UPDATED: (v) => `மாற்றம்: ${v.title}, இப்போது ${v.when}`,
    CANCELLED: (v) => `ரத்து: ${v.title}, ${v.when}`,
  },
  lines: {
    INVITED: (v) => [`${v.company} உங்களை “${v.title}” பயிலரங்கிற்கு அழைக்கிறது.`],
    UPDATED: (v) => [`“${v.title}” பயிலரங்கு மாறியுள்ளது. அதன் புதிய விவரங்கள் இதோ.`],
    CANCELLED: (v) => [`${v.when} அன்று நடக்கவிருந்த “${v.title}” பயிலரங்கு ரத்து செய்யப்பட்டது. நீங்கள் வர வேண்டியதில்லை.`],
  },
  details: (v) => [`எப்போது: ${v.when} (${v.durationMinutes} நிமிடங்கள்)`, `எங்கே: ${v.place}`, `பயிற்றுநர்: ${v.trainer}`],
  calendar: 'இணைக்கப்பட்ட நாள்காட்டிக் கோப்பு இதை உங்கள் நாள்காட்டியில் சேர்க்கும்.',
  open: 'உங்கள் பயிலரங்குகளைப் பார்க்கவும்',
};

const mr: Texts = {
  hello: (n) => `नमस्कार${n ? ` ${n}` : ''},`,
  subjects: {
    INVITED: (v) => `कार्यशाळा: ${v.title}, ${v.when}`,
    UPDATED: (v) => `बदल: ${v.title}, आता ${v.when}`,
    CANCELLED: (v) => `रद्द: ${v.title}, ${v.when}`,
  },
  lines: {
    INVITED: (v) => [`${v.company} तुम्हाला “${v.title}” कार्यशाळेसाठी आमंत्रित करत आहे.`],
    UPDATED: (v) => [`“${v.title}” कार्यशाळेत बदल झाला आहे. तिचा नवा तपशील खाली आहे.`],
    CANCELLED: (v) => [`${v.when} ची “${v.title}” कार्यशाळा रद्द झाली आहे. तुम्हाला येण्याची गरज नाही.`],
  },
  details: (v) => [`कधी: ${v.when} (${v.durationMinutes} मिनिटे)`, `कुठे: ${v.place}`, `प्रशिक्षक: ${v.trainer}`],
  calendar: 'जोडलेली कॅलेंडर फाइल हे तुमच्या कॅलेंडरमध्ये जोडते.',
  open: 'तुमच्या कार्यशाळा पाहा',
};

const fr: Texts = {
  hello: (n) => `Bonjour ${n || 'à vous'},`,
  subjects: {
    INVITED: (v) => `Atelier : ${v.title}, ${v.when}`,
    UPDATED: (v) => `Modifié : ${v.title}, maintenant le ${v.when}`,
    CANCELLED: (v) => `Annulé : ${v.title}, ${v.when}`,
  },
  lines: {
    INVITED: (v) => [`${v.company} vous invite à l’atelier « ${v.title} ».`],
    UPDATED: (v) => [`L’atelier « ${v.title} » a été modifié. Voici ses nouveaux détails.`],
    CANCELLED: (v) => [`L’atelier « ${v.title} » du ${v.when} est annulé. Vous n’avez pas à y assister.`],
  },
  details: (v) => [
    `Quand : ${v.when} (${v.durationMinutes} minutes)`,
    `Où : ${v.place}`,
    `Personne formatrice : ${v.trainer}`,
  ],
  calendar: 'Le fichier de calendrier joint l’ajoute à votre calendrier.',
  open: 'Voir vos ateliers',
};

const TEXTS: Record<Language, Texts> = { en, hi, kn, te, ta, mr, fr };

export function workshopMail(kind: WorkshopMailKind, lang: Language, v: WorkshopMailValues): MailText {
  const t = TEXTS[lang];
  return {
    subject: t.subjects[kind](v),
    blocks: [t.hello(v.firstName), ...t.lines[kind](v), ...t.details(v), t.calendar, { link: v.link, label: t.open }],
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

/** A date and time as the recipient reads it (their language, the workspace's zone), with the zone's name. */
export function mailDateTime(at: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

export type CalendarEvent = {
  id: string;
  title: string;
  description: string | null;
  startsAt: Date;
  durationMinutes: number;
  location: string | null;
  onlineUrl: string | null;
  sequence: number;
  organizer: { name: string; email: string | null };
  cancelled: boolean;
  /** Where the UID is minted (the workspace's host), so it is unique to this workshop everywhere. */
  host: string;
};

/** The calendar file of a workshop: REQUEST (its current state) or CANCEL. */
export function calendarFile(e: CalendarEvent): string {
  const { error, value } = createEvent({
    productId: 'compliance-platform/workshops',
    method: e.cancelled ? 'CANCEL' : 'REQUEST',
    uid: `workshop-${e.id}@${e.host}`,
    sequence: e.sequence,
    start: e.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: e.durationMinutes },
    title: e.title,
    ...(e.description ? { description: e.description } : {}),
    ...(e.location || e.onlineUrl ? { location: e.location ?? e.onlineUrl ?? '' } : {}),
    ...(e.onlineUrl ? { url: e.onlineUrl } : {}),
    status: e.cancelled ? 'CANCELLED' : 'CONFIRMED',
    ...(e.organizer.email ? { organizer: { name: e.organizer.name, email: e.organizer.email } } : {}),
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return value;
}
