import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Kannada (ಕನ್ನಡ) texts of the scorm namespace. */
const kn: TTranslation<typeof en> = {
  scorm: {
    import: {
      pageTitle: 'SCORM ಪ್ಯಾಕೇಜ್ ಆಮದು ಮಾಡಿ',
      heading: 'SCORM ಪ್ಯಾಕೇಜ್ ಆಮದು ಮಾಡಿ',
      introCourse: 'SCORM 1.2 ಅಥವಾ 2004 ಪ್ಯಾಕೇಜ್ (.zip ಫೈಲ್) ಅಪ್‌ಲೋಡ್ ಮಾಡಿ. ಪ್ಯಾಕೇಜ್ ಅನ್ನು ಮೊದಲ ಐಟಂ ಆಗಿ ಹೊಂದಿರುವ ಹೊಸ ಕೋರ್ಸ್ ರಚಿಸಲಾಗುತ್ತದೆ.',
      introItem: 'SCORM 1.2 ಅಥವಾ 2004 ಪ್ಯಾಕೇಜ್ (.zip ಫೈಲ್) ಅಪ್‌ಲೋಡ್ ಮಾಡಿ. ಇದನ್ನು ಈ ಕೋರ್ಸ್‌ನ ಕರಡಿನ ಕೊನೆಗೆ ಸೇರಿಸಲಾಗುತ್ತದೆ.',
      fileLabel: 'ಪ್ಯಾಕೇಜ್ ಫೈಲ್',
      fileHint: 'ಗರಿಷ್ಠ 200 MB ಯ .zip ಫೈಲ್, ಅದರ ಮೂಲದಲ್ಲಿ imsmanifest.xml ಇರಬೇಕು.',
      tooLarge: 'ಫೈಲ್ 200 MB ಗಿಂತ ದೊಡ್ಡದಾಗಿದೆ.',
      submit: 'ಆಮದು ಮಾಡಿ',
      uploading: 'ಅಪ್‌ಲೋಡ್ ಆಗುತ್ತಿದೆ… {{percent}}%',
      checking: 'ಪ್ಯಾಕೇಜ್ ಪರಿಶೀಲಿಸಲಾಗುತ್ತಿದೆ…',
      failed: 'ಪ್ಯಾಕೇಜ್ ಆಮದು ಮಾಡಲಾಗಲಿಲ್ಲ.',
      refusedTitle: 'ಆಮದು ಆಗಲಿಲ್ಲ',
    },
    package: {
      pageTitle: 'SCORM ಪ್ಯಾಕೇಜ್',
      loading: 'ಪ್ಯಾಕೇಜ್ ಲೋಡ್ ಆಗುತ್ತಿದೆ',
      processing: 'ಪ್ಯಾಕೇಜ್ ತೆರೆಯಲಾಗುತ್ತಿದೆ… ಈ ಪುಟ ತಾನಾಗಿಯೇ ನವೀಕರಿಸುತ್ತದೆ.',
      failedTitle: 'ಪ್ಯಾಕೇಜ್ ಬಳಸಲಾಗಲಿಲ್ಲ',
      failed: 'ಪ್ಯಾಕೇಜ್ ತೆರೆಯಲಾಗಲಿಲ್ಲ.',
      summary: 'ಪ್ಯಾಕೇಜ್',
      standard: 'ಮಾನದಂಡ',
      file: 'ಫೈಲ್',
      files: 'ಫೈಲ್‌ಗಳು',
      size: 'ತೆರೆದಾಗ {{size}} MB',
      scos: 'ಪಾಠಗಳು (SCO)',
      mastery: 'ಉತ್ತೀರ್ಣ ಅಂಕ {{score}}',
      noItem: 'ಈ ಕೋರ್ಸ್‌ನಲ್ಲಿ ಅಂತಹ SCORM ಐಟಂ ಇಲ್ಲ.',
      play: 'ಪ್ಲೇ ಮಾಡಿ',
      previewNote: 'ಮುನ್ನೋಟ: ಏನನ್ನೂ ದಾಖಲಿಸಲಾಗುವುದಿಲ್ಲ. ಪ್ಯಾಕೇಜ್ ಕಳುಹಿಸಿದ ಕೊನೆಯ ಫಲಿತಾಂಶ ಕೆಳಗೆ ಕಾಣುತ್ತದೆ.',
    },
    status: {
      PROCESSING: 'ಪ್ರಕ್ರಿಯೆಯಲ್ಲಿದೆ',
      READY: 'ಸಿದ್ಧ',
      FAILED: 'ವಿಫಲ',
    },
    standard: {
      SCORM_12: 'SCORM 1.2',
      SCORM_2004: 'SCORM 2004',
    },
    player: {
      loading: 'ಪ್ಲೇಯರ್ ತೆರೆಯುತ್ತಿದೆ…',
      failed: 'ಪ್ಲೇಯರ್ ತೆರೆಯಲಾಗಲಿಲ್ಲ',
      resultHeading: 'ಪ್ಯಾಕೇಜ್ ತಿಳಿಸಿದ್ದು',
      status: 'ಸ್ಥಿತಿ',
      score: 'ಅಂಕ',
      suspendData: 'ಉಳಿಸಿದ ಪ್ರಗತಿ',
      noCommit: 'ಇನ್ನೂ ಏನೂ ತಿಳಿಸಿಲ್ಲ.',
    },
  },
};

export default kn;
