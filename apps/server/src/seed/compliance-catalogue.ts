import type { TObligationInput } from '@app/contract';
import type { Db, Tx } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import * as repo from './compliance-catalogue.repo.ts';

/**
 * The demo compliance catalogue (issue 24): what the POSH Act 2013 and Rules 2013 (India) and the
 * Work Place Harassment and Violence Prevention Regulations (Canada) ask of an employer, written for
 * this product in our own words, sections cited as shared/LEGAL.md gives them. Titles in English
 * with Hindi (India) or French (Canada); descriptions and evidence likewise.
 *
 * Loaded by the demo seed and, on a fresh database (no category and no obligation), at every start
 * and into the tests' template: a deployment starts with it. Idempotent by key: a key that exists is
 * left as the operator has it. A date the law does not fix is a product rule (`reference` null) and
 * the description says so.
 */

type Text = Record<string, string>;
export type DemoCategory = { key: string; name: Text };
export type DemoObligation = Omit<TObligationInput, 'categoryId' | 'jurisdictionId'> & { category: string };

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    key: 'COMMITTEE',
    name: { en: 'Committee', hi: 'समिति', fr: 'Comité', mr: 'समिती', kn: 'ಸಮಿತಿ', te: 'కమిటీ', ta: 'குழு' },
  },
  {
    key: 'AWARENESS_TRAINING',
    name: { en: 'Awareness and training', hi: 'जागरूकता और प्रशिक्षण', fr: 'Sensibilisation et formation' },
  },
  { key: 'REPORTS', name: { en: 'Reports', hi: 'रिपोर्ट', fr: 'Rapports' } },
  {
    key: 'ASSESSMENT_POLICY',
    name: { en: 'Assessment and policy', hi: 'मूल्यांकन और नीति', fr: 'Évaluation et politique' },
  },
];

const POSH_ACT = 'Sexual Harassment of Women at Workplace (Prevention, Prohibition and Redressal) Act, 2013';
const POSH_RULES = 'Sexual Harassment of Women at Workplace (Prevention, Prohibition and Redressal) Rules, 2013';
const COMPANIES_RULES = 'Companies (Accounts) Rules, 2014';
const CA_REGS = 'Work Place Harassment and Violence Prevention Regulations (SOR/2020-130)';

const everywhere = { minHeadcount: null, maxHeadcount: null, jurisdictionCodes: [] };
const yearly = (alignTo: 'CALENDAR_YEAR' | 'FINANCIAL_YEAR_IN' | 'APPLIES_FROM') =>
  ({ every: 1, unit: 'YEAR', alignTo }) as const;
const everyThreeYears = { every: 3, unit: 'YEAR', alignTo: 'APPLIES_FROM' } as const;
const due = (
  anchor: 'PERIOD_START' | 'PERIOD_END' | 'NEXT_PERIOD_START' | 'APPLIES_FROM' | 'EVENT',
  offset: number,
  unit: 'CALENDAR_DAY' | 'MONTH' | 'YEAR',
  reference: string | null,
) => ({ anchor, offset, unit, onHoliday: 'NONE', reference }) as const;

