import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Tamil texts (தமிழ்) of the permissions namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const ta: TTranslation<typeof en> = {
  permissions: {
    pageTitle: 'அனுமதிகள்',
    heading: 'பங்குகள் மற்றும் அனுமதிகள்',
    intro:
      'இந்த வொர்க்ஸ்பேஸில் ஒவ்வொரு பங்கும் என்ன செய்யலாம் என்பதைத் தேர்வுசெய்யவும். மாற்றம் உடனே சேமிக்கப்பட்டு, அந்தப் பங்கு உள்ள அனைவருக்கும் அவர்களின் அடுத்த கிளிக்கிலிருந்து பொருந்தும்.',
    permission: 'அனுமதி',
    cellLabel: '{{role}}-க்கு {{permission}}',
    locked: 'மாற்ற முடியாது',
    lockedWhy: 'யாரும் வொர்க்ஸ்பேஸிலிருந்து வெளியே பூட்டப்படாமல் இருக்க, வொர்க்ஸ்பேஸ் நிர்வாகிகள் இதை எப்போதும் வைத்திருப்பார்கள்.',
    lockedNote: 'அணைக்க முடியாத சுவிட்சுகள் வொர்க்ஸ்பேஸ் நிர்வாகிகளுக்கானவை, யாரும் வொர்க்ஸ்பேஸிலிருந்து வெளியே பூட்டப்படாமல் இருக்க.',
    granted: '{{role}}: “{{permission}}” அனுமதிக்கப்பட்டது.',
    revoked: '{{role}}: “{{permission}}” திரும்பப் பெறப்பட்டது.',
    failed: 'சேமிக்கப்படவில்லை: {{message}}',
    loadError: 'அனுமதிகளை ஏற்ற முடியவில்லை.',
    labels: {
      dashboard_view: 'டாஷ்போர்டைப் பார்த்தல்',
      learning_view: 'பாடநெறிகளைப் படித்தல்',
      policies_view: 'கொள்கைகளைப் படித்து ஏற்றல்',
      complaints_file: 'புகார் அளித்தல்',
      users_manage: 'பயனர்களை நிர்வகித்தல்',
      branches_manage: 'வணிகப் பிரிவுகளை நிர்வகித்தல்',
      departments_manage: 'துறைகளை நிர்வகித்தல்',
      invites_manage: 'பணியாளர்களை அழைத்தல்',
      permissions_manage: 'இந்த அனுமதிகளை மாற்றுதல்',
      courses_manage: 'பாடநெறிகளை நிர்வகித்தல்',
      policies_manage: 'கொள்கைகளை நிர்வகித்தல்',
      compliance_manage: 'இணக்கப் பதிவேட்டைப் பராமரித்தல்',
      complaints_manage: 'புகார்களைக் கையாளுதல்',
      reports_view: 'அறிக்கைகளைப் பார்த்தல்',
      audit_view: 'தணிக்கைப் பதிவைப் படித்தல்',
      settings_manage: 'வொர்க்ஸ்பேஸ் அமைப்புகள் மற்றும் பிராண்டிங்கை மாற்றுதல்',
    },
    help: {
      audit_view: 'பணியிட நிர்வாகிகள் மற்றும் முதலாளிகள் மட்டும்: பதிவு ஒவ்வொரு வணிகப் பிரிவையும் உள்ளடக்கும்.',
      users_manage: 'வணிகப் பிரிவு நிர்வாகிகள்: தங்கள் சொந்தப் பிரிவின் பணியாளர்களை மட்டும்.',
      complaints_manage: 'வழக்கு விவரங்கள் ஒதுக்கப்பட்ட குழு உறுப்பினர்களுக்கு மட்டுமே தெரியும்.',
    },
  },
};

export default ta;
