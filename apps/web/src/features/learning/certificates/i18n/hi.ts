import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Hindi texts of the certificates namespace. */
const hi: TTranslation<typeof en> = {
  pageTitle: 'प्रमाणपत्र की जाँच',
  heading: 'प्रमाणपत्र की जाँच करें',
  intro: 'प्रमाणपत्र पर छपा सत्यापन कोड लिखें, ताकि पता चले कि यह किसे जारी किया गया था।',
  codeLabel: 'सत्यापन कोड',
  codeHint: 'बारह अक्षर और अंक, जैसे ABCD-EFGH-JKMN',
  codeFormat: 'कोड में चार-चार अक्षरों या अंकों के तीन समूह होते हैं, जैसे ABCD-EFGH-JKMN।',
  check: 'जाँचें',
  checking: 'कोड की जाँच हो रही है…',
  validTitle: 'मान्य प्रमाणपत्र',
  validBody: '{{name}} ने {{date}} को {{course}} पूरा किया। जारीकर्ता: {{organisation}}।',
  notFoundTitle: 'इस कोड का कोई प्रमाणपत्र नहीं है',
  notFoundBody: 'कोड {{code}} वाला कोई प्रमाणपत्र नहीं है। देखें कि कोड ठीक वैसे ही लिखा गया है जैसा छपा है।',
  malformedTitle: 'यह सत्यापन कोड नहीं है',
  malformedBody: 'कोड में चार-चार अक्षरों या अंकों के तीन समूह होते हैं, जैसे ABCD-EFGH-JKMN।',
  errorTitle: 'कोड की जाँच नहीं हो सकी',
  errorBody: 'कुछ गड़बड़ हुई या बहुत सारे कोड जाँचे गए। थोड़ी देर में फिर से कोशिश करें।',
  retry: 'फिर से कोशिश करें',
  download: 'प्रमाणपत्र डाउनलोड करें',
  downloadError: 'प्रमाणपत्र डाउनलोड नहीं हो सका। फिर से कोशिश करें।',
};

export default hi;
