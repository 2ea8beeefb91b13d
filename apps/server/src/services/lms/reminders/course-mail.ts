import type { Language, MailText } from '../../../core/messages/catalogue.ts';
import type { CourseNoticeKind } from '../queues.ts';

/**
 * The course mails (issue 14), one per kind of notice, in the seven languages: what the learner is
 * told (assigned, reminded, due soon, overdue, a completion about to expire, a new round), and what
 * the learner's department managers (first escalation) and the workspace's escalation target
 * (second) are told. Rendered with the workspace's branding by `renderMail` (core/messages), as
 * the platform's other mails are.
 */

export type CourseMailValues = {
  company: string;
  /** The recipient's first name ('' when none). */
  firstName: string;
  /** The course's title. */
  course: string;
  /** The learner's name (escalations: the recipient is someone else). */
  learner: string;
  /** The due date as the recipient reads it, or null when the enrolment has none. */
  due: string | null;
  /** Days since the due date (escalations). */
  daysOverdue: number;
  /** When the completion expires (EXPIRY_NOTICE). */
  expires: string | null;
  /** The learner's course page, or the course's learners page (escalations). */
  link: string;
};

type Texts = {
  hello(firstName: string): string;
  dueBy(due: string): string;
  openCourse: string;
  openLearners: string;
  subjects: Record<CourseNoticeKind, (v: CourseMailValues) => string>;
  lines: Record<CourseNoticeKind, (v: CourseMailValues) => string[]>;
};

const en: Texts = {
  hello: (n) => `Hello ${n || 'there'},`,
  dueBy: (due) => `Please finish it by ${due}.`,
  openCourse: 'Open the course',
  openLearners: 'See the course’s learners',
  subjects: {
    ASSIGNED: (v) => `New course: ${v.course}`,
    MANUAL: (v) => `Reminder: ${v.course}`,
    BEFORE_DUE: (v) => `${v.course} is due on ${v.due}`,
    AFTER_DUE: (v) => `Overdue: ${v.course}`,
    ESCALATION_1: (v) => `Overdue training in your department: ${v.learner}`,
    ESCALATION_2: (v) => `Escalation: ${v.learner} has not finished ${v.course}`,
    EXPIRY_NOTICE: (v) => `${v.course}: your completion expires on ${v.expires}`,
    NEW_CYCLE: (v) => `Time to take ${v.course} again`,
  },
  lines: {
    ASSIGNED: (v) => [`${v.company} has assigned you the course “${v.course}”.`],
    MANUAL: (v) => [`This is a reminder to finish the course “${v.course}”.`],
    BEFORE_DUE: (v) => [`The course “${v.course}” is due on ${v.due} and is not finished yet.`],
    AFTER_DUE: (v) => [
      `The course “${v.course}” was due on ${v.due} and is not finished yet. Please finish it as soon as you can.`,
    ],
    ESCALATION_1: (v) => [
      `${v.learner} has not finished the course “${v.course}”, due on ${v.due} (${v.daysOverdue} days ago).`,
      'You are told as a manager of their department.',
    ],
    ESCALATION_2: (v) => [
      `${v.learner} has not finished the course “${v.course}”, due on ${v.due} (${v.daysOverdue} days ago).`,
      'Their department managers were told earlier. You are told as the workspace’s escalation contact.',
    ],
    EXPIRY_NOTICE: (v) => [
      `Your completion of the course “${v.course}” expires on ${v.expires}. You will be asked to take it again then.`,
    ],
    NEW_CYCLE: (v) => [`A new round of the course “${v.course}” has started for you.`],
  },
};

