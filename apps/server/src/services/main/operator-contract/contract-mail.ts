import type { Language, MailText } from '../../../core/messages/catalogue.ts';

/**
 * The contract warning (issue 23): mailed to a workspace's administrators 30, 7 and 1 days before
 * its contract's last day, in each one's language (the seven), rendered with the workspace's
 * branding by `renderMail`. It says what stops after that day and what goes on, as it is today:
 * everyone can still sign in, read what is there and change their own profile; the contact for
 * harassment concerns stays on everyone's home page; nothing is deleted.
 */
export type ContractMailValues = {
  company: string;
  /** The recipient's first name ('' when none). */
  firstName: string;
  /** The contract's last day, as the recipient reads it. */
  lastDay: string;
  /** Days from today to the last day (0: today is the last day). */
  daysLeft: number;
  /** The workspace's address. */
  link: string;
};

type Texts = {
  subject(v: ContractMailValues): string;
  lines(v: ContractMailValues): string[];
  open: string;
};

const en: Texts = {
  subject: (v) => `${v.company}: your contract ends on ${v.lastDay}`,
  lines: (v) => [
    `Hello ${v.firstName || 'there'},`,
    v.daysLeft === 0
      ? `Today, ${v.lastDay}, is the last day of the contract for the ${v.company} workspace.`
      : `The contract for the ${v.company} workspace ends on ${v.lastDay}, in ${v.daysLeft} day${v.daysLeft === 1 ? '' : 's'}.`,
    'After that day the workspace becomes read-only for administration and learning: no one can invite people, change users, units or settings, or assign courses, and learners cannot go on with their courses.',
    'Everyone can still sign in, read what is there and update their own profile, and the contact for harassment concerns stays on everyone’s home page. Nothing is deleted.',
    'To renew the contract, contact your provider. Once it is renewed, the workspace works as before at once.',
  ],
  open: 'Open the workspace',
};

const hi: Texts = {
  subject: (v) => `${v.company}: आपका अनुबंध ${v.lastDay} को समाप्त हो रहा है`,
  lines: (v) => [
    `नमस्ते ${v.firstName || ''},`.replace(' ,', ','),
    v.daysLeft === 0
      ? `आज, ${v.lastDay}, ${v.company} वर्कस्पेस के अनुबंध का अंतिम दिन है।`
      : `${v.company} वर्कस्पेस का अनुबंध ${v.lastDay} को, यानी ${v.daysLeft} दिन में, समाप्त हो रहा है।`,
    'उस दिन के बाद वर्कस्पेस प्रशासन और प्रशिक्षण के लिए केवल पढ़ने योग्य हो जाएगा: कोई भी लोगों को आमंत्रित नहीं कर सकेगा, उपयोगकर्ता, इकाइयाँ या सेटिंग्स नहीं बदल सकेगा, पाठ्यक्रम नहीं सौंप सकेगा, और शिक्षार्थी अपने पाठ्यक्रम आगे नहीं बढ़ा सकेंगे।',
    'सभी लोग फिर भी साइन इन कर सकेंगे, जो कुछ मौजूद है उसे पढ़ सकेंगे और अपनी प्रोफ़ाइल बदल सकेंगे, और उत्पीड़न संबंधी शिकायतों के लिए संपर्क सभी के होम पेज पर बना रहेगा। कुछ भी हटाया नहीं जाएगा।',
    'अनुबंध का नवीनीकरण करने के लिए अपने सेवा प्रदाता से संपर्क करें। नवीनीकरण होते ही वर्कस्पेस तुरंत पहले की तरह काम करेगा।',
  ],
  open: 'वर्कस्पेस खोलें',
};

