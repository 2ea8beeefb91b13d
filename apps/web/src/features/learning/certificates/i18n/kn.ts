import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Kannada texts of the certificates namespace. */
const kn: TTranslation<typeof en> = {
  pageTitle: 'ಪ್ರಮಾಣಪತ್ರ ಪರಿಶೀಲನೆ',
  heading: 'ಪ್ರಮಾಣಪತ್ರವನ್ನು ಪರಿಶೀಲಿಸಿ',
  intro: 'ಈ ಪ್ರಮಾಣಪತ್ರವನ್ನು ಯಾರಿಗೆ ನೀಡಲಾಗಿದೆ ಎಂದು ನೋಡಲು ಅದರ ಮೇಲೆ ಮುದ್ರಿಸಿರುವ ಪರಿಶೀಲನಾ ಕೋಡ್ ಅನ್ನು ಟೈಪ್ ಮಾಡಿ.',
  codeLabel: 'ಪರಿಶೀಲನಾ ಕೋಡ್',
  codeHint: 'ಹನ್ನೆರಡು ಅಕ್ಷರಗಳು ಮತ್ತು ಅಂಕಿಗಳು, ಉದಾ. ABCD-EFGH-JKMN',
  codeFormat: 'ಕೋಡ್‌ನಲ್ಲಿ ನಾಲ್ಕು ಅಕ್ಷರ ಅಥವಾ ಅಂಕಿಗಳ ಮೂರು ಗುಂಪುಗಳಿರುತ್ತವೆ, ಉದಾ. ABCD-EFGH-JKMN.',
  check: 'ಪರಿಶೀಲಿಸಿ',
  checking: 'ಕೋಡ್ ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ…',
  validTitle: 'ಮಾನ್ಯ ಪ್ರಮಾಣಪತ್ರ',
  validBody: '{{name}} ಅವರು {{date}} ರಂದು {{course}} ಪೂರ್ಣಗೊಳಿಸಿದ್ದಾರೆ. ನೀಡಿದವರು: {{organisation}}.',
  notFoundTitle: 'ಈ ಕೋಡ್‌ನ ಯಾವುದೇ ಪ್ರಮಾಣಪತ್ರವಿಲ್ಲ',
  notFoundBody: '{{code}} ಕೋಡ್ ಇರುವ ಯಾವುದೇ ಪ್ರಮಾಣಪತ್ರವಿಲ್ಲ. ಮುದ್ರಿಸಿದಂತೆಯೇ ಟೈಪ್ ಮಾಡಲಾಗಿದೆಯೇ ಎಂದು ಪರಿಶೀಲಿಸಿ.',
  malformedTitle: 'ಇದು ಪರಿಶೀಲನಾ ಕೋಡ್ ಅಲ್ಲ',
  malformedBody: 'ಕೋಡ್‌ನಲ್ಲಿ ನಾಲ್ಕು ಅಕ್ಷರ ಅಥವಾ ಅಂಕಿಗಳ ಮೂರು ಗುಂಪುಗಳಿರುತ್ತವೆ, ಉದಾ. ABCD-EFGH-JKMN.',
  errorTitle: 'ಕೋಡ್ ಅನ್ನು ಪರಿಶೀಲಿಸಲಾಗಲಿಲ್ಲ',
  errorBody: 'ಏನೋ ತಪ್ಪಾಗಿದೆ ಅಥವಾ ಹಲವಾರು ಕೋಡ್‌ಗಳನ್ನು ಪರಿಶೀಲಿಸಲಾಗಿದೆ. ಸ್ವಲ್ಪ ಸಮಯದ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
  retry: 'ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ',
  download: 'ಪ್ರಮಾಣಪತ್ರ ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ',
  downloadError: 'ಪ್ರಮಾಣಪತ್ರವನ್ನು ಡೌನ್‌ಲೋಡ್ ಮಾಡಲಾಗಲಿಲ್ಲ. ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.',
};

export default kn;
