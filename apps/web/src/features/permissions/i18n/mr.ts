import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Marathi texts (मराठी) of the permissions namespace; to be reviewed by a native speaker (docs/languages-web.md). */
const mr: TTranslation<typeof en> = {
  permissions: {
    pageTitle: 'परवानग्या',
    heading: 'भूमिका आणि परवानग्या',
    intro:
      'या वर्कस्पेसमध्ये प्रत्येक भूमिका काय करू शकते ते निवडा. तुम्ही जतन करेपर्यंत काहीही बदलत नाही; नंतर बदल त्या भूमिकेच्या सर्वांना त्यांच्या पुढील क्लिकपासून लागू होतो.',
    permission: 'परवानगी',
    cellLabel: '{{role}} साठी {{permission}}',
    locked: 'बदलता येत नाही',
    lockedWhy: 'कोणीही वर्कस्पेसबाहेर अडकू नये म्हणून, वर्कस्पेस ॲडमिनकडे हे नेहमी राहते.',
    lockedNote: 'बंद करता न येणारे स्विच वर्कस्पेस ॲडमिनचे आहेत, जेणेकरून कोणीही वर्कस्पेसबाहेर अडकू नये.',
    save_one: '{{count}} बदल जतन करा',
    save_other: '{{count}} बदल जतन करा',
    saveNone: 'जतन करा',
    discard: 'बदल रद्द करा',
    saved_one: '{{count}} बदल जतन झाला.',
    saved_other: '{{count}} बदल जतन झाले.',
    changed: 'बदलले, अजून जतन केलेले नाही',
    unsaved_one: '{{count}} बदल अजून जतन केलेला नाही.',
    unsaved_other: '{{count}} बदल अजून जतन केलेले नाहीत.',
    failed: 'जतन झाले नाही: {{message}}',
    loadError: 'परवानग्या लोड होऊ शकल्या नाहीत.',
    labels: {
      dashboard_view: 'डॅशबोर्ड पाहणे',
      learning_view: 'कोर्स करणे',
      policies_view: 'धोरणे वाचणे आणि स्वीकारणे',
      complaints_file: 'तक्रारी दाखल करणे',
      users_manage: 'वापरकर्ते व्यवस्थापित करणे',
      branches_manage: 'बिझनेस युनिट्स व्यवस्थापित करणे',
      departments_manage: 'विभाग व्यवस्थापित करणे',
      invites_manage: 'लोकांना आमंत्रित करणे',
      permissions_manage: 'या परवानग्या बदलणे',
      courses_manage: 'कोर्स व्यवस्थापित करणे',
      courses_assign: 'कोर्स नेमून देणे आणि शिकणाऱ्यांचा पाठपुरावा करणे',
      policies_manage: 'धोरणे व्यवस्थापित करणे',
      compliance_manage: 'अनुपालन नोंदवही ठेवणे',
      complaints_manage: 'तक्रारींची संख्या आणि स्थिती पाहणे',
      workflows_manage: 'तक्रार प्रक्रिया तयार करणे',
      reports_view: 'अहवाल पाहणे',
      audit_view: 'ऑडिट लॉग वाचणे',
      settings_manage: 'वर्कस्पेस सेटिंग्ज आणि ब्रँडिंग बदलणे',
    },
    help: {
      courses_assign: 'बिझनेस युनिट ॲडमिन: फक्त त्यांच्या स्वतःच्या बिझनेस युनिटमधील लोक.',
      audit_view: 'फक्त वर्कस्पेस ॲडमिन आणि नियोक्ते: लॉगमध्ये प्रत्येक बिझनेस युनिट समाविष्ट आहे.',
      users_manage: 'बिझनेस युनिट ॲडमिन: फक्त त्यांच्या स्वतःच्या युनिटचे कर्मचारी.',
      complaints_manage: 'प्रकरणाचा तपशील फक्त नेमलेल्या समिती सदस्यांनाच दिसतो.',
      workflows_manage: 'तक्रारींचा फॉर्म आणि टप्पे; कोणत्याही प्रकरणात प्रवेश देत नाही.',
    },
  },
};

export default mr;
