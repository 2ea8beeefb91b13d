import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Marathi texts of the certificates namespace. */
const mr: TTranslation<typeof en> = {
  pageTitle: 'प्रमाणपत्राची पडताळणी',
  heading: 'प्रमाणपत्राची पडताळणी करा',
  intro: 'हे प्रमाणपत्र कोणाला दिले आहे ते पाहण्यासाठी त्यावर छापलेला पडताळणी कोड लिहा.',
  codeLabel: 'पडताळणी कोड',
  codeHint: 'बारा अक्षरे आणि अंक, उदा. ABCD-EFGH-JKMN',
  codeFormat: 'कोडमध्ये चार-चार अक्षरे किंवा अंकांचे तीन गट असतात, उदा. ABCD-EFGH-JKMN.',
  check: 'पडताळा',
  checking: 'कोडची पडताळणी होत आहे…',
  validTitle: 'वैध प्रमाणपत्र',
  validBody: '{{name}} यांनी {{date}} रोजी {{course}} पूर्ण केला. जारी करणारी संस्था: {{organisation}}.',
  notFoundTitle: 'या कोडचे कोणतेही प्रमाणपत्र नाही',
  notFoundBody: '{{code}} कोड असलेले कोणतेही प्रमाणपत्र नाही. कोड छापल्याप्रमाणेच लिहिला आहे का ते तपासा.',
  malformedTitle: 'हा पडताळणी कोड नाही',
  malformedBody: 'कोडमध्ये चार-चार अक्षरे किंवा अंकांचे तीन गट असतात, उदा. ABCD-EFGH-JKMN.',
  errorTitle: 'कोडची पडताळणी होऊ शकली नाही',
  errorBody: 'काहीतरी चुकले किंवा खूप कोड तपासले गेले. थोड्या वेळाने पुन्हा प्रयत्न करा.',
  retry: 'पुन्हा प्रयत्न करा',
  download: 'प्रमाणपत्र डाउनलोड करा',
  downloadError: 'प्रमाणपत्र डाउनलोड होऊ शकले नाही. पुन्हा प्रयत्न करा.',
};

export default mr;
