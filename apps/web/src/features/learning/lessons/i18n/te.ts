import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Telugu texts of the lessons namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const te: TTranslation<typeof en> = {
  editor: {
    toolbar: '{{label}} ఫార్మాటింగ్',
    bold: 'బోల్డ్',
    italic: 'ఇటాలిక్',
    underline: 'అండర్‌లైన్',
    strike: 'కొట్టివేత',
    clearFormatting: 'ఫార్మాటింగ్ తొలగించండి',
    code: 'కోడ్',
    h2: 'శీర్షిక 2',
    h3: 'శీర్షిక 3',
    h4: 'శీర్షిక 4',
    bulletList: 'బులెట్ జాబితా',
    orderedList: 'సంఖ్యల జాబితా',
    blockquote: 'ఉల్లేఖనం',
    codeBlock: 'కోడ్ బ్లాక్',
    hr: 'అడ్డ గీత',
    link: 'లింక్',
    unlink: 'లింక్ తొలగించండి',
    alignLeft: 'ఎడమకు అమర్చండి',
    alignCenter: 'మధ్యకు అమర్చండి',
    alignRight: 'కుడికి అమర్చండి',
    undo: 'రద్దు చేయండి',
    redo: 'మళ్లీ చేయండి',
    linkInput: 'లింక్ చిరునామా',
    linkPlaceholder: 'https://, mailto: లేదా tel:',
    linkExternal: 'కొత్త ట్యాబ్‌లో తెరుచుకుంటుంది',
    linkInternal: 'ఇదే ట్యాబ్‌లో తెరుచుకుంటుంది',
    linkSave: 'సేవ్ చేయండి',
  },
};

export default te;
