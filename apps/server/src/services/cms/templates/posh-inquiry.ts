import type { TCmsText, TWorkflowDefinition } from '@app/contract';
import { INDIA_POSH_CLOCKS as C } from '../../../core/statutory-clocks.ts';
import { fromClock, onRequest, stepOf } from './build.ts';
import { defaultForm, pick } from './texts.ts';

/*
 * "POSH Act inquiry" (India: the POSH Act 2013 and Rules 2013, ../shared/LEGAL.md), written for
 * this product in English, Hindi, Kannada, Telugu, Tamil and Marathi. Every deadline is a clock of
 * core/statutory-clocks.ts and cites its section; steps the law starts only on request (conciliation
 * s.10(1), interim relief s.12) wait for that request.
 */

const LANGS = ['en', 'hi', 'kn', 'te', 'ta', 'mr'] as const;
const t = (en: string, hi: string, kn: string, te: string, ta: string, mr: string) => ({ en, hi, kn, te, ta, mr });
const p = (x: ReturnType<typeof t>): TCmsText => pick(x, LANGS);
const step = (s: Parameters<typeof stepOf>[1]) => stepOf(LANGS, s);

export const POSH_NAME = t(
  'POSH Act inquiry',
  'POSH अधिनियम जाँच',
  'POSH ಕಾಯ್ದೆ ವಿಚಾರಣೆ',
  'POSH చట్టం విచారణ',
  'POSH சட்ட விசாரணை',
  'POSH कायदा चौकशी',
);
export const POSH_SUMMARY = t(
  'An inquiry by the internal committee under the POSH Act 2013 and Rules, each deadline citing its section.',
  'POSH अधिनियम 2013 और नियमों के तहत आंतरिक समिति की जाँच; हर समय-सीमा अपनी धारा बताती है।',
  'POSH ಕಾಯ್ದೆ 2013 ಮತ್ತು ನಿಯಮಗಳ ಅಡಿಯಲ್ಲಿ ಆಂತರಿಕ ಸಮಿತಿಯ ವಿಚಾರಣೆ; ಪ್ರತಿ ಗಡುವು ತನ್ನ ಸೆಕ್ಷನ್ ಉಲ್ಲೇಖಿಸುತ್ತದೆ.',
  'POSH చట్టం 2013 మరియు నియమాల ప్రకారం అంతర్గత కమిటీ విచారణ; ప్రతి గడువు తన సెక్షన్‌ను పేర్కొంటుంది.',
  'POSH சட்டம் 2013 மற்றும் விதிகளின் கீழ் உள் குழுவின் விசாரணை; ஒவ்வொரு காலக்கெடுவும் அதன் பிரிவைக் குறிப்பிடுகிறது.',
  'POSH कायदा 2013 आणि नियमांनुसार अंतर्गत समितीची चौकशी; प्रत्येक मुदत तिचे कलम सांगते.',
);

const button = (key: string, label: ReturnType<typeof t>, outcome: string) => ({
  key,
  settings: { type: 'BUTTON' as const, label: p(label), outcome, confirm: true },
});

