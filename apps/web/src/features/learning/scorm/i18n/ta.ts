import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Tamil (தமிழ்) texts of the scorm namespace. */
const ta: TTranslation<typeof en> = {
  scorm: {
    import: {
      pageTitle: 'SCORM தொகுப்பை இறக்குமதி செய்க',
      heading: 'SCORM தொகுப்பை இறக்குமதி செய்க',
      introCourse:
        'SCORM 1.2 அல்லது 2004 தொகுப்பை (.zip கோப்பு) பதிவேற்றவும். தொகுப்பை முதல் உருப்படியாகக் கொண்ட புதிய பாடநெறி உருவாக்கப்படும்.',
      introItem: 'SCORM 1.2 அல்லது 2004 தொகுப்பை (.zip கோப்பு) பதிவேற்றவும். இது இந்தப் பாடநெறியின் வரைவின் இறுதியில் சேர்க்கப்படும்.',
      fileLabel: 'தொகுப்புக் கோப்பு',
      fileHint: 'அதிகபட்சம் 200 MB அளவுள்ள .zip கோப்பு; அதன் மூலத்தில் imsmanifest.xml இருக்க வேண்டும்.',
      tooLarge: 'கோப்பு 200 MB ஐ விடப் பெரியது.',
      submit: 'இறக்குமதி செய்க',
      uploading: 'பதிவேற்றப்படுகிறது… {{percent}}%',
      checking: 'தொகுப்பு சரிபார்க்கப்படுகிறது…',
      failed: 'தொகுப்பை இறக்குமதி செய்ய முடியவில்லை.',
      refusedTitle: 'இறக்குமதி ஆகவில்லை',
    },
    package: {
      pageTitle: 'SCORM தொகுப்பு',
      loading: 'தொகுப்பு ஏற்றப்படுகிறது',
      processing: 'தொகுப்பு திறக்கப்படுகிறது… இந்தப் பக்கம் தானாகப் புதுப்பிக்கப்படும்.',
      failedTitle: 'தொகுப்பைப் பயன்படுத்த முடியவில்லை',
      failed: 'தொகுப்பைத் திறக்க முடியவில்லை.',
      summary: 'தொகுப்பு',
      standard: 'தரநிலை',
      file: 'கோப்பு',
      files: 'கோப்புகள்',
      size: 'திறந்த பின் {{size}} MB',
      scos: 'பாடங்கள் (SCO)',
      mastery: 'தேர்ச்சி மதிப்பெண் {{score}}',
      noItem: 'இந்தப் பாடநெறியில் அப்படி ஒரு SCORM உருப்படி இல்லை.',
      play: 'இயக்கு',
      previewNote: 'முன்னோட்டம்: எதுவும் பதிவு செய்யப்படாது. தொகுப்பு அனுப்பிய கடைசி முடிவு கீழே தெரியும்.',
    },
    status: {
      PROCESSING: 'செயலாக்கத்தில்',
      READY: 'தயார்',
      FAILED: 'தோல்வி',
    },
    standard: {
      SCORM_12: 'SCORM 1.2',
      SCORM_2004: 'SCORM 2004',
    },
    player: {
      loading: 'பிளேயர் திறக்கிறது…',
      failed: 'பிளேயரைத் திறக்க முடியவில்லை',
      resultHeading: 'தொகுப்பு தெரிவித்தது',
      status: 'நிலை',
      score: 'மதிப்பெண்',
      suspendData: 'சேமித்த முன்னேற்றம்',
      noCommit: 'இதுவரை எதுவும் தெரிவிக்கப்படவில்லை.',
    },
  },
};

export default ta;
