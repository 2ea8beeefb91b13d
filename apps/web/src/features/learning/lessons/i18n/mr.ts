import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Marathi texts of the lessons namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const mr: TTranslation<typeof en> = {
  editor: {
    toolbar: '{{label}} चे स्वरूपण',
    bold: 'ठळक',
    italic: 'तिरपे',
    underline: 'अधोरेखित',
    strike: 'खोडलेले',
    clearFormatting: 'स्वरूपण काढा',
    code: 'कोड',
    h2: 'शीर्षक 2',
    h3: 'शीर्षक 3',
    h4: 'शीर्षक 4',
    bulletList: 'बुलेट यादी',
    orderedList: 'क्रमांकित यादी',
    blockquote: 'अवतरण',
    codeBlock: 'कोड ब्लॉक',
    hr: 'आडवी रेषा',
    link: 'लिंक',
    unlink: 'लिंक काढा',
    alignLeft: 'डावीकडे संरेखित करा',
    alignCenter: 'मध्यभागी संरेखित करा',
    alignRight: 'उजवीकडे संरेखित करा',
    undo: 'पूर्ववत करा',
    redo: 'पुन्हा करा',
    linkInput: 'लिंकचा पत्ता',
    linkPlaceholder: 'https://, mailto: किंवा tel:',
    linkExternal: 'नवीन टॅबमध्ये उघडते',
    linkInternal: 'याच टॅबमध्ये उघडते',
    linkSave: 'जतन करा',
  },
};

export default mr;