const hi: Texts = {
  hello: (n) => `नमस्ते${n ? ` ${n}` : ''},`,
  dueBy: (due) => `कृपया इसे ${due} तक पूरा करें।`,
  openCourse: 'कोर्स खोलें',
  openLearners: 'कोर्स के शिक्षार्थी देखें',
  subjects: {
    ASSIGNED: (v) => `नया कोर्स: ${v.course}`,
    MANUAL: (v) => `रिमाइंडर: ${v.course}`,
    BEFORE_DUE: (v) => `${v.course} की नियत तारीख ${v.due} है`,
    AFTER_DUE: (v) => `समय सीमा बीत गई: ${v.course}`,
    ESCALATION_1: (v) => `आपके विभाग में अधूरा प्रशिक्षण: ${v.learner}`,
    ESCALATION_2: (v) => `एस्केलेशन: ${v.learner} ने ${v.course} पूरा नहीं किया है`,
    EXPIRY_NOTICE: (v) => `${v.course}: आपका पूरा करना ${v.expires} को समाप्त होगा`,
    NEW_CYCLE: (v) => `${v.course} फिर से करने का समय`,
  },
  lines: {
    ASSIGNED: (v) => [`${v.company} ने आपको कोर्स “${v.course}” सौंपा है।`],
    MANUAL: (v) => [`यह कोर्स “${v.course}” पूरा करने का रिमाइंडर है।`],
    BEFORE_DUE: (v) => [`कोर्स “${v.course}” की नियत तारीख ${v.due} है और यह अभी पूरा नहीं हुआ है।`],
    AFTER_DUE: (v) => [
      `कोर्स “${v.course}” की नियत तारीख ${v.due} थी और यह अभी पूरा नहीं हुआ है। कृपया इसे जल्द से जल्द पूरा करें।`,
    ],
    ESCALATION_1: (v) => [
      `${v.learner} ने कोर्स “${v.course}” पूरा नहीं किया है, जिसकी नियत तारीख ${v.due} थी (${v.daysOverdue} दिन पहले)।`,
      'आपको यह उनके विभाग के प्रबंधक के रूप में बताया जा रहा है।',
    ],
    ESCALATION_2: (v) => [
      `${v.learner} ने कोर्स “${v.course}” पूरा नहीं किया है, जिसकी नियत तारीख ${v.due} थी (${v.daysOverdue} दिन पहले)।`,
      'उनके विभाग के प्रबंधकों को पहले बताया गया था। आपको यह वर्कस्पेस के एस्केलेशन संपर्क के रूप में बताया जा रहा है।',
    ],
    EXPIRY_NOTICE: (v) => [
      `कोर्स “${v.course}” का आपका पूरा करना ${v.expires} को समाप्त होगा। तब आपसे इसे फिर से करने को कहा जाएगा।`,
    ],
    NEW_CYCLE: (v) => [`आपके लिए कोर्स “${v.course}” का एक नया दौर शुरू हुआ है।`],
  },
};

