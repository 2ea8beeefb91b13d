import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Tamil texts (தமிழ்) of the dashboard namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const ta: TTranslation<typeof en> = {
  dashboard: {
    pageTitle: 'டாஷ்போர்டு',
    heading: 'வரவேற்கிறோம், {{name}}',
    accountHeading: 'உங்கள் கணக்கு',
    signedInAs: 'உள்நுழைந்தவர்',
    role: 'பங்கு',
    workspace: 'வொர்க்ஸ்பேஸ்',
    businessUnit: 'வணிகப் பிரிவு',
    department: 'துறை',
    platformConsole: 'தளக் கன்சோல்',
    emptyHeading: 'இன்னும் உங்களுக்கு எதுவும் ஒதுக்கப்படவில்லை',
    emptyBody: 'உங்கள் நிறுவனம் உங்களுடன் பகிர்ந்தவுடன் உங்கள் பாடநெறிகள், கொள்கைகள் மற்றும் புகார்கள் இங்கே தோன்றும்.',
    operatorBody: 'நீங்கள் தளக் கன்சோலில் உள்நுழைந்துள்ளீர்கள். தளத்தை நிர்வகிக்க வழிசெலுத்தலைப் பயன்படுத்தவும்.',
  },
  emailNotice: {
    title: 'உங்கள் மின்னஞ்சல் முகவரியை உறுதிப்படுத்தவும்',
    body: '{{email}}-க்கு ஓர் இணைப்பை அனுப்பியுள்ளோம். அந்த முகவரி உங்களுடையது என உறுதிப்படுத்த அதைத் திறக்கவும். மின்னஞ்சல் வரவில்லையா? உங்கள் ஸ்பேம் கோப்புறையைப் பார்க்கவும், அல்லது புதிய இணைப்பை அனுப்பவும்.',
    resend: 'புதிய இணைப்பை அனுப்பவும்',
    resent:
      '{{email}}-க்கு இன்னும் உறுதிப்படுத்த வேண்டிய கணக்கு இருந்தால், அதற்குப் புதிய இணைப்பை அனுப்பியுள்ளோம். முந்தைய இணைப்புகள் இனி வேலை செய்யாது.',
  },
};

export default ta;
