import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Telugu texts of the certificates namespace. */
const te: TTranslation<typeof en> = {
  pageTitle: 'ధృవీకరణ పత్రం తనిఖీ',
  heading: 'ధృవీకరణ పత్రాన్ని తనిఖీ చేయండి',
  intro: 'ఈ పత్రం ఎవరికి ఇచ్చారో చూడటానికి దానిపై ముద్రించిన ధృవీకరణ కోడ్‌ను టైప్ చేయండి.',
  codeLabel: 'ధృవీకరణ కోడ్',
  codeHint: 'పన్నెండు అక్షరాలు, అంకెలు, ఉదా. ABCD-EFGH-JKMN',
  codeFormat: 'కోడ్‌లో నాలుగు అక్షరాలు లేదా అంకెల మూడు గుంపులు ఉంటాయి, ఉదా. ABCD-EFGH-JKMN.',
  check: 'తనిఖీ చేయండి',
  checking: 'కోడ్‌ను తనిఖీ చేస్తోంది…',
  validTitle: 'చెల్లుబాటు అయ్యే ధృవీకరణ పత్రం',
  validBody: '{{name}} {{date}}న {{course}} పూర్తి చేశారు. జారీ చేసిన సంస్థ: {{organisation}}.',
  notFoundTitle: 'ఈ కోడ్‌తో ధృవీకరణ పత్రం లేదు',
  notFoundBody: '{{code}} కోడ్‌తో ఏ ధృవీకరణ పత్రమూ లేదు. ముద్రించినట్లే టైప్ చేశారో లేదో చూడండి.',
  malformedTitle: 'ఇది ధృవీకరణ కోడ్ కాదు',
  malformedBody: 'కోడ్‌లో నాలుగు అక్షరాలు లేదా అంకెల మూడు గుంపులు ఉంటాయి, ఉదా. ABCD-EFGH-JKMN.',
  errorTitle: 'కోడ్‌ను తనిఖీ చేయలేకపోయాం',
  errorBody: 'ఏదో పొరపాటు జరిగింది లేదా చాలా కోడ్‌లు తనిఖీ చేశారు. కొద్దిసేపటి తర్వాత మళ్లీ ప్రయత్నించండి.',
  retry: 'మళ్లీ ప్రయత్నించండి',
  download: 'ధృవీకరణ పత్రాన్ని డౌన్‌లోడ్ చేయండి',
  downloadError: 'ధృవీకరణ పత్రం డౌన్‌లోడ్ కాలేదు. మళ్లీ ప్రయత్నించండి.',
};

export default te;