const kn: Texts = {
  subject: (v) => `${v.company}: ನಿಮ್ಮ ಒಪ್ಪಂದ ${v.lastDay} ರಂದು ಮುಕ್ತಾಯವಾಗುತ್ತದೆ`,
  lines: (v) => [
    `ನಮಸ್ಕಾರ ${v.firstName || ''},`.replace(' ,', ','),
    v.daysLeft === 0
      ? `ಇಂದು, ${v.lastDay}, ${v.company} ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನ ಒಪ್ಪಂದದ ಕೊನೆಯ ದಿನ.`
      : `${v.company} ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನ ಒಪ್ಪಂದ ${v.lastDay} ರಂದು, ಅಂದರೆ ${v.daysLeft} ದಿನಗಳಲ್ಲಿ, ಮುಕ್ತಾಯವಾಗುತ್ತದೆ.`,
    'ಆ ದಿನದ ನಂತರ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಆಡಳಿತ ಮತ್ತು ಕಲಿಕೆಗೆ ಓದಲು ಮಾತ್ರ ಆಗುತ್ತದೆ: ಯಾರೂ ಜನರನ್ನು ಆಹ್ವಾನಿಸಲು, ಬಳಕೆದಾರರು, ಘಟಕಗಳು ಅಥವಾ ಸೆಟ್ಟಿಂಗ್‌ಗಳನ್ನು ಬದಲಾಯಿಸಲು ಅಥವಾ ಕೋರ್ಸ್‌ಗಳನ್ನು ನಿಯೋಜಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ, ಮತ್ತು ಕಲಿಯುವವರು ತಮ್ಮ ಕೋರ್ಸ್‌ಗಳನ್ನು ಮುಂದುವರಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ.',
    'ಎಲ್ಲರೂ ಇನ್ನೂ ಸೈನ್ ಇನ್ ಮಾಡಬಹುದು, ಇರುವುದನ್ನು ಓದಬಹುದು ಮತ್ತು ತಮ್ಮ ಪ್ರೊಫೈಲ್ ಅನ್ನು ನವೀಕರಿಸಬಹುದು, ಮತ್ತು ಕಿರುಕುಳದ ದೂರುಗಳಿಗಾಗಿ ಸಂಪರ್ಕ ಎಲ್ಲರ ಮುಖಪುಟದಲ್ಲಿ ಉಳಿಯುತ್ತದೆ. ಏನನ್ನೂ ಅಳಿಸಲಾಗುವುದಿಲ್ಲ.',
    'ಒಪ್ಪಂದವನ್ನು ನವೀಕರಿಸಲು ನಿಮ್ಮ ಸೇವಾ ಪೂರೈಕೆದಾರರನ್ನು ಸಂಪರ್ಕಿಸಿ. ನವೀಕರಿಸಿದ ತಕ್ಷಣ ವರ್ಕ್‌ಸ್ಪೇಸ್ ಮೊದಲಿನಂತೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ.',
  ],
  open: 'ವರ್ಕ್‌ಸ್ಪೇಸ್ ತೆರೆಯಿರಿ',
};

const te: Texts = {
  subject: (v) => `${v.company}: మీ ఒప్పందం ${v.lastDay}న ముగుస్తుంది`,
  lines: (v) => [
    `నమస్కారం ${v.firstName || ''},`.replace(' ,', ','),
    v.daysLeft === 0
      ? `ఈ రోజు, ${v.lastDay}, ${v.company} వర్క్‌స్పేస్ ఒప్పందానికి చివరి రోజు.`
      : `${v.company} వర్క్‌స్పేస్ ఒప్పందం ${v.lastDay}న, అంటే ${v.daysLeft} రోజుల్లో, ముగుస్తుంది.`,
    'ఆ రోజు తర్వాత వర్క్‌స్పేస్ నిర్వహణ మరియు అభ్యాసం కోసం చదవడానికి మాత్రమే అవుతుంది: ఎవరూ వ్యక్తులను ఆహ్వానించలేరు, వినియోగదారులు, యూనిట్లు లేదా సెట్టింగ్‌లను మార్చలేరు, కోర్సులను కేటాయించలేరు, మరియు అభ్యాసకులు తమ కోర్సులను కొనసాగించలేరు.',
    'అందరూ ఇప్పటికీ సైన్ ఇన్ చేయవచ్చు, ఉన్నదాన్ని చదవవచ్చు మరియు తమ ప్రొఫైల్‌ను నవీకరించవచ్చు, మరియు వేధింపుల ఫిర్యాదుల కోసం సంప్రదింపు వివరాలు అందరి హోమ్ పేజీలో ఉంటాయి. ఏదీ తొలగించబడదు.',
    'ఒప్పందాన్ని పునరుద్ధరించడానికి మీ సేవా ప్రదాతను సంప్రదించండి. పునరుద్ధరించిన వెంటనే వర్క్‌స్పేస్ మునుపటిలా పనిచేస్తుంది.',
  ],
  open: 'వర్క్‌స్పేస్ తెరవండి',
};

