import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Tamil texts of the lessons namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const ta: TTranslation<typeof en> = {
  editor: {
    toolbar: '{{label}} வடிவமைப்பு',
    bold: 'தடிமன்',
    italic: 'சாய்வு',
    underline: 'அடிக்கோடு',
    strike: 'அடித்தல்',
    clearFormatting: 'வடிவமைப்பை அழி',
    code: 'குறியீடு',
    h2: 'தலைப்பு 2',
    h3: 'தலைப்பு 3',
    h4: 'தலைப்பு 4',
    bulletList: 'புள்ளிப் பட்டியல்',
    orderedList: 'எண் பட்டியல்',
    blockquote: 'மேற்கோள்',
    codeBlock: 'குறியீட்டுத் தொகுதி',
    hr: 'கிடைக்கோடு',
    link: 'இணைப்பு',
    unlink: 'இணைப்பை நீக்கு',
    alignLeft: 'இடப்புறம் சீரமை',
    alignCenter: 'நடுவில் சீரமை',
    alignRight: 'வலப்புறம் சீரமை',
    undo: 'செயல்தவிர்',
    redo: 'மீண்டும் செய்',
    linkInput: 'இணைப்பு முகவரி',
    linkPlaceholder: 'https://, mailto: அல்லது tel:',
    linkExternal: 'புதிய தாவலில் திறக்கும்',
    linkInternal: 'இதே தாவலில் திறக்கும்',
    linkSave: 'சேமி',
  },
};

export default ta;
