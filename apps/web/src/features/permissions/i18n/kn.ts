import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Kannada texts (ಕನ್ನಡ) of the permissions namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const kn: TTranslation<typeof en> = {
  permissions: {
    pageTitle: 'ಅನುಮತಿಗಳು',
    heading: 'ಪಾತ್ರಗಳು ಮತ್ತು ಅನುಮತಿಗಳು',
    intro:
      'ಈ ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನಲ್ಲಿ ಪ್ರತಿ ಪಾತ್ರ ಏನು ಮಾಡಬಹುದು ಎಂಬುದನ್ನು ಆರಿಸಿ. ನೀವು ಉಳಿಸುವವರೆಗೆ ಏನೂ ಬದಲಾಗುವುದಿಲ್ಲ; ನಂತರ ಬದಲಾವಣೆ ಆ ಪಾತ್ರದ ಎಲ್ಲರಿಗೂ ಅವರ ಮುಂದಿನ ಕ್ಲಿಕ್‌ನಿಂದ ಅನ್ವಯಿಸುತ್ತದೆ.',
    permission: 'ಅನುಮತಿ',
    cellLabel: '{{role}} ಗೆ {{permission}}',
    locked: 'ಬದಲಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ',
    lockedWhy: 'ಯಾರೂ ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನಿಂದ ಹೊರಗುಳಿಯದಂತೆ, ವರ್ಕ್‌ಸ್ಪೇಸ್ ಅಡ್ಮಿನ್‌ಗಳು ಇದನ್ನು ಯಾವಾಗಲೂ ಉಳಿಸಿಕೊಳ್ಳುತ್ತಾರೆ.',
    lockedNote: 'ಆಫ್ ಮಾಡಲು ಸಾಧ್ಯವಿಲ್ಲದ ಸ್ವಿಚ್‌ಗಳು ವರ್ಕ್‌ಸ್ಪೇಸ್ ಅಡ್ಮಿನ್‌ಗಳದ್ದು, ಯಾರೂ ವರ್ಕ್‌ಸ್ಪೇಸ್‌ನಿಂದ ಹೊರಗುಳಿಯದಂತೆ.',
    save_one: '{{count}} ಬದಲಾವಣೆ ಉಳಿಸಿ',
    save_other: '{{count}} ಬದಲಾವಣೆಗಳನ್ನು ಉಳಿಸಿ',
    saveNone: 'ಉಳಿಸಿ',
    discard: 'ಬದಲಾವಣೆಗಳನ್ನು ರದ್ದುಮಾಡಿ',
    saved_one: '{{count}} ಬದಲಾವಣೆ ಉಳಿಸಲಾಗಿದೆ.',
    saved_other: '{{count}} ಬದಲಾವಣೆಗಳನ್ನು ಉಳಿಸಲಾಗಿದೆ.',
    changed: 'ಬದಲಾಗಿದೆ, ಇನ್ನೂ ಉಳಿಸಿಲ್ಲ',
    unsaved_one: '{{count}} ಬದಲಾವಣೆ ಇನ್ನೂ ಉಳಿಸಿಲ್ಲ.',
    unsaved_other: '{{count}} ಬದಲಾವಣೆಗಳನ್ನು ಇನ್ನೂ ಉಳಿಸಿಲ್ಲ.',
    failed: 'ಉಳಿಸಲಾಗಿಲ್ಲ: {{message}}',
    loadError: 'ಅನುಮತಿಗಳನ್ನು ಲೋಡ್ ಮಾಡಲು ಆಗಲಿಲ್ಲ.',
    labels: {
      dashboard_view: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್ ನೋಡುವುದು',
      learning_view: 'ಕೋರ್ಸ್‌ಗಳನ್ನು ಮಾಡುವುದು',
      policies_view: 'ನೀತಿಗಳನ್ನು ಓದಿ ಸ್ವೀಕರಿಸುವುದು',
      complaints_file: 'ದೂರು ಸಲ್ಲಿಸುವುದು',
      users_manage: 'ಬಳಕೆದಾರರನ್ನು ನಿರ್ವಹಿಸುವುದು',
      branches_manage: 'ಬಿಸಿನೆಸ್ ಯೂನಿಟ್‌ಗಳನ್ನು ನಿರ್ವಹಿಸುವುದು',
      departments_manage: 'ವಿಭಾಗಗಳನ್ನು ನಿರ್ವಹಿಸುವುದು',
      invites_manage: 'ಜನರನ್ನು ಆಹ್ವಾನಿಸುವುದು',
      permissions_manage: 'ಈ ಅನುಮತಿಗಳನ್ನು ಬದಲಿಸುವುದು',
      courses_manage: 'ಕೋರ್ಸ್‌ಗಳನ್ನು ನಿರ್ವಹಿಸುವುದು',
      courses_assign: 'ಕೋರ್ಸ್‌ಗಳನ್ನು ನಿಯೋಜಿಸಿ ಮತ್ತು ಕಲಿಯುವವರನ್ನು ಗಮನಿಸಿ',
      policies_manage: 'ನೀತಿಗಳನ್ನು ನಿರ್ವಹಿಸುವುದು',
      compliance_manage: 'ಅನುಸರಣೆ ರಿಜಿಸ್ಟರ್ ನಿರ್ವಹಿಸುವುದು',
      complaints_manage: 'ದೂರುಗಳ ಸಂಖ್ಯೆ ಮತ್ತು ಸ್ಥಿತಿ ನೋಡುವುದು',
      workflows_manage: 'ದೂರು ಪ್ರಕ್ರಿಯೆಗಳನ್ನು ರೂಪಿಸುವುದು',
      reports_view: 'ವರದಿಗಳನ್ನು ನೋಡುವುದು',
      audit_view: 'ಆಡಿಟ್ ಲಾಗ್ ಓದುವುದು',
      settings_manage: 'ವರ್ಕ್‌ಸ್ಪೇಸ್ ಸೆಟ್ಟಿಂಗ್‌ಗಳು ಮತ್ತು ಬ್ರ್ಯಾಂಡಿಂಗ್ ಬದಲಿಸುವುದು',
    },
    help: {
      courses_assign: 'ಬಿಸಿನೆಸ್ ಯೂನಿಟ್ ಅಡ್ಮಿನ್‌ಗಳು: ತಮ್ಮ ಬಿಸಿನೆಸ್ ಯೂನಿಟ್‌ನ ಜನರು ಮಾತ್ರ.',
      audit_view: 'ವರ್ಕ್‌ಸ್ಪೇಸ್ ಅಡ್ಮಿನ್‌ಗಳು ಮತ್ತು ಉದ್ಯೋಗದಾತರು ಮಾತ್ರ: ಲಾಗ್ ಪ್ರತಿಯೊಂದು ಬಿಸಿನೆಸ್ ಯೂನಿಟ್ ಅನ್ನು ಒಳಗೊಂಡಿದೆ.',
      users_manage: 'ಬಿಸಿನೆಸ್ ಯೂನಿಟ್ ಅಡ್ಮಿನ್‌ಗಳು: ತಮ್ಮ ಸ್ವಂತ ಯೂನಿಟ್‌ನ ಉದ್ಯೋಗಿಗಳನ್ನು ಮಾತ್ರ.',
      complaints_manage: 'ಪ್ರಕರಣದ ವಿವರಗಳು ನಿಯೋಜಿತ ಸಮಿತಿ ಸದಸ್ಯರಿಗೆ ಮಾತ್ರ ಕಾಣುತ್ತವೆ.',
      workflows_manage: 'ದೂರುಗಳು ಅನುಸರಿಸುವ ನಮೂನೆ ಮತ್ತು ಹಂತಗಳು; ಯಾವುದೇ ಪ್ರಕರಣಕ್ಕೆ ಪ್ರವೇಶ ನೀಡುವುದಿಲ್ಲ.',
    },
  },
};

export default kn;
