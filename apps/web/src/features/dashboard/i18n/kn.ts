import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Kannada texts (ಕನ್ನಡ) of the dashboard namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const kn: TTranslation<typeof en> = {
  dashboard: {
    pageTitle: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್',
    heading: 'ಸ್ವಾಗತ, {{name}}',
    accountHeading: 'ನಿಮ್ಮ ಖಾತೆ',
    signedInAs: 'ಸೈನ್ ಇನ್ ಆಗಿರುವವರು',
    role: 'ಪಾತ್ರ',
    workspace: 'ವರ್ಕ್‌ಸ್ಪೇಸ್',
    businessUnit: 'ಬಿಸಿನೆಸ್ ಯೂನಿಟ್',
    department: 'ವಿಭಾಗ',
    platformConsole: 'ಪ್ಲಾಟ್‌ಫಾರ್ಮ್ ಕನ್ಸೋಲ್',
    emptyHeading: 'ಇನ್ನೂ ನಿಮಗೆ ಏನನ್ನೂ ನಿಯೋಜಿಸಲಾಗಿಲ್ಲ',
    emptyBody: 'ನಿಮ್ಮ ಸಂಸ್ಥೆ ನಿಮ್ಮೊಂದಿಗೆ ಹಂಚಿಕೊಂಡ ತಕ್ಷಣ ನಿಮ್ಮ ಕೋರ್ಸ್‌ಗಳು, ನೀತಿಗಳು ಮತ್ತು ದೂರುಗಳು ಇಲ್ಲಿ ಕಾಣಿಸುತ್ತವೆ.',
    operatorBody: 'ನೀವು ಪ್ಲಾಟ್‌ಫಾರ್ಮ್ ಕನ್ಸೋಲ್‌ಗೆ ಸೈನ್ ಇನ್ ಆಗಿದ್ದೀರಿ. ಪ್ಲಾಟ್‌ಫಾರ್ಮ್ ನಿರ್ವಹಿಸಲು ನ್ಯಾವಿಗೇಶನ್ ಬಳಸಿ.',
  },
  emailNotice: {
    title: 'ನಿಮ್ಮ ಇಮೇಲ್ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸಿ',
    body: 'ನಾವು {{email}} ಗೆ ಲಿಂಕ್ ಕಳುಹಿಸಿದ್ದೇವೆ. ಆ ವಿಳಾಸ ನಿಮ್ಮದೆಂದು ದೃಢೀಕರಿಸಲು ಅದನ್ನು ತೆರೆಯಿರಿ. ಇಮೇಲ್ ಬಂದಿಲ್ಲವೇ? ನಿಮ್ಮ ಸ್ಪ್ಯಾಮ್ ಫೋಲ್ಡರ್ ನೋಡಿ, ಅಥವಾ ಹೊಸ ಲಿಂಕ್ ಕಳುಹಿಸಿ.',
    resend: 'ಹೊಸ ಲಿಂಕ್ ಕಳುಹಿಸಿ',
    resent: '{{email}} ಗೆ ಇನ್ನೂ ದೃಢೀಕರಿಸಬೇಕಾದ ಖಾತೆ ಇದ್ದರೆ, ನಾವು ಅದಕ್ಕೆ ಹೊಸ ಲಿಂಕ್ ಕಳುಹಿಸಿದ್ದೇವೆ. ಹಿಂದಿನ ಲಿಂಕ್‌ಗಳು ಇನ್ನು ಕೆಲಸ ಮಾಡುವುದಿಲ್ಲ.',
  },
};

export default kn;