const kn: Texts = {
  hello: (n) => `ನಮಸ್ಕಾರ${n ? ` ${n}` : ''},`,
  dueBy: (due) => `ದಯವಿಟ್ಟು ಇದನ್ನು ${due} ರೊಳಗೆ ಪೂರ್ಣಗೊಳಿಸಿ.`,
  openCourse: 'ಕೋರ್ಸ್ ತೆರೆಯಿರಿ',
  openLearners: 'ಕೋರ್ಸ್‌ನ ಕಲಿಯುವವರನ್ನು ನೋಡಿ',
  subjects: {
    ASSIGNED: (v) => `ಹೊಸ ಕೋರ್ಸ್: ${v.course}`,
    MANUAL: (v) => `ಜ್ಞಾಪನೆ: ${v.course}`,
    BEFORE_DUE: (v) => `${v.course} ಕೊನೆಯ ದಿನಾಂಕ ${v.due}`,
    AFTER_DUE: (v) => `ಅವಧಿ ಮೀರಿದೆ: ${v.course}`,
    ESCALATION_1: (v) => `ನಿಮ್ಮ ವಿಭಾಗದಲ್ಲಿ ಬಾಕಿ ತರಬೇತಿ: ${v.learner}`,
    ESCALATION_2: (v) => `ಎಸ್ಕಲೇಶನ್: ${v.learner} ಅವರು ${v.course} ಪೂರ್ಣಗೊಳಿಸಿಲ್ಲ`,
    EXPIRY_NOTICE: (v) => `${v.course}: ನಿಮ್ಮ ಪೂರ್ಣಗೊಳಿಸುವಿಕೆ ${v.expires} ರಂದು ಮುಕ್ತಾಯವಾಗುತ್ತದೆ`,
    NEW_CYCLE: (v) => `${v.course} ಅನ್ನು ಮತ್ತೆ ತೆಗೆದುಕೊಳ್ಳುವ ಸಮಯ`,
  },
  lines: {
    ASSIGNED: (v) => [`${v.company} ನಿಮಗೆ “${v.course}” ಕೋರ್ಸ್ ಅನ್ನು ನಿಯೋಜಿಸಿದೆ.`],
    MANUAL: (v) => [`“${v.course}” ಕೋರ್ಸ್ ಪೂರ್ಣಗೊಳಿಸಲು ಇದು ಒಂದು ಜ್ಞಾಪನೆ.`],
    BEFORE_DUE: (v) => [`“${v.course}” ಕೋರ್ಸ್‌ನ ಕೊನೆಯ ದಿನಾಂಕ ${v.due}, ಮತ್ತು ಇದು ಇನ್ನೂ ಪೂರ್ಣಗೊಂಡಿಲ್ಲ.`],
    AFTER_DUE: (v) => [`“${v.course}” ಕೋರ್ಸ್‌ನ ಕೊನೆಯ ದಿನಾಂಕ ${v.due} ಆಗಿತ್ತು, ಮತ್ತು ಇದು ಇನ್ನೂ ಪೂರ್ಣಗೊಂಡಿಲ್ಲ. ದಯವಿಟ್ಟು ಆದಷ್ಟು ಬೇಗ ಪೂರ್ಣಗೊಳಿಸಿ.`],
    ESCALATION_1: (v) => [
      `${v.learner} ಅವರು “${v.course}” ಕೋರ್ಸ್ ಪೂರ್ಣಗೊಳಿಸಿಲ್ಲ; ಕೊನೆಯ ದಿನಾಂಕ ${v.due} (${v.daysOverdue} ದಿನಗಳ ಹಿಂದೆ).`,
      'ಅವರ ವಿಭಾಗದ ವ್ಯವಸ್ಥಾಪಕರಾಗಿ ನಿಮಗೆ ತಿಳಿಸಲಾಗುತ್ತಿದೆ.',
    ],
    ESCALATION_2: (v) => [
      `${v.learner} ಅವರು “${v.course}” ಕೋರ್ಸ್ ಪೂರ್ಣಗೊಳಿಸಿಲ್ಲ; ಕೊನೆಯ ದಿನಾಂಕ ${v.due} (${v.daysOverdue} ದಿನಗಳ ಹಿಂದೆ).`,
      'ಅವರ ವಿಭಾಗದ ವ್ಯವಸ್ಥಾಪಕರಿಗೆ ಮೊದಲೇ ತಿಳಿಸಲಾಗಿತ್ತು. ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನ ಎಸ್ಕಲೇಶನ್ ಸಂಪರ್ಕವಾಗಿ ನಿಮಗೆ ತಿಳಿಸಲಾಗುತ್ತಿದೆ.',
    ],
    EXPIRY_NOTICE: (v) => [
      `“${v.course}” ಕೋರ್ಸ್‌ನ ನಿಮ್ಮ ಪೂರ್ಣಗೊಳಿಸುವಿಕೆ ${v.expires} ರಂದು ಮುಕ್ತಾಯವಾಗುತ್ತದೆ. ಆಗ ಅದನ್ನು ಮತ್ತೆ ತೆಗೆದುಕೊಳ್ಳಲು ಕೇಳಲಾಗುತ್ತದೆ.`,
    ],
    NEW_CYCLE: (v) => [`ನಿಮಗಾಗಿ “${v.course}” ಕೋರ್ಸ್‌ನ ಹೊಸ ಸುತ್ತು ಪ್ರಾರಂಭವಾಗಿದೆ.`],
  },
};

