import type { Language } from '../../../core/messages/index.ts';

/**
 * The words of a certificate in the seven languages. They live beside the certificate rather than in
 * core/messages (the mail catalogue) because a certificate is a page, not a mail; the compiler
 * insists on every language (docs/languages.md: "course" is कोर्स in Hindi and Marathi).
 */
export type CertificateTexts = {
  /** Heading. */
  title: string;
  /** Before the learner's name. */
  certifies: string;
  /** Between the learner's name and the course title. */
  completed: string;
  /** After the course title. */
  on(date: string): string;
  /** The score, already written in the language's digits. */
  score(percent: string): string;
  code: string;
  /** Before the verification address. */
  checkAt: string;
  /** The PDF file's name, before the code (Latin letters: file names travel badly otherwise). */
  fileName: string;
};

export const CERTIFICATE_TEXTS: Record<Language, CertificateTexts> = {
  en: {
    title: 'Certificate of Completion',
    certifies: 'This is to certify that',
    completed: 'has successfully completed the course',
    on: (date) => `on ${date}`,
    score: (n) => `Score: ${n}%`,
    code: 'Verification code',
    checkAt: 'Check this certificate at',
    fileName: 'certificate',
  },
  hi: {
    title: 'समापन प्रमाणपत्र',
    certifies: 'यह प्रमाणित किया जाता है कि',
    completed: 'ने यह कोर्स सफलतापूर्वक पूरा किया है',
    on: (date) => `दिनांक: ${date}`,
    score: (n) => `स्कोर: ${n}%`,
    code: 'सत्यापन कोड',
    checkAt: 'इस प्रमाणपत्र की जाँच यहाँ करें:',
    fileName: 'certificate',
  },
  mr: {
    title: 'पूर्तता प्रमाणपत्र',
    certifies: 'हे प्रमाणित करण्यात येते की',
    completed: 'यांनी हा कोर्स यशस्वीरीत्या पूर्ण केला आहे',
    on: (date) => `दिनांक: ${date}`,
    score: (n) => `गुण: ${n}%`,
    code: 'पडताळणी कोड',
    checkAt: 'या प्रमाणपत्राची पडताळणी येथे करा:',
    fileName: 'certificate',
  },
  kn: {
    title: 'ಪೂರ್ಣಗೊಳಿಸಿದ ಪ್ರಮಾಣಪತ್ರ',
    certifies: 'ಈ ಮೂಲಕ ಪ್ರಮಾಣೀಕರಿಸಲಾಗಿದೆ:',
    completed: 'ಇವರು ಈ ಕೋರ್ಸ್ ಅನ್ನು ಯಶಸ್ವಿಯಾಗಿ ಪೂರ್ಣಗೊಳಿಸಿದ್ದಾರೆ',
    on: (date) => `ದಿನಾಂಕ: ${date}`,
    score: (n) => `ಅಂಕ: ${n}%`,
    code: 'ಪರಿಶೀಲನಾ ಕೋಡ್',
    checkAt: 'ಈ ಪ್ರಮಾಣಪತ್ರವನ್ನು ಇಲ್ಲಿ ಪರಿಶೀಲಿಸಿ:',
    fileName: 'certificate',
  },
  te: {
    title: 'పూర్తి చేసినట్లు ధృవీకరణ పత్రం',
    certifies: 'ఇందుమూలంగా ధృవీకరించడమైనది:',
    completed: 'ఈ కోర్సును విజయవంతంగా పూర్తి చేశారు',
    on: (date) => `తేదీ: ${date}`,
    score: (n) => `స్కోరు: ${n}%`,
    code: 'ధృవీకరణ కోడ్',
    checkAt: 'ఈ పత్రాన్ని ఇక్కడ తనిఖీ చేయండి:',
    fileName: 'certificate',
  },
  ta: {
    title: 'நிறைவுச் சான்றிதழ்',
    certifies: 'இதன்மூலம் சான்றளிக்கப்படுவது:',
    completed: 'இந்தப் பாடநெறியை வெற்றிகரமாக நிறைவு செய்துள்ளார்',
    on: (date) => `தேதி: ${date}`,
    score: (n) => `மதிப்பெண்: ${n}%`,
    code: 'சரிபார்ப்புக் குறியீடு',
    checkAt: 'இந்தச் சான்றிதழை இங்கே சரிபார்க்கவும்:',
    fileName: 'certificate',
  },
  fr: {
    title: 'Certificat de réussite',
    certifies: 'Nous certifions que',
    completed: 'a terminé avec succès le cours',
    on: (date) => `le ${date}`,
    score: (n) => `Note : ${n} %`,
    code: 'Code de vérification',
    checkAt: 'Vérifiez ce certificat à l’adresse',
    fileName: 'certificat',
  },
};
