import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Kannada texts of the lessons namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const kn: TTranslation<typeof en> = {
  editor: {
    toolbar: '{{label}} ನ ಫಾರ್ಮ್ಯಾಟಿಂಗ್',
    bold: 'ದಪ್ಪ',
    italic: 'ಓರೆ',
    underline: 'ಅಡಿಗೆರೆ',
    strike: 'ಹೊಡೆದುಹಾಕು',
    clearFormatting: 'ಫಾರ್ಮ್ಯಾಟಿಂಗ್ ತೆರವುಗೊಳಿಸಿ',
    code: 'ಕೋಡ್',
    h2: 'ಶೀರ್ಷಿಕೆ 2',
    h3: 'ಶೀರ್ಷಿಕೆ 3',
    h4: 'ಶೀರ್ಷಿಕೆ 4',
    bulletList: 'ಬುಲೆಟ್ ಪಟ್ಟಿ',
    orderedList: 'ಸಂಖ್ಯೆಯ ಪಟ್ಟಿ',
    blockquote: 'ಉಲ್ಲೇಖ',
    codeBlock: 'ಕೋಡ್ ಬ್ಲಾಕ್',
    hr: 'ಅಡ್ಡ ಗೆರೆ',
    link: 'ಲಿಂಕ್',
    unlink: 'ಲಿಂಕ್ ತೆಗೆದುಹಾಕಿ',
    alignLeft: 'ಎಡಕ್ಕೆ ಜೋಡಿಸಿ',
    alignCenter: 'ಮಧ್ಯಕ್ಕೆ ಜೋಡಿಸಿ',
    alignRight: 'ಬಲಕ್ಕೆ ಜೋಡಿಸಿ',
    undo: 'ರದ್ದುಮಾಡಿ',
    redo: 'ಮತ್ತೆ ಮಾಡಿ',
    linkInput: 'ಲಿಂಕ್ ವಿಳಾಸ',
    linkPlaceholder: 'https://, mailto: ಅಥವಾ tel:',
    linkExternal: 'ಹೊಸ ಟ್ಯಾಬ್‌ನಲ್ಲಿ ತೆರೆಯುತ್ತದೆ',
    linkInternal: 'ಇದೇ ಟ್ಯಾಬ್‌ನಲ್ಲಿ ತೆರೆಯುತ್ತದೆ',
    linkSave: 'ಉಳಿಸಿ',
  },
};

export default kn;