const te: Texts = {
  hello: (n) => `నమస్తే${n ? ` ${n}` : ''},`,
  dueBy: (due) => `దయచేసి దీన్ని ${due} లోపు పూర్తి చేయండి.`,
  openCourse: 'కోర్సు తెరవండి',
  openLearners: 'కోర్సు అభ్యాసకులను చూడండి',
  subjects: {
    ASSIGNED: (v) => `కొత్త కోర్సు: ${v.course}`,
    MANUAL: (v) => `రిమైండర్: ${v.course}`,
    BEFORE_DUE: (v) => `${v.course} గడువు తేదీ ${v.due}`,
    AFTER_DUE: (v) => `గడువు దాటింది: ${v.course}`,
    ESCALATION_1: (v) => `మీ విభాగంలో పెండింగ్ శిక్షణ: ${v.learner}`,
    ESCALATION_2: (v) => `ఎస్కలేషన్: ${v.learner} ${v.course} పూర్తి చేయలేదు`,
    EXPIRY_NOTICE: (v) => `${v.course}: మీ పూర్తి ${v.expires} న ముగుస్తుంది`,
    NEW_CYCLE: (v) => `${v.course} మళ్లీ తీసుకునే సమయం`,
  },
  lines: {
    ASSIGNED: (v) => [`${v.company} మీకు “${v.course}” కోర్సును కేటాయించింది.`],
    MANUAL: (v) => [`“${v.course}” కోర్సును పూర్తి చేయడానికి ఇది రిమైండర్.`],
    BEFORE_DUE: (v) => [`“${v.course}” కోర్సు గడువు తేదీ ${v.due}, ఇది ఇంకా పూర్తి కాలేదు.`],
    AFTER_DUE: (v) => [`“${v.course}” కోర్సు గడువు తేదీ ${v.due}, ఇది ఇంకా పూర్తి కాలేదు. దయచేసి వీలైనంత త్వరగా పూర్తి చేయండి.`],
    ESCALATION_1: (v) => [
      `${v.learner} “${v.course}” కోర్సును పూర్తి చేయలేదు; గడువు తేదీ ${v.due} (${v.daysOverdue} రోజుల క్రితం).`,
      'వారి విభాగం మేనేజర్‌గా మీకు తెలియజేస్తున్నాము.',
    ],
    ESCALATION_2: (v) => [
      `${v.learner} “${v.course}” కోర్సును పూర్తి చేయలేదు; గడువు తేదీ ${v.due} (${v.daysOverdue} రోజుల క్రితం).`,
      'వారి విభాగం మేనేజర్‌లకు ముందే తెలియజేశాము. వర్క్‌స్పేస్ ఎస్కలేషన్ సంప్రదింపుగా మీకు తెలియజేస్తున్నాము.',
    ],
    EXPIRY_NOTICE: (v) => [`“${v.course}” కోర్సులో మీ పూర్తి ${v.expires} న ముగుస్తుంది. అప్పుడు దాన్ని మళ్లీ తీసుకోవాలని కోరతాము.`],
    NEW_CYCLE: (v) => [`మీ కోసం “${v.course}” కోర్సు యొక్క కొత్త రౌండ్ ప్రారంభమైంది.`],
  },
};

const ta: Texts = {
  hello: (n) => `வணக்கம்${n ? ` ${n}` : ''},`,
  dueBy: (due) => `தயவுசெய்து இதை ${due} க்குள் முடிக்கவும்.`,
  openCourse: 'பாடநெறியைத் திறக்கவும்',
  openLearners: 'பாடநெறியின் கற்பவர்களைப் பார்க்கவும்',
  subjects: {
    ASSIGNED: (v) => `புதிய பாடநெறி: ${v.course}`,
    MANUAL: (v) => `நினைவூட்டல்: ${v.course}`,
    BEFORE_DUE: (v) => `${v.course} கடைசி தேதி ${v.due}`,
    AFTER_DUE: (v) => `காலம் கடந்தது: ${v.course}`,
    ESCALATION_1: (v) => `உங்கள் துறையில் நிலுவையில் உள்ள பயிற்சி: ${v.learner}`,
    ESCALATION_2: (v) => `எஸ்கலேஷன்: ${v.learner} ${v.course} முடிக்கவில்லை`,
    EXPIRY_NOTICE: (v) => `${v.course}: உங்கள் நிறைவு ${v.expires} அன்று காலாவதியாகும்`,
    NEW_CYCLE: (v) => `${v.course} மீண்டும் எடுக்கும் நேரம்`,
  },
  lines: {
    ASSIGNED: (v) => [`${v.company} உங்களுக்கு “${v.course}” பாடநெறியை ஒதுக்கியுள்ளது.`],
    MANUAL: (v) => [`“${v.course}” பாடநெறியை முடிக்க இது ஒரு நினைவூட்டல்.`],
    BEFORE_DUE: (v) => [`“${v.course}” பாடநெறியின் கடைசி தேதி ${v.due}, இது இன்னும் முடிக்கப்படவில்லை.`],
    AFTER_DUE: (v) => [
      `“${v.course}” பாடநெறியின் கடைசி தேதி ${v.due}, இது இன்னும் முடிக்கப்படவில்லை. முடிந்தவரை விரைவில் முடிக்கவும்.`,
    ],
    ESCALATION_1: (v) => [
      `${v.learner} “${v.course}” பாடநெறியை முடிக்கவில்லை; கடைசி தேதி ${v.due} (${v.daysOverdue} நாட்களுக்கு முன்).`,
      'அவர்களின் துறை மேலாளராக உங்களுக்குத் தெரிவிக்கப்படுகிறது.',
    ],
    ESCALATION_2: (v) => [
      `${v.learner} “${v.course}” பாடநெறியை முடிக்கவில்லை; கடைசி தேதி ${v.due} (${v.daysOverdue} நாட்களுக்கு முன்).`,
      'அவர்களின் துறை மேலாளர்களுக்கு முன்பே தெரிவிக்கப்பட்டது. வொர்க்ஸ்பேஸின் எஸ்கலேஷன் தொடர்பாக உங்களுக்குத் தெரிவிக்கப்படுகிறது.',
    ],
    EXPIRY_NOTICE: (v) => [
      `“${v.course}” பாடநெறியின் உங்கள் நிறைவு ${v.expires} அன்று காலாவதியாகும். அப்போது அதை மீண்டும் எடுக்கக் கேட்கப்படுவீர்கள்.`,
    ],
    NEW_CYCLE: (v) => [`உங்களுக்காக “${v.course}” பாடநெறியின் புதிய சுற்று தொடங்கியுள்ளது.`],
  },
};

