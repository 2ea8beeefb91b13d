import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Hindi texts of the lessons namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const hi: TTranslation<typeof en> = {
  editor: {
    toolbar: '{{label}} का फ़ॉर्मैट',
    bold: 'बोल्ड',
    italic: 'इटैलिक',
    underline: 'रेखांकित',
    strike: 'काटकर',
    clearFormatting: 'फ़ॉर्मैटिंग हटाएँ',
    code: 'कोड',
    h2: 'शीर्षक 2',
    h3: 'शीर्षक 3',
    h4: 'शीर्षक 4',
    bulletList: 'बुलेट सूची',
    orderedList: 'क्रमांकित सूची',
    blockquote: 'उद्धरण',
    codeBlock: 'कोड ब्लॉक',
    hr: 'क्षैतिज रेखा',
    link: 'लिंक',
    unlink: 'लिंक हटाएँ',
    alignLeft: 'बाएँ संरेखित करें',
    alignCenter: 'बीच में संरेखित करें',
    alignRight: 'दाएँ संरेखित करें',
    undo: 'पूर्ववत करें',
    redo: 'फिर से करें',
    linkInput: 'लिंक का पता',
    linkPlaceholder: 'https://, mailto: या tel:',
    linkExternal: 'नए टैब में खुलता है',
    linkInternal: 'इसी टैब में खुलता है',
    linkSave: 'सहेजें',
  },
};

export default hi;