export const DEMO_OBLIGATIONS: DemoObligation[] = [
  // --- India: POSH Act 2013 and Rules 2013
  {
    key: 'IN.POSH.S4.COMMITTEE',
    category: 'COMMITTEE',
    country: 'IN',
    law: POSH_ACT,
    section: 's.4(1)',
    title: {
      en: 'Constitute an Internal Committee at every office of 10 or more workers',
      hi: '10 या अधिक कर्मचारियों वाले हर कार्यालय में आंतरिक समिति गठित करें',
    },
    description: {
      en: 'Each office or unit with 10 or more workers needs an Internal Committee, set up by a written order. The committee register shows whether the unit has one, with a lawful composition and a current term.',
      hi: '10 या अधिक कर्मचारियों वाले हर कार्यालय या इकाई में लिखित आदेश से गठित आंतरिक समिति होनी चाहिए। समिति रजिस्टर दिखाता है कि इकाई में वैध संरचना और चालू कार्यकाल वाली समिति है या नहीं।',
    },
    evidence: {
      en: 'The committee in the committee register, with the written order constituting it.',
      hi: 'समिति रजिस्टर में दर्ज समिति, उसके गठन के लिखित आदेश के साथ।',
    },
    kind: 'CONTINUOUS',
    recurrence: null,
    dueRule: due('APPLIES_FROM', 0, 'CALENDAR_DAY', 's.4(1)'),
    applicability: { minHeadcount: 10, maxHeadcount: null, jurisdictionCodes: [] },
    scope: 'UNIT',
    evidenceSource: 'COMMITTEE',
  },
  {
    key: 'IN.POSH.S19B.DISPLAY',
    category: 'COMMITTEE',
    country: 'IN',
    law: POSH_ACT,
    section: 's.19(b)',
    title: {
      en: 'Display the penalties and the order constituting the Internal Committee',
      hi: 'दंड और आंतरिक समिति के गठन का आदेश प्रदर्शित करें',
    },
    description: {
      en: 'At a place in the workplace where everyone can see them: the penalties for sexual harassment and the order that constituted the Internal Committee.',
      hi: 'कार्यस्थल पर ऐसी जगह जहाँ सब देख सकें: यौन उत्पीड़न के दंड और आंतरिक समिति के गठन का आदेश।',
    },
    evidence: {
      en: 'A photograph of the notice where it is displayed.',
      hi: 'प्रदर्शित सूचना की तस्वीर।',
    },
    kind: 'CONTINUOUS',
    recurrence: null,
    dueRule: due('APPLIES_FROM', 0, 'CALENDAR_DAY', 's.19(b)'),
    applicability: everywhere,
    scope: 'UNIT',
    evidenceSource: 'NONE',
  },
  {
    key: 'IN.POSH.S19C.AWARENESS',
    category: 'AWARENESS_TRAINING',
    country: 'IN',
    law: POSH_ACT,
    section: 's.19(c)',
    title: {
      en: 'Hold workshops and awareness programmes for employees',
      hi: 'कर्मचारियों के लिए कार्यशालाएँ और जागरूकता कार्यक्रम आयोजित करें',
    },
    description: {
      en: 'Run workshops and awareness programmes at regular intervals so that employees know the law and the workplace policy. The product asks for at least one each calendar year; a workshop held here closes the year by itself.',
      hi: 'नियमित अंतराल पर कार्यशालाएँ और जागरूकता कार्यक्रम करें ताकि कर्मचारी कानून और कार्यस्थल नीति जानें। उत्पाद हर कैलेंडर वर्ष में कम से कम एक माँगता है; यहाँ आयोजित कार्यशाला से वर्ष अपने-आप पूरा हो जाता है।',
    },
    evidence: {
      en: 'The workshop held, with its attendance.',
      hi: 'आयोजित कार्यशाला, उपस्थिति के साथ।',
    },
    kind: 'PERIODIC',
    recurrence: yearly('CALENDAR_YEAR'),
    dueRule: due('PERIOD_END', 0, 'CALENDAR_DAY', null),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'WORKSHOP',
  },
  {
    key: 'IN.POSH.R13.ORIENTATION',
    category: 'AWARENESS_TRAINING',
    country: 'IN',
    law: POSH_RULES,
    section: 'Rule 13',
    title: {
      en: 'Give the Internal Committee’s members orientation and skill-building',
      hi: 'आंतरिक समिति के सदस्यों को अभिमुखीकरण और कौशल प्रशिक्षण दें',
    },
    description: {
      en: 'Organise orientation and skill-building programmes for the members of the Internal Committee. The product asks for one each calendar year; a course completed here by the members closes it.',
      hi: 'आंतरिक समिति के सदस्यों के लिए अभिमुखीकरण और कौशल कार्यक्रम आयोजित करें। उत्पाद हर कैलेंडर वर्ष में एक माँगता है; सदस्यों द्वारा यहाँ पूरा किया गया कोर्स इसे पूरा करता है।',
    },
    evidence: {
      en: 'The members’ completion of the orientation course.',
      hi: 'सदस्यों द्वारा अभिमुखीकरण कोर्स पूरा करने का रिकॉर्ड।',
    },
    kind: 'PERIODIC',
    recurrence: yearly('CALENDAR_YEAR'),
    dueRule: due('PERIOD_END', 0, 'CALENDAR_DAY', null),
    applicability: { minHeadcount: 10, maxHeadcount: null, jurisdictionCodes: [] },
    scope: 'WORKSPACE',
    evidenceSource: 'TRAINING',
  },
  {
    key: 'IN.POSH.S21.ANNUAL_REPORT',
    category: 'REPORTS',
    country: 'IN',
    law: POSH_ACT,
    section: 's.21, Rule 14',
    title: {
      en: 'The Internal Committee’s annual report to the employer and the District Officer',
      hi: 'नियोक्ता और जिला अधिकारी को आंतरिक समिति की वार्षिक रिपोर्ट',
    },
    description: {
      en: 'For each calendar year: complaints received, complaints disposed of, cases pending for more than 90 days, workshops held and the nature of the action taken. The Act sets no date; the product asks for it by the end of January.',
      hi: 'हर कैलेंडर वर्ष के लिए: प्राप्त शिकायतें, निपटाई गई शिकायतें, 90 दिन से अधिक लंबित मामले, आयोजित कार्यशालाएँ और की गई कार्रवाई का स्वरूप। अधिनियम कोई तारीख तय नहीं करता; उत्पाद इसे जनवरी के अंत तक माँगता है।',
    },
    evidence: {
      en: 'The annual report as sent, with proof that the District Officer received it.',
      hi: 'भेजी गई वार्षिक रिपोर्ट, जिला अधिकारी को प्राप्त होने के प्रमाण के साथ।',
    },
    kind: 'PERIODIC',
    recurrence: yearly('CALENDAR_YEAR'),
    dueRule: due('NEXT_PERIOD_START', 1, 'MONTH', null),
    applicability: { minHeadcount: 10, maxHeadcount: null, jurisdictionCodes: [] },
    scope: 'UNIT',
    evidenceSource: 'REPORT',
  },
  {
    key: 'IN.POSH.S22.ORGANISATION_REPORT',
    category: 'REPORTS',
    country: 'IN',
    law: POSH_ACT,
    section: 's.22',
    title: {
      en: 'State the number of cases and their disposal in the organisation’s annual report',
      hi: 'संगठन की वार्षिक रिपोर्ट में मामलों की संख्या और उनका निपटान बताएँ',
    },
    description: {
      en: 'The organisation’s annual report states how many cases were filed in the year and how they were disposed of; an organisation that prepares no annual report tells the District Officer instead. The product asks for it 6 months after the financial year ends.',
      hi: 'संगठन की वार्षिक रिपोर्ट में वर्ष में दर्ज मामलों की संख्या और उनका निपटान बताया जाता है; जो संगठन वार्षिक रिपोर्ट नहीं बनाता, वह जिला अधिकारी को बताता है। उत्पाद इसे वित्तीय वर्ष समाप्त होने के 6 महीने बाद तक माँगता है।',
    },
    evidence: {
      en: 'The page of the annual report with the figures, or the letter to the District Officer.',
      hi: 'आंकड़ों वाला वार्षिक रिपोर्ट का पृष्ठ, या जिला अधिकारी को भेजा गया पत्र।',
    },
    kind: 'PERIODIC',
    recurrence: yearly('FINANCIAL_YEAR_IN'),
    dueRule: due('NEXT_PERIOD_START', 6, 'MONTH', null),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'NONE',
  },
  {
    key: 'IN.COMPANIES.R8-5-X.BOARD_REPORT',
    category: 'REPORTS',
    country: 'IN',
    law: COMPANIES_RULES,
    section: 'r.8(5)(x)',
    title: {
      en: 'Disclose complaints of sexual harassment in the Board’s Report (companies)',
      hi: 'बोर्ड की रिपोर्ट में यौन उत्पीड़न की शिकायतों का खुलासा करें (कंपनियाँ)',
    },
    description: {
      en: 'A company’s Board’s Report for the financial year states the complaints received, disposed of and pending for more than 90 days. An employer that is not a company marks this not applicable, with that as the justification. The product asks for it 6 months after the financial year ends.',
      hi: 'कंपनी की वित्तीय वर्ष की बोर्ड रिपोर्ट में प्राप्त, निपटाई गई और 90 दिन से अधिक लंबित शिकायतें बताई जाती हैं। जो नियोक्ता कंपनी नहीं है, वह इसे कारण बताकर लागू नहीं के रूप में चिह्नित करता है। उत्पाद इसे वित्तीय वर्ष समाप्त होने के 6 महीने बाद तक माँगता है।',
    },
    evidence: {
      en: 'The page of the Board’s Report with the disclosure.',
      hi: 'खुलासे वाला बोर्ड रिपोर्ट का पृष्ठ।',
    },
    kind: 'PERIODIC',
    recurrence: yearly('FINANCIAL_YEAR_IN'),
    dueRule: due('NEXT_PERIOD_START', 6, 'MONTH', null),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'NONE',
  },

  // --- Canada: Work Place Harassment and Violence Prevention Regulations
  {
    key: 'CA.WHVP.S5-1.ASSESSMENT',
    category: 'ASSESSMENT_POLICY',
    country: 'CA',
    law: CA_REGS,
    section: 's.5(1)',
    title: {
      en: 'Carry out the workplace assessment jointly with the applicable partner',
      fr: 'Effectuer l’évaluation du lieu de travail conjointement avec le partenaire désigné',
    },
    description: {
      en: 'Identify the risk factors of harassment and violence in the workplace, together with the policy committee, the workplace committee or the health and safety representative.',
      fr: 'Déterminer les facteurs de risque de harcèlement et de violence dans le lieu de travail, avec le comité d’orientation, le comité local ou le représentant en santé et sécurité.',
    },
    evidence: { en: 'The signed workplace assessment.', fr: 'L’évaluation du lieu de travail signée.' },
    kind: 'ONE_TIME',
    recurrence: null,
    dueRule: due('APPLIES_FROM', 0, 'CALENDAR_DAY', 's.5(1)'),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'NONE',
  },
  {
    key: 'CA.WHVP.S5-3.ASSESSMENT_REVIEW',
    category: 'ASSESSMENT_POLICY',
    country: 'CA',
    law: CA_REGS,
    section: 's.5(3)',
    title: {
      en: 'Review and update the workplace assessment every 3 years',
      fr: 'Revoir et mettre à jour l’évaluation du lieu de travail tous les 3 ans',
    },
    description: {
      en: 'Review the workplace assessment jointly with the applicable partner at least every 3 years, and update it where needed.',
      fr: 'Revoir l’évaluation du lieu de travail avec le partenaire désigné au moins tous les 3 ans, et la mettre à jour au besoin.',
    },
    evidence: { en: 'The reviewed assessment, dated.', fr: 'L’évaluation revue, datée.' },
    kind: 'PERIODIC',
    recurrence: everyThreeYears,
    dueRule: due('PERIOD_END', 0, 'CALENDAR_DAY', 's.5(3)'),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'NONE',
  },
  {
    key: 'CA.WHVP.S9.PREVENTIVE_MEASURES',
    category: 'ASSESSMENT_POLICY',
    country: 'CA',
    law: CA_REGS,
    section: 's.9',
    title: {
      en: 'Put preventive measures in place within 6 months of identifying risk factors',
      fr: 'Mettre en place des mesures de prévention dans les 6 mois suivant la détermination des facteurs de risque',
    },
    description: {
      en: 'Record the day the assessment identified the risk factors; the measures that address them are due 6 months later.',
      fr: 'Indiquez la date à laquelle l’évaluation a déterminé les facteurs de risque; les mesures qui y répondent sont dues 6 mois plus tard.',
    },
    evidence: {
      en: 'The preventive measures adopted, with their dates.',
      fr: 'Les mesures de prévention adoptées, avec leurs dates.',
    },
    kind: 'EVENT',
    recurrence: null,
    dueRule: due('EVENT', 6, 'MONTH', 's.9'),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'NONE',
  },
  {
    key: 'CA.WHVP.S10-1.POLICY',
    category: 'ASSESSMENT_POLICY',
    country: 'CA',
    law: CA_REGS,
    section: 's.10(1)',
    title: {
      en: 'Develop the workplace harassment and violence prevention policy jointly',
      fr: 'Élaborer conjointement la politique de prévention du harcèlement et de la violence',
    },
    description: {
      en: 'Write the prevention policy together with the applicable partner, with the elements the Regulations list.',
      fr: 'Rédiger la politique de prévention avec le partenaire désigné, avec les éléments que prévoit le Règlement.',
    },
    evidence: { en: 'The policy as adopted.', fr: 'La politique adoptée.' },
    kind: 'ONE_TIME',
    recurrence: null,
    dueRule: due('APPLIES_FROM', 0, 'CALENDAR_DAY', 's.10(1)'),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'POLICY',
  },
  {
    key: 'CA.WHVP.S10-4.POLICY_REVIEW',
    category: 'ASSESSMENT_POLICY',
    country: 'CA',
    law: CA_REGS,
    section: 's.10(4)',
    title: {
      en: 'Review the prevention policy every 3 years',
      fr: 'Revoir la politique de prévention tous les 3 ans',
    },
    description: {
      en: 'Review the policy jointly with the applicable partner at least every 3 years, and update it where needed.',
      fr: 'Revoir la politique avec le partenaire désigné au moins tous les 3 ans, et la mettre à jour au besoin.',
    },
    evidence: { en: 'The reviewed policy, dated.', fr: 'La politique revue, datée.' },
    kind: 'PERIODIC',
    recurrence: everyThreeYears,
    dueRule: due('PERIOD_END', 0, 'CALENDAR_DAY', 's.10(4)'),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'POLICY',
  },
  {
    key: 'CA.WHVP.S10-4.POLICY_AFTER_CHANGE',
    category: 'ASSESSMENT_POLICY',
    country: 'CA',
    law: CA_REGS,
    section: 's.10(4)',
    title: {
      en: 'Review the prevention policy after a change that affects it',
      fr: 'Revoir la politique de prévention après un changement qui la touche',
    },
    description: {
      en: 'Record the day of a change to an element of the policy (for example after the workplace assessment is updated). The Regulations set no delay; the product asks for the review within 3 months.',
      fr: 'Indiquez la date d’un changement touchant un élément de la politique (par exemple après la mise à jour de l’évaluation du lieu de travail). Le Règlement ne fixe pas de délai; le produit demande la révision dans les 3 mois.',
    },
    evidence: { en: 'The reviewed policy, dated.', fr: 'La politique revue, datée.' },
    kind: 'EVENT',
    recurrence: null,
    dueRule: due('EVENT', 3, 'MONTH', null),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'POLICY',
  },
  {
    key: 'CA.WHVP.S12-4.TRAINING',
    category: 'AWARENESS_TRAINING',
    country: 'CA',
    law: CA_REGS,
    section: 's.12(4)',
    title: {
      en: 'Train employees within 3 months of starting and every 3 years',
      fr: 'Former les employés dans les 3 mois suivant leur entrée en fonction et tous les 3 ans',
    },
    description: {
      en: 'Every employee takes the harassment and violence prevention training within 3 months of starting work, and again at least every 3 years. Completions of the training course here close each period.',
      fr: 'Chaque employé suit la formation sur la prévention du harcèlement et de la violence dans les 3 mois suivant son entrée en fonction, puis au moins tous les 3 ans. Les achèvements du cours de formation ici ferment chaque période.',
    },
    evidence: { en: 'The employees’ training completions.', fr: 'Les achèvements de la formation des employés.' },
    kind: 'PERIODIC',
    recurrence: everyThreeYears,
    dueRule: due('PERIOD_START', 3, 'MONTH', 's.12(4)'),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'TRAINING',
  },
  {
    key: 'CA.WHVP.S14.DESIGNATED_RECIPIENT',
    category: 'COMMITTEE',
    country: 'CA',
    law: CA_REGS,
    section: 's.14',
    title: {
      en: 'Name a designated recipient of notices of an occurrence',
      fr: 'Désigner le destinataire des avis d’incident',
    },
    description: {
      en: 'Name the person or work unit who receives notices of an occurrence of harassment or violence. The committee register shows the designated recipient of each unit.',
      fr: 'Désigner la personne ou l’unité de travail qui reçoit les avis d’incident de harcèlement ou de violence. Le registre du comité indique le destinataire désigné de chaque unité.',
    },
    evidence: {
      en: 'The designated recipient in the committee register.',
      fr: 'Le destinataire désigné dans le registre du comité.',
    },
    kind: 'CONTINUOUS',
    recurrence: null,
    dueRule: due('APPLIES_FROM', 0, 'CALENDAR_DAY', 's.14'),
    applicability: everywhere,
    scope: 'UNIT',
    evidenceSource: 'DESIGNATED_RECIPIENT',
  },
  {
    key: 'CA.WHVP.S36.ANNUAL_REPORT',
    category: 'REPORTS',
    country: 'CA',
    law: CA_REGS,
    section: 's.36',
    title: {
      en: 'Send the annual report on occurrences by 1 March',
      fr: 'Transmettre le rapport annuel sur les incidents au plus tard le 1er mars',
    },
    description: {
      en: 'On or before 1 March, report to the Head of Compliance and Enforcement on the occurrences notified in the previous calendar year, with the figures s.36 lists.',
      fr: 'Au plus tard le 1er mars, faire rapport au chef de la conformité et de l’application sur les incidents signalés au cours de l’année civile précédente, avec les données que prévoit l’article 36.',
    },
    evidence: {
      en: 'The annual report as submitted.',
      fr: 'Le rapport annuel tel qu’il a été transmis.',
    },
    kind: 'PERIODIC',
    recurrence: yearly('CALENDAR_YEAR'),
    dueRule: due('NEXT_PERIOD_START', 2, 'MONTH', 's.36'),
    applicability: everywhere,
    scope: 'WORKSPACE',
    evidenceSource: 'REPORT',
  },
];

/** Adds the demo categories and obligations whose keys are missing; answers how many obligations it added. */
export async function loadDemoCatalogue(tx: Tx): Promise<number> {
  const ids = new Map<string, string>();
  for (const c of DEMO_CATEGORIES) ids.set(c.key, await repo.upsertCategory(tx, c));
  let added = 0;
  for (const { category, ...o } of DEMO_OBLIGATIONS)
    if (await repo.insertObligationOnce(tx, { ...o, categoryId: ids.get(category)! })) added++;
  return added;
}

/**
 * At start (main.ts) and into the tests' template: loads the demo catalogue into a database whose
 * catalogue is empty, so that a fresh deployment has it; a catalogue the operator has started is
 * theirs and left alone (a start with something in it only reads).
 */
export async function loadDemoCatalogueAtStart(db: Db): Promise<number> {
  const empty = await withPlatform(db, { action: 'compliance-catalogue.check', audit: false }, repo.catalogueIsEmpty);
  if (!empty) return 0;
  return withPlatform(db, { action: 'compliance-catalogue.load' }, loadDemoCatalogue);
}