const mr: Texts = {
  hello: (n) => `नमस्कार${n ? ` ${n}` : ''},`,
  dueBy: (due) => `कृपया ${due} पर्यंत तो पूर्ण करा.`,
  openCourse: 'कोर्स उघडा',
  openLearners: 'कोर्सचे शिकणारे पाहा',
  subjects: {
    ASSIGNED: (v) => `नवीन कोर्स: ${v.course}`,
    MANUAL: (v) => `रिमाइंडर: ${v.course}`,
    BEFORE_DUE: (v) => `${v.course} ची अंतिम तारीख ${v.due}`,
    AFTER_DUE: (v) => `मुदत संपली: ${v.course}`,
    ESCALATION_1: (v) => `तुमच्या विभागातील अपूर्ण प्रशिक्षण: ${v.learner}`,
    ESCALATION_2: (v) => `एस्केलेशन: ${v.learner} यांनी ${v.course} पूर्ण केलेला नाही`,
    EXPIRY_NOTICE: (v) => `${v.course}: तुमची पूर्तता ${v.expires} रोजी संपेल`,
    NEW_CYCLE: (v) => `${v.course} पुन्हा करण्याची वेळ`,
  },
  lines: {
    ASSIGNED: (v) => [`${v.company} ने तुम्हाला “${v.course}” हा कोर्स दिला आहे.`],
    MANUAL: (v) => [`“${v.course}” हा कोर्स पूर्ण करण्याचा हा रिमाइंडर आहे.`],
    BEFORE_DUE: (v) => [`“${v.course}” या कोर्सची अंतिम तारीख ${v.due} आहे आणि तो अजून पूर्ण झालेला नाही.`],
    AFTER_DUE: (v) => [
      `“${v.course}” या कोर्सची अंतिम तारीख ${v.due} होती आणि तो अजून पूर्ण झालेला नाही. कृपया लवकरात लवकर पूर्ण करा.`,
    ],
    ESCALATION_1: (v) => [
      `${v.learner} यांनी “${v.course}” हा कोर्स पूर्ण केलेला नाही; अंतिम तारीख ${v.due} (${v.daysOverdue} दिवसांपूर्वी).`,
      'त्यांच्या विभागाचे व्यवस्थापक म्हणून तुम्हाला कळवले जात आहे.',
    ],
    ESCALATION_2: (v) => [
      `${v.learner} यांनी “${v.course}” हा कोर्स पूर्ण केलेला नाही; अंतिम तारीख ${v.due} (${v.daysOverdue} दिवसांपूर्वी).`,
      'त्यांच्या विभागाच्या व्यवस्थापकांना आधी कळवले होते. वर्कस्पेसचा एस्केलेशन संपर्क म्हणून तुम्हाला कळवले जात आहे.',
    ],
    EXPIRY_NOTICE: (v) => [
      `“${v.course}” या कोर्सची तुमची पूर्तता ${v.expires} रोजी संपेल. तेव्हा तुम्हाला तो पुन्हा करण्यास सांगितले जाईल.`,
    ],
    NEW_CYCLE: (v) => [`तुमच्यासाठी “${v.course}” या कोर्सची नवीन फेरी सुरू झाली आहे.`],
  },
};