const ta: Texts = {
  subject: (v) => `${v.company}: உங்கள் ஒப்பந்தம் ${v.lastDay} அன்று முடிவடைகிறது`,
  lines: (v) => [
    `வணக்கம் ${v.firstName || ''},`.replace(' ,', ','),
    v.daysLeft === 0
      ? `இன்று, ${v.lastDay}, ${v.company} வொர்க்ஸ்பேஸின் ஒப்பந்தத்தின் கடைசி நாள்.`
      : `${v.company} வொர்க்ஸ்பேஸின் ஒப்பந்தம் ${v.lastDay} அன்று, அதாவது ${v.daysLeft} நாட்களில், முடிவடைகிறது.`,
    'அந்த நாளுக்குப் பிறகு வொர்க்ஸ்பேஸ் நிர்வாகம் மற்றும் கற்றலுக்கு படிக்க மட்டுமே ஆகிவிடும்: யாரும் நபர்களை அழைக்கவோ, பயனர்கள், பிரிவுகள் அல்லது அமைப்புகளை மாற்றவோ, பாடநெறிகளை ஒதுக்கவோ முடியாது, மேலும் கற்பவர்கள் தங்கள் பாடநெறிகளைத் தொடர முடியாது.',
    'அனைவரும் இன்னும் உள்நுழையலாம், உள்ளதைப் படிக்கலாம், தங்கள் சுயவிவரத்தைப் புதுப்பிக்கலாம்; துன்புறுத்தல் புகார்களுக்கான தொடர்பு அனைவரின் முகப்புப் பக்கத்திலும் இருக்கும். எதுவும் நீக்கப்படாது.',
    'ஒப்பந்தத்தைப் புதுப்பிக்க உங்கள் சேவை வழங்குநரைத் தொடர்புகொள்ளவும். புதுப்பித்தவுடன் வொர்க்ஸ்பேஸ் உடனே முன்பு போல் செயல்படும்.',
  ],
  open: 'வொர்க்ஸ்பேஸைத் திறக்கவும்',
};

const mr: Texts = {
  subject: (v) => `${v.company}: तुमचा करार ${v.lastDay} रोजी संपत आहे`,
  lines: (v) => [
    `नमस्कार ${v.firstName || ''},`.replace(' ,', ','),
    v.daysLeft === 0
      ? `आज, ${v.lastDay}, ${v.company} वर्कस्पेसच्या कराराचा शेवटचा दिवस आहे.`
      : `${v.company} वर्कस्पेसचा करार ${v.lastDay} रोजी, म्हणजे ${v.daysLeft} दिवसांत, संपत आहे.`,
    'त्या दिवसानंतर वर्कस्पेस प्रशासन आणि प्रशिक्षणासाठी केवळ वाचनीय होईल: कोणालाही लोकांना आमंत्रित करता येणार नाही, वापरकर्ते, युनिट्स किंवा सेटिंग्ज बदलता येणार नाहीत किंवा अभ्यासक्रम नेमून देता येणार नाहीत, आणि प्रशिक्षणार्थींना त्यांचे अभ्यासक्रम पुढे चालू ठेवता येणार नाहीत.',
    'सर्वजण तरीही साइन इन करू शकतील, जे आहे ते वाचू शकतील आणि स्वतःची प्रोफाइल अद्ययावत करू शकतील, आणि छळाच्या तक्रारींसाठीचा संपर्क सर्वांच्या मुख्यपृष्ठावर राहील. काहीही हटवले जाणार नाही.',
    'कराराचे नूतनीकरण करण्यासाठी तुमच्या सेवा पुरवठादाराशी संपर्क साधा. नूतनीकरण होताच वर्कस्पेस लगेच पूर्वीसारखे काम करेल.',
  ],
  open: 'वर्कस्पेस उघडा',
};

const fr: Texts = {
  subject: (v) => `${v.company} : votre contrat prend fin le ${v.lastDay}`,
  lines: (v) => [
    `Bonjour${v.firstName ? ` ${v.firstName}` : ''},`,
    v.daysLeft === 0
      ? `Aujourd’hui, ${v.lastDay}, est le dernier jour du contrat de l’espace de travail ${v.company}.`
      : `Le contrat de l’espace de travail ${v.company} prend fin le ${v.lastDay}, dans ${v.daysLeft} jour${v.daysLeft === 1 ? '' : 's'}.`,
    'Après ce jour, l’espace de travail passe en lecture seule pour l’administration et la formation : personne ne peut inviter de nouvelles personnes, modifier les utilisateurs, les unités ou les paramètres, ni assigner de cours, et les apprenants ne peuvent plus avancer dans leurs cours.',
    'Chacun peut toujours se connecter, consulter ce qui s’y trouve et mettre à jour son propre profil, et la personne à contacter en cas de harcèlement reste affichée sur la page d’accueil de chacun. Rien n’est supprimé.',
    'Pour renouveler le contrat, communiquez avec votre fournisseur. Dès son renouvellement, l’espace de travail fonctionne de nouveau comme avant.',
  ],
  open: 'Ouvrir l’espace de travail',
};

const TEXTS: Record<Language, Texts> = { en, hi, kn, te, ta, mr, fr };

const LOCALES: Record<Language, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  kn: 'kn-IN',
  te: 'te-IN',
  ta: 'ta-IN',
  mr: 'mr-IN',
  fr: 'fr-CA',
};

/** A plain date (YYYY-MM-DD) as a reader of `lang` writes it, e.g. "24 Nov 2026". */
export function plainDateIn(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The contract warning in `lang`. */
export function contractWarningMail(lang: Language, v: ContractMailValues): MailText {
  const t = TEXTS[lang];
  return { subject: t.subject(v), blocks: [...t.lines(v), { link: v.link, label: t.open }] };
}