export const POSH_INQUIRY: TWorkflowDefinition = {
  format: 1,
  name: POSH_NAME.en,
  description: p(POSH_SUMMARY),
  jurisdiction: 'IN_POSH',
  template: 'POSH_INQUIRY',
  filers: ['EMPLOYEE', 'FORMER_EMPLOYEE', 'CONTRACTOR', 'THIRD_PARTY'],
  anonymousWitnesses: false,
  branchId: null,
  handler: { kind: 'UNIT_COMMITTEE' },
  contact: null,
  languages: [...LANGS],
  fallbacks: {},
  form: defaultForm(LANGS, {
    INCIDENT_DATE: {
      reference: C.complaint.reference,
      hint: t(
        'A complaint is made within 3 months of the incident, or of the last one (s.9(1)).',
        'शिकायत घटना (या आखिरी घटना) के 3 महीने के भीतर की जाती है (s.9(1))।',
        'ಘಟನೆಯ (ಅಥವಾ ಕೊನೆಯ ಘಟನೆಯ) 3 ತಿಂಗಳೊಳಗೆ ದೂರು ನೀಡಬೇಕು (s.9(1)).',
        'సంఘటన (లేదా చివరి సంఘటన) జరిగిన 3 నెలల్లోపు ఫిర్యాదు చేయాలి (s.9(1)).',
        'சம்பவம் (அல்லது கடைசி சம்பவம்) நடந்த 3 மாதங்களுக்குள் புகார் அளிக்க வேண்டும் (s.9(1)).',
        'घटनेनंतर (किंवा शेवटच्या घटनेनंतर) 3 महिन्यांच्या आत तक्रार करावी (s.9(1)).',
      ),
    },
  }),
  stages: [
    {
      key: 'RECEIPT',
      title: p(
        t(
          'Receiving the complaint',
          'शिकायत प्राप्त करना',
          'ದೂರು ಸ್ವೀಕರಿಸುವುದು',
          'ఫిర్యాదు స్వీకరణ',
          'புகாரைப் பெறுதல்',
          'तक्रार स्वीकारणे',
        ),
      ),
      steps: [
        step({
          key: 'COMPLAINT_RECEIVED',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          title: t(
            'Check the complaint is in time',
            'शिकायत समय पर है, जाँचें',
            'ದೂರು ಸಮಯಕ್ಕೆ ಬಂದಿದೆಯೇ ಪರಿಶೀಲಿಸಿ',
            'ఫిర్యాదు గడువులో ఉందో చూడండి',
            'புகார் காலத்துக்குள் உள்ளதா எனச் சரிபார்க்கவும்',
            'तक्रार वेळेत आहे का ते तपासा',
          ),
          description: t(
            'Within 3 months of the incident, or the last of a series. The committee may extend this by 3 months and records why (s.9(1)).',
            'घटना या आखिरी घटना के 3 महीने के भीतर। समिति कारण लिखकर 3 महीने और दे सकती है (s.9(1))।',
            'ಘಟನೆ ಅಥವಾ ಕೊನೆಯ ಘಟನೆಯ 3 ತಿಂಗಳೊಳಗೆ. ಸಮಿತಿ ಕಾರಣ ದಾಖಲಿಸಿ ಇನ್ನೂ 3 ತಿಂಗಳು ವಿಸ್ತರಿಸಬಹುದು (s.9(1)).',
            'సంఘటన లేదా చివరి సంఘటన జరిగిన 3 నెలల్లోపు. కమిటీ కారణం నమోదు చేసి మరో 3 నెలలు పొడిగించవచ్చు (s.9(1)).',
            'சம்பவம் அல்லது கடைசி சம்பவம் நடந்த 3 மாதங்களுக்குள். குழு காரணத்தைப் பதிவு செய்து மேலும் 3 மாதங்கள் நீட்டிக்கலாம் (s.9(1)).',
            'घटनेच्या किंवा शेवटच्या घटनेच्या 3 महिन्यांच्या आत. समिती कारण नोंदवून आणखी 3 महिने वाढवू शकते (s.9(1)).',
          ),
          clock: fromClock(C.complaint, 'INCIDENT'),
          // An extension by up to 3 months is allowed, with the reasons recorded (s.9(1)).
          reasonIfLate: true,
          actions: [
            button(
              'ACCEPT_COMPLAINT',
              t(
                'Complaint accepted',
                'शिकायत स्वीकार की',
                'ದೂರು ಸ್ವೀಕರಿಸಲಾಗಿದೆ',
                'ఫిర్యాదు స్వీకరించబడింది',
                'புகார் ஏற்கப்பட்டது',
                'तक्रार स्वीकारली',
              ),
              'ACCEPTED',
            ),
          ],
        }),
        step({
          key: 'INTERIM_RELIEF',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          mandatory: false,
          start: { kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: true },
          law: onRequest('IN.POSH.S12', 's.12'),
          title: t('Interim relief', 'अंतरिम राहत', 'ಮಧ್ಯಂತರ ಪರಿಹಾರ', 'మధ్యంతర ఉపశమనం', 'இடைக்கால நிவாரணம்', 'अंतरिम दिलासा'),
          description: t(
            "Only on the complainant's written request: a transfer, leave of up to 3 months, or other relief (s.12).",
            'केवल शिकायतकर्ता के लिखित अनुरोध पर: तबादला, 3 महीने तक की छुट्टी या अन्य राहत (s.12)।',
            'ದೂರುದಾರರ ಲಿಖಿತ ಮನವಿಯ ಮೇರೆಗೆ ಮಾತ್ರ: ವರ್ಗಾವಣೆ, 3 ತಿಂಗಳವರೆಗೆ ರಜೆ ಅಥವಾ ಇತರ ಪರಿಹಾರ (s.12).',
            'ఫిర్యాదుదారు లిఖితపూర్వక అభ్యర్థనపై మాత్రమే: బదిలీ, 3 నెలల వరకు సెలవు లేదా ఇతర ఉపశమనం (s.12).',
            'புகார்தாரரின் எழுத்துப்பூர்வ கோரிக்கையின் பேரில் மட்டும்: இடமாற்றம், 3 மாதம் வரை விடுப்பு அல்லது பிற நிவாரணம் (s.12).',
            'फक्त तक्रारदाराच्या लेखी विनंतीवर: बदली, 3 महिन्यांपर्यंत रजा किंवा इतर दिलासा (s.12).',
          ),
          actions: [
            {
              key: 'RECOMMEND_INTERIM_RELIEF',
              settings: {
                type: 'INFORM_EMPLOYER',
                shareReport: false,
                message: p(
                  t(
                    'The committee recommends interim relief for the complainant (s.12). Please act on it and tell the committee.',
                    'समिति शिकायतकर्ता के लिए अंतरिम राहत की सिफ़ारिश करती है (s.12)। कृपया कार्रवाई करें और समिति को बताएँ।',
                    'ಸಮಿತಿಯು ದೂರುದಾರರಿಗೆ ಮಧ್ಯಂತರ ಪರಿಹಾರವನ್ನು ಶಿಫಾರಸು ಮಾಡುತ್ತದೆ (s.12). ದಯವಿಟ್ಟು ಕ್ರಮ ಕೈಗೊಂಡು ಸಮಿತಿಗೆ ತಿಳಿಸಿ.',
                    'కమిటీ ఫిర్యాదుదారుకు మధ్యంతర ఉపశమనాన్ని సిఫార్సు చేస్తోంది (s.12). దయచేసి చర్య తీసుకుని కమిటీకి తెలియజేయండి.',
                    'புகார்தாரருக்கு இடைக்கால நிவாரணத்தைக் குழு பரிந்துரைக்கிறது (s.12). தயவுசெய்து நடவடிக்கை எடுத்துக் குழுவிடம் தெரிவிக்கவும்.',
                    'समिती तक्रारदारासाठी अंतरिम दिलाशाची शिफारस करते (s.12). कृपया कार्यवाही करून समितीला कळवा.',
                  ),
                ),
              },
            },
          ],
        }),
      ],
    },
    {
      key: 'CONCILIATION',
      title: p(t('Conciliation', 'सुलह', 'ಸಂಧಾನ', 'రాజీ', 'சமரசம்', 'सामंजस्य')),
      steps: [
        step({
          key: 'CONCILIATION',
          type: 'MEETING',
          performer: 'PRESIDING_OFFICER',
          mandatory: false,
          start: { kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: false },
          law: onRequest('IN.POSH.S10_1', 's.10(1)'),
          requires: ['COMPLAINT_RECEIVED'],
          title: t('Conciliation meeting', 'सुलह बैठक', 'ಸಂಧಾನ ಸಭೆ', 'రాజీ సమావేశం', 'சமரசக் கூட்டம்', 'सामंजस्य बैठक'),
          description: t(
            'Only if the complainant asks for it. No money may be part of a settlement (s.10(1)).',
            'केवल तभी जब शिकायतकर्ता इसकी माँग करे। समझौते में पैसे का लेन-देन नहीं हो सकता (s.10(1))।',
            'ದೂರುದಾರರು ಕೇಳಿದರೆ ಮಾತ್ರ. ಒಪ್ಪಂದದಲ್ಲಿ ಹಣದ ಪಾವತಿ ಇರಬಾರದು (s.10(1)).',
            'ఫిర్యాదుదారు కోరితే మాత్రమే. రాజీలో డబ్బు చెల్లింపు ఉండకూడదు (s.10(1)).',
            'புகார்தாரர் கேட்டால் மட்டும். சமரசத்தில் பணம் இடம்பெறக் கூடாது (s.10(1)).',
            'तक्रारदाराने मागितले तरच. तडजोडीत पैशांचा व्यवहार असू नये (s.10(1)).',
          ),
          actions: [
            button(
              'SETTLED_BY_CONCILIATION',
              t(
                'Settled by conciliation',
                'सुलह से निपटारा हुआ',
                'ಸಂಧಾನದಿಂದ ಇತ್ಯರ್ಥವಾಯಿತು',
                'రాజీతో పరిష్కారమైంది',
                'சமரசத்தால் தீர்க்கப்பட்டது',
                'सामंजस्याने निकाली निघाले',
              ),
              'SETTLED',
            ),
          ],
        }),
      ],
    },
    {
      key: 'NOTICE',
      title: p(
        t(
          'Notice to the respondent',
          'प्रतिवादी को सूचना',
          'ಪ್ರತಿವಾದಿಗೆ ಸೂಚನೆ',
          'ప్రతివాదికి నోటీసు',
          'எதிர்மனுதாரருக்கு அறிவிப்பு',
          'प्रतिवादीला सूचना',
        ),
      ),
      steps: [
        step({
          key: 'COPY_TO_RESPONDENT',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          requires: ['COMPLAINT_RECEIVED'],
          title: t(
            'Send the respondent a copy of the complaint',
            'प्रतिवादी को शिकायत की प्रति भेजें',
            'ಪ್ರತಿವಾದಿಗೆ ದೂರಿನ ಪ್ರತಿ ಕಳುಹಿಸಿ',
            'ప్రతివాదికి ఫిర్యాదు ప్రతిని పంపండి',
            'எதிர்மனுதாரருக்குப் புகாரின் நகலை அனுப்பவும்',
            'प्रतिवादीला तक्रारीची प्रत पाठवा',
          ),
          description: t(
            'Within 7 working days of receiving the complaint (Rule 7(2)).',
            'शिकायत मिलने के 7 कार्य दिवसों के भीतर (Rule 7(2))।',
            'ದೂರು ಬಂದ 7 ಕೆಲಸದ ದಿನಗಳೊಳಗೆ (Rule 7(2)).',
            'ఫిర్యాదు అందిన 7 పని దినాల్లోపు (Rule 7(2)).',
            'புகார் கிடைத்த 7 வேலை நாட்களுக்குள் (Rule 7(2)).',
            'तक्रार मिळाल्यापासून 7 कामकाजाच्या दिवसांत (Rule 7(2)).',
          ),
          clock: fromClock(C.copyToRespondent, 'FILED'),
          actions: [
            {
              key: 'SEND_COMPLAINT_COPY',
              settings: {
                type: 'INFORM_RESPONDENT',
                shareComplaintCopy: true,
                message: p(
                  t(
                    'A complaint has been made about you. Open the link to read a copy. You may reply, with your documents, within 10 working days (Rule 7(3)).',
                    'आपके विरुद्ध एक शिकायत की गई है। प्रति पढ़ने के लिए लिंक खोलें। आप 10 कार्य दिवसों के भीतर अपने दस्तावेज़ों के साथ उत्तर दे सकते हैं (Rule 7(3))।',
                    'ನಿಮ್ಮ ವಿರುದ್ಧ ದೂರು ದಾಖಲಾಗಿದೆ. ಪ್ರತಿಯನ್ನು ಓದಲು ಲಿಂಕ್ ತೆರೆಯಿರಿ. 10 ಕೆಲಸದ ದಿನಗಳೊಳಗೆ ನಿಮ್ಮ ದಾಖಲೆಗಳೊಂದಿಗೆ ಉತ್ತರಿಸಬಹುದು (Rule 7(3)).',
                    'మీపై ఒక ఫిర్యాదు వచ్చింది. ప్రతిని చదవడానికి లింక్ తెరవండి. 10 పని దినాల్లోపు మీ పత్రాలతో జవాబు ఇవ్వవచ్చు (Rule 7(3)).',
                    'உங்கள் மீது ஒரு புகார் அளிக்கப்பட்டுள்ளது. நகலைப் படிக்க இணைப்பைத் திறக்கவும். 10 வேலை நாட்களுக்குள் உங்கள் ஆவணங்களுடன் பதில் அளிக்கலாம் (Rule 7(3)).',
                    'तुमच्याविरुद्ध तक्रार आली आहे. प्रत वाचण्यासाठी लिंक उघडा. 10 कामकाजाच्या दिवसांत तुम्ही कागदपत्रांसह उत्तर देऊ शकता (Rule 7(3)).',
                  ),
                ),
              },
            },
          ],
        }),
        step({
          key: 'RESPONDENT_REPLY',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          requires: ['COPY_TO_RESPONDENT'],
          title: t(
            "Respondent's reply",
            'प्रतिवादी का उत्तर',
            'ಪ್ರತಿವಾದಿಯ ಉತ್ತರ',
            'ప్రతివాది జవాబు',
            'எதிர்மனுதாரரின் பதில்',
            'प्रतिवादीचे उत्तर',
          ),
          description: t(
            'Within 10 working days of receiving the copy (Rule 7(3)).',
            'प्रति मिलने के 10 कार्य दिवसों के भीतर (Rule 7(3))।',
            'ಪ್ರತಿ ಸಿಕ್ಕ 10 ಕೆಲಸದ ದಿನಗಳೊಳಗೆ (Rule 7(3)).',
            'ప్రతి అందిన 10 పని దినాల్లోపు (Rule 7(3)).',
            'நகல் கிடைத்த 10 வேலை நாட்களுக்குள் (Rule 7(3)).',
            'प्रत मिळाल्यापासून 10 कामकाजाच्या दिवसांत (Rule 7(3)).',
          ),
          clock: fromClock(C.respondentReply, 'STEP_COMPLETED', 'COPY_TO_RESPONDENT'),
          actions: [
            {
              key: 'REPLY_DOCUMENTS',
              settings: {
                type: 'UPLOAD_RESOURCE',
                uploader: 'RESPONDENT',
                required: false,
                label: p(
                  t(
                    'Reply and documents',
                    'उत्तर और दस्तावेज़',
                    'ಉತ್ತರ ಮತ್ತು ದಾಖಲೆಗಳು',
                    'జవాబు మరియు పత్రాలు',
                    'பதில் மற்றும் ஆவணங்கள்',
                    'उत्तर आणि कागदपत्रे',
                  ),
                ),
              },
            },
          ],
        }),
      ],
    },
    {
      key: 'INQUIRY',
      title: p(t('Inquiry', 'जाँच', 'ವಿಚಾರಣೆ', 'విచారణ', 'விசாரணை', 'चौकशी')),
      steps: [
        step({
          key: 'INQUIRY_START',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          requires: ['COPY_TO_RESPONDENT'],
          title: t(
            'Start the inquiry',
            'जाँच शुरू करें',
            'ವಿಚಾರಣೆ ಆರಂಭಿಸಿ',
            'విచారణ ప్రారంభించండి',
            'விசாரணையைத் தொடங்கவும்',
            'चौकशी सुरू करा',
          ),
          description: t(
            'The 90 days of s.11(4) count from here.',
            's.11(4) के 90 दिन यहीं से गिने जाते हैं।',
            's.11(4) ರ 90 ದಿನಗಳು ಇಲ್ಲಿಂದ ಎಣಿಕೆಯಾಗುತ್ತವೆ.',
            's.11(4) లోని 90 రోజులు ఇక్కడి నుంచి లెక్కిస్తారు.',
            's.11(4) இன் 90 நாட்கள் இங்கிருந்து கணக்கிடப்படும்.',
            's.11(4) चे 90 दिवस येथून मोजले जातात.',
          ),
          actions: [
            button(
              'INQUIRY_STARTED',
              t(
                'Inquiry started',
                'जाँच शुरू हुई',
                'ವಿಚಾರಣೆ ಆರಂಭವಾಯಿತು',
                'విచారణ ప్రారంభమైంది',
                'விசாரணை தொடங்கியது',
                'चौकशी सुरू झाली',
              ),
              'INQUIRY_STARTED',
            ),
          ],
        }),
        step({
          key: 'HEARING',
          type: 'MEETING',
          performer: 'PRESIDING_OFFICER',
          quorum: 3,
          requires: ['INQUIRY_START'],
          title: t('Hearing', 'सुनवाई', 'ವಿಚಾರಣಾ ಸಭೆ', 'విచారణ సమావేశం', 'விசாரணைக் கூட்டம்', 'सुनावणी'),
          description: t(
            'At least 3 members, the presiding officer among them (Rule 7(7)). No lawyers.',
            'कम से कम 3 सदस्य, जिनमें पीठासीन अधिकारी हों (Rule 7(7))। वकील नहीं।',
            'ಕನಿಷ್ಠ 3 ಸದಸ್ಯರು, ಅವರಲ್ಲಿ ಅಧ್ಯಕ್ಷಾಧಿಕಾರಿ ಇರಬೇಕು (Rule 7(7)). ವಕೀಲರಿಗೆ ಅವಕಾಶವಿಲ್ಲ.',
            'కనీసం 3 మంది సభ్యులు, వారిలో అధ్యక్ష అధికారి ఉండాలి (Rule 7(7)). న్యాయవాదులు ఉండరు.',
            'குறைந்தது 3 உறுப்பினர்கள், அவர்களில் தலைமை அலுவலர் இருக்க வேண்டும் (Rule 7(7)). வழக்கறிஞர்கள் இல்லை.',
            'किमान 3 सदस्य, त्यांत पीठासीन अधिकारी असावेत (Rule 7(7)). वकील नाहीत.',
          ),
        }),
        step({
          key: 'INQUIRY_COMPLETED',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          requires: ['HEARING'],
          title: t(
            'Complete the inquiry',
            'जाँच पूरी करें',
            'ವಿಚಾರಣೆ ಪೂರ್ಣಗೊಳಿಸಿ',
            'విచారణ పూర్తి చేయండి',
            'விசாரணையை முடிக்கவும்',
            'चौकशी पूर्ण करा',
          ),
          description: t(
            'Within 90 days (s.11(4)). The committee decides its findings by vote.',
            '90 दिनों के भीतर (s.11(4))। समिति मतदान से अपने निष्कर्ष तय करती है।',
            '90 ದಿನಗಳೊಳಗೆ (s.11(4)). ಸಮಿತಿ ಮತದಾನದ ಮೂಲಕ ತನ್ನ ತೀರ್ಮಾನ ನಿರ್ಧರಿಸುತ್ತದೆ.',
            '90 రోజుల్లోపు (s.11(4)). కమిటీ ఓటు ద్వారా తన నిర్ణయం తీసుకుంటుంది.',
            '90 நாட்களுக்குள் (s.11(4)). குழு வாக்கெடுப்பின் மூலம் தனது முடிவை எடுக்கிறது.',
            '90 दिवसांत (s.11(4)). समिती मतदानाने आपले निष्कर्ष ठरवते.',
          ),
          clock: fromClock(C.inquiry, 'STEP_COMPLETED', 'INQUIRY_START'),
          actions: [
            {
              key: 'FINDINGS_VOTE',
              settings: {
                type: 'VOTE',
                question: p(
                  t(
                    'Is the complaint proved?',
                    'क्या शिकायत साबित हुई?',
                    'ದೂರು ಸಾಬೀತಾಗಿದೆಯೇ?',
                    'ఫిర్యాదు రుజువైందా?',
                    'புகார் நிரூபிக்கப்பட்டதா?',
                    'तक्रार सिद्ध झाली का?',
                  ),
                ),
                options: [
                  { key: 'PROVED', label: p(t('Proved', 'साबित', 'ಸಾಬೀತಾಗಿದೆ', 'రుజువైంది', 'நிரூபிக்கப்பட்டது', 'सिद्ध')) },
                  {
                    key: 'NOT_PROVED',
                    label: p(t('Not proved', 'साबित नहीं', 'ಸಾಬೀತಾಗಿಲ್ಲ', 'రుజువు కాలేదు', 'நிரூபிக்கப்படவில்லை', 'सिद्ध नाही')),
                  },
                ],
                quorum: 3,
                presidingOfficerRequired: true,
              },
            },
          ],
        }),
      ],
    },
    {
      key: 'OUTCOME',
      title: p(
        t(
          'Report and action',
          'रिपोर्ट और कार्रवाई',
          'ವರದಿ ಮತ್ತು ಕ್ರಮ',
          'నివేదిక మరియు చర్య',
          'அறிக்கை மற்றும் நடவடிக்கை',
          'अहवाल आणि कार्यवाही',
        ),
      ),
      steps: [
        step({
          key: 'REPORT',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          requires: ['INQUIRY_COMPLETED'],
          title: t(
            'Send the report to the employer',
            'नियोक्ता को रिपोर्ट भेजें',
            'ಉದ್ಯೋಗದಾತರಿಗೆ ವರದಿ ಕಳುಹಿಸಿ',
            'యజమానికి నివేదిక పంపండి',
            'முதலாளிக்கு அறிக்கையை அனுப்பவும்',
            'नियोक्त्याला अहवाल पाठवा',
          ),
          description: t(
            "Within 10 days of the inquiry's end, and to both parties (s.13(1)).",
            'जाँच खत्म होने के 10 दिनों के भीतर, दोनों पक्षों को भी (s.13(1))।',
            'ವಿಚಾರಣೆ ಮುಗಿದ 10 ದಿನಗಳೊಳಗೆ, ಎರಡೂ ಪಕ್ಷಗಳಿಗೂ (s.13(1)).',
            'విచారణ ముగిసిన 10 రోజుల్లోపు, ఇరు పక్షాలకు కూడా (s.13(1)).',
            'விசாரணை முடிந்த 10 நாட்களுக்குள், இரு தரப்பினருக்கும் (s.13(1)).',
            'चौकशी संपल्यापासून 10 दिवसांत, दोन्ही पक्षांनाही (s.13(1)).',
          ),
          clock: fromClock(C.report, 'STEP_COMPLETED', 'INQUIRY_COMPLETED'),
          actions: [
            {
              key: 'REPORT_TO_EMPLOYER',
              settings: {
                type: 'INFORM_EMPLOYER',
                shareReport: true,
                message: p(
                  t(
                    "The committee's inquiry report is ready. Open the link to read it. Please act on it within 60 days (s.13(4)).",
                    'समिति की जाँच रिपोर्ट तैयार है। पढ़ने के लिए लिंक खोलें। कृपया 60 दिनों के भीतर कार्रवाई करें (s.13(4))।',
                    'ಸಮಿತಿಯ ವಿಚಾರಣಾ ವರದಿ ಸಿದ್ಧವಾಗಿದೆ. ಓದಲು ಲಿಂಕ್ ತೆರೆಯಿರಿ. ದಯವಿಟ್ಟು 60 ದಿನಗಳೊಳಗೆ ಕ್ರಮ ಕೈಗೊಳ್ಳಿ (s.13(4)).',
                    'కమిటీ విచారణ నివేదిక సిద్ధంగా ఉంది. చదవడానికి లింక్ తెరవండి. దయచేసి 60 రోజుల్లోపు చర్య తీసుకోండి (s.13(4)).',
                    'குழுவின் விசாரணை அறிக்கை தயாராக உள்ளது. படிக்க இணைப்பைத் திறக்கவும். 60 நாட்களுக்குள் நடவடிக்கை எடுக்கவும் (s.13(4)).',
                    'समितीचा चौकशी अहवाल तयार आहे. वाचण्यासाठी लिंक उघडा. कृपया 60 दिवसांत कार्यवाही करा (s.13(4)).',
                  ),
                ),
              },
            },
            {
              key: 'REPORT_TO_PARTIES',
              settings: {
                type: 'NOTIFY',
                recipients: ['COMPLAINANT', 'RESPONDENT'],
                message: p(
                  t(
                    'The inquiry report is ready. Open the link to read it. You may appeal within 90 days (s.18(2)).',
                    'जाँच रिपोर्ट तैयार है। पढ़ने के लिए लिंक खोलें। आप 90 दिनों के भीतर अपील कर सकते हैं (s.18(2))।',
                    'ವಿಚಾರಣಾ ವರದಿ ಸಿದ್ಧವಾಗಿದೆ. ಓದಲು ಲಿಂಕ್ ತೆರೆಯಿರಿ. 90 ದಿನಗಳೊಳಗೆ ಮೇಲ್ಮನವಿ ಸಲ್ಲಿಸಬಹುದು (s.18(2)).',
                    'విచారణ నివేదిక సిద్ధంగా ఉంది. చదవడానికి లింక్ తెరవండి. 90 రోజుల్లోపు అప్పీల్ చేయవచ్చు (s.18(2)).',
                    'விசாரணை அறிக்கை தயாராக உள்ளது. படிக்க இணைப்பைத் திறக்கவும். 90 நாட்களுக்குள் மேல்முறையீடு செய்யலாம் (s.18(2)).',
                    'चौकशी अहवाल तयार आहे. वाचण्यासाठी लिंक उघडा. तुम्ही 90 दिवसांत अपील करू शकता (s.18(2)).',
                  ),
                ),
              },
            },
          ],
        }),
        step({
          key: 'EMPLOYER_ACTION',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          requires: ['REPORT'],
          title: t(
            'Employer acts on the report',
            'नियोक्ता रिपोर्ट पर कार्रवाई करे',
            'ಉದ್ಯೋಗದಾತರು ವರದಿಯ ಮೇಲೆ ಕ್ರಮ ಕೈಗೊಳ್ಳುವುದು',
            'యజమాని నివేదికపై చర్య',
            'அறிக்கையின் மீது முதலாளியின் நடவடிக்கை',
            'नियोक्त्याची अहवालावर कार्यवाही',
          ),
          description: t(
            'Within 60 days of receiving the report (s.13(4)).',
            'रिपोर्ट मिलने के 60 दिनों के भीतर (s.13(4))।',
            'ವರದಿ ಸಿಕ್ಕ 60 ದಿನಗಳೊಳಗೆ (s.13(4)).',
            'నివేదిక అందిన 60 రోజుల్లోపు (s.13(4)).',
            'அறிக்கை கிடைத்த 60 நாட்களுக்குள் (s.13(4)).',
            'अहवाल मिळाल्यापासून 60 दिवसांत (s.13(4)).',
          ),
          clock: fromClock(C.employerAction, 'STEP_COMPLETED', 'REPORT'),
          actions: [
            button(
              'EMPLOYER_ACTED',
              t(
                'Action taken',
                'कार्रवाई की गई',
                'ಕ್ರಮ ಕೈಗೊಳ್ಳಲಾಗಿದೆ',
                'చర్య తీసుకున్నారు',
                'நடவடிக்கை எடுக்கப்பட்டது',
                'कार्यवाही केली',
              ),
              'ACTION_TAKEN',
            ),
          ],
        }),
        step({
          key: 'APPEAL_WINDOW',
          type: 'ACTION',
          performer: 'PRESIDING_OFFICER',
          requires: ['REPORT'],
          title: t('Appeal window', 'अपील की अवधि', 'ಮೇಲ್ಮನವಿ ಅವಧಿ', 'అప్పీల్ గడువు', 'மேல்முறையீட்டுக் காலம்', 'अपिलाची मुदत'),
          description: t(
            'Either party may appeal within 90 days of the recommendations (s.18(2)).',
            'कोई भी पक्ष सिफ़ारिशों के 90 दिनों के भीतर अपील कर सकता है (s.18(2))।',
            'ಶಿಫಾರಸುಗಳ 90 ದಿನಗಳೊಳಗೆ ಯಾವುದೇ ಪಕ್ಷ ಮೇಲ್ಮನವಿ ಸಲ್ಲಿಸಬಹುದು (s.18(2)).',
            'సిఫార్సుల తర్వాత 90 రోజుల్లోపు ఏ పక్షమైనా అప్పీల్ చేయవచ్చు (s.18(2)).',
            'பரிந்துரைகளுக்குப் பின் 90 நாட்களுக்குள் எந்தத் தரப்பும் மேல்முறையீடு செய்யலாம் (s.18(2)).',
            'शिफारशींनंतर 90 दिवसांत कोणताही पक्ष अपील करू शकतो (s.18(2)).',
          ),
          clock: fromClock(C.appeal, 'STEP_COMPLETED', 'REPORT'),
          actions: [
            button(
              'NO_APPEAL',
              t(
                'No appeal made',
                'कोई अपील नहीं हुई',
                'ಮೇಲ್ಮನವಿ ಸಲ್ಲಿಸಲಾಗಿಲ್ಲ',
                'అప్పీల్ రాలేదు',
                'மேல்முறையீடு இல்லை',
                'अपील झाले नाही',
              ),
              'NO_APPEAL',
            ),
          ],
        }),
      ],
    },
  ],
};