const fr: Texts = {
  hello: (n) => `Bonjour ${n || 'à vous'},`,
  dueBy: (due) => `Veuillez le terminer d’ici le ${due}.`,
  openCourse: 'Ouvrir le cours',
  openLearners: 'Voir les apprenants du cours',
  subjects: {
    ASSIGNED: (v) => `Nouveau cours : ${v.course}`,
    MANUAL: (v) => `Rappel : ${v.course}`,
    BEFORE_DUE: (v) => `${v.course} est à terminer d’ici le ${v.due}`,
    AFTER_DUE: (v) => `En retard : ${v.course}`,
    ESCALATION_1: (v) => `Formation en retard dans votre service : ${v.learner}`,
    ESCALATION_2: (v) => `Escalade : ${v.learner} n’a pas terminé ${v.course}`,
    EXPIRY_NOTICE: (v) => `${v.course} : votre réussite expire le ${v.expires}`,
    NEW_CYCLE: (v) => `Il est temps de refaire ${v.course}`,
  },
  lines: {
    ASSIGNED: (v) => [`${v.company} vous a assigné le cours « ${v.course} ».`],
    MANUAL: (v) => [`Ceci est un rappel pour terminer le cours « ${v.course} ».`],
    BEFORE_DUE: (v) => [`Le cours « ${v.course} » est à terminer d’ici le ${v.due} et n’est pas encore terminé.`],
    AFTER_DUE: (v) => [
      `Le cours « ${v.course} » devait être terminé le ${v.due} et ne l’est pas encore. Veuillez le terminer dès que possible.`,
    ],
    ESCALATION_1: (v) => [
      `${v.learner} n’a pas terminé le cours « ${v.course} », à terminer le ${v.due} (il y a ${v.daysOverdue} jours).`,
      'Vous en êtes informé(e) en tant que gestionnaire de son service.',
    ],
    ESCALATION_2: (v) => [
      `${v.learner} n’a pas terminé le cours « ${v.course} », à terminer le ${v.due} (il y a ${v.daysOverdue} jours).`,
      'Les gestionnaires de son service ont été informés plus tôt. Vous en êtes informé(e) en tant que personne-ressource d’escalade de l’espace de travail.',
    ],
    EXPIRY_NOTICE: (v) => [
      `Votre réussite du cours « ${v.course} » expire le ${v.expires}. On vous demandera alors de le refaire.`,
    ],
    NEW_CYCLE: (v) => [`Un nouveau cycle du cours « ${v.course} » a commencé pour vous.`],
  },
};

const TEXTS: Record<Language, Texts> = { en, hi, kn, te, ta, mr, fr };

/** Kinds told to someone other than the learner (the link goes to the course's learners page). */
export const ESCALATIONS: readonly CourseNoticeKind[] = ['ESCALATION_1', 'ESCALATION_2'];
/** Kinds that say the due date ("please finish it by …") when there is one. */
const SAYS_DUE: readonly CourseNoticeKind[] = ['ASSIGNED', 'MANUAL', 'NEW_CYCLE'];

/** The course mail of `kind` in `lang`, before branding. */
export function courseMail(kind: CourseNoticeKind, lang: Language, v: CourseMailValues): MailText {
  const t = TEXTS[lang];
  const escalation = ESCALATIONS.includes(kind);
  return {
    subject: t.subjects[kind](v),
    blocks: [
      t.hello(v.firstName),
      ...t.lines[kind](v),
      ...(SAYS_DUE.includes(kind) && v.due ? [t.dueBy(v.due)] : []),
      { link: v.link, label: escalation ? t.openLearners : t.openCourse },
    ],
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

/** A date as the recipient reads it (their language, the workspace's time zone), e.g. "24 Nov 2026". */
export function mailDate(at: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone }).format(at);
}
