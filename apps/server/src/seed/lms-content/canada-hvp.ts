/**
 * Demo catalogue course: "Harassment and Violence Prevention (Canada)" (docs/learning-design.md §5).
 * English, jurisdiction CA-FED (federally regulated workplaces).
 *
 * Sections cited are those of the Work Place Harassment and Violence Prevention Regulations
 * (SOR/2020-130) listed in /work/shared/LEGAL.md; the Canada Labour Code, Part II is named without a
 * section. Written in our own words; a summary, not legal advice.
 */
import type { DemoBlock, DemoCourse, DemoQuestion, Texts } from './types.ts';

const t = (en: string): Texts => ({ en });
const text = (en: string): DemoBlock => ({ type: 'TEXT', html: t(en) });
const notify = (tone: 'INFO' | 'WARNING' | 'LEGAL', en: string): DemoBlock => ({ type: 'NOTIFY', tone, html: t(en) });
/** The "Where this comes from" block that ends every lesson. */
const whereFrom = (items: string[]): DemoBlock =>
  notify(
    'LEGAL',
    `<p>Work Place Harassment and Violence Prevention Regulations (SOR/2020-130), made under the Canada Labour Code, Part II:</p><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul><p>In our own words. A summary, not legal advice.</p>`,
  );

const lesson1: DemoBlock[] = [
  text(
    `<h3>The law and who it covers</h3><p>Part II of the <strong>Canada Labour Code</strong> protects the health and safety of employees in federally regulated workplaces — for example banks, airlines, rail and interprovincial trucking, telecommunications, ports, and the federal public service. Since 2021 it treats <strong>harassment and violence</strong> as one workplace hazard that employers must prevent and respond to, with detailed steps set out in the Work Place Harassment and Violence Prevention Regulations.</p><p>Harassment and violence means any action, conduct or comment — sexual or not — that could reasonably be expected to offend or humiliate an employee, or to cause them physical or psychological injury or illness. It covers a single serious incident as well as a pattern, and it can come from a manager, a co-worker, a client or a member of the public.</p>`,
  ),
  text(
    `<h3>The employer works with a partner</h3><p>Most of the employer's prevention work is done <strong>jointly</strong> with the <em>applicable partner</em>: the policy committee, the workplace committee or the health and safety representative, depending on the size of the workplace. Employees are represented in these bodies, so their experience shapes the measures.</p>`,
  ),
  text(
    `<h3>Step 1: the workplace assessment</h3><p>The employer and the applicable partner jointly carry out a <strong>workplace assessment</strong> (s.5(1)): they identify the risk factors, inside and outside the workplace, that contribute to harassment and violence — for example working alone or at night, handling cash, dealing with upset customers, or a history of conflict in a team. They review the assessment, and update it if needed, every three years (s.5(3)).</p><h3>Step 2: preventive measures</h3><p>Within six months of identifying the risk factors, the employer and the partner develop and put in place <strong>preventive measures</strong> that address them (s.9) — for example a buddy system for night shifts, panic buttons at a service counter, or clearer rules for team chats.</p>`,
  ),
  text(
    `<h3>Step 3: the policy</h3><p>The employer and the applicable partner jointly develop a <strong>workplace harassment and violence prevention policy</strong> (s.10(1)). It tells employees, among other things, how to give notice of an occurrence, who the designated recipient is, how the resolution process works and what support is available. The policy is reviewed, and updated if needed, at least every three years and after any change that affects it (s.10(4)).</p>`,
  ),
  {
    type: 'BUTTON',
    label: t('Read the Regulations (Justice Laws website)'),
    url: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-2020-130/',
  },
  whereFrom([
    'Workplace assessment with the partner: s.5(1); review every three years: s.5(3)',
    'Preventive measures within six months: s.9',
    'The policy: s.10(1); its review: s.10(4)',
  ]),
];

const lesson2: DemoBlock[] = [
  text(
    `<h3>Training for everyone</h3><p>Every employee receives harassment and violence prevention training, developed jointly by the employer and the applicable partner. It covers what harassment and violence are, the risk factors found in the workplace assessment, the workplace policy and how to give notice of an occurrence.</p>`,
  ),
  text(
    `<h3>When training happens</h3><p>The employer makes sure each employee is trained (s.12(4)):</p><ul><li>within 3 months of starting work;</li><li>at least once every 3 years after that;</li><li>after the training is updated;</li><li>when they are assigned to a role where the risk of harassment and violence is higher.</li></ul><p>The designated recipient is trained before taking up the role (s.12(5)).</p>`,
  ),
  text(
    `<h3>The designated recipient</h3><p>The employer names a <strong>designated recipient</strong>: a person or a work unit that receives notices of occurrences (s.14). The policy says who it is and how to reach them. You may give notice to the designated recipient or to your employer — you do not have to go through your manager, which matters when your manager is the person you are worried about.</p>`,
  ),
  notify(
    'INFO',
    `<p><strong>Example.</strong> Sam joins an interprovincial trucking company on 1 March. His training must be done by 1 June. Two years later he is moved to a night dispatch desk that deals with the public alone; the workplace assessment rates that role higher-risk, so he is trained again for it — without waiting for the three-year cycle.</p>`,
  ),
  whereFrom([
    'Training, and when it happens: s.12(4)',
    'Training of the designated recipient: s.12(5)',
    'The designated recipient: s.14',
  ]),
];

const lesson3: DemoBlock[] = [
  text(
    `<h3>Giving notice</h3><p>The person who experienced the occurrence is the <strong>principal party</strong>; the person said to be responsible is the <strong>responding party</strong>. The principal party or a witness may give the employer or the designated recipient a <strong>notice of an occurrence</strong>, in writing or orally (s.15(1)).</p><ul><li><strong>Only a witness may give notice anonymously</strong> (s.15(3)). A principal party gives their name, because the process is about resolving what happened to them.</li><li>If the employer is the responding party, the notice goes to the designated recipient (s.15(4)).</li></ul>`,
  ),
  text(
    `<h3>First contact within 7 days</h3><p>Within 7 days of the notice, the principal party is contacted and told how the resolution process works (s.20). A witness who gave notice and named themselves is also contacted within 7 days (s.21). The principal party stays in control: they may end the resolution process at any time (s.18).</p>`,
  ),
  text(
    `<h3>Resolving the occurrence</h3><ol><li><strong>Negotiated resolution.</strong> The principal party and the employer (or the designated recipient) first try to resolve the matter together. This begins no later than 45 days after the notice (s.23(1)).</li><li><strong>Conciliation</strong>, with a neutral person, if both the principal party and the responding party agree to it (s.24).</li><li><strong>Investigation</strong>, when the principal party asks for one (s.25(1)). The investigator is chosen jointly; if there is no agreement within 60 days, the Regulations set a fallback so the investigation is not stalled (s.27).</li></ol><p>The investigator's report does not reveal the identity of anyone involved. Copies go to the principal party, the responding party and the applicable partner (s.30).</p>`,
  ),
  notify(
    'INFO',
    `<p><strong>Example.</strong> Priya, a bank teller, sees a customer repeatedly threaten a colleague, Alex, at the counter. Priya gives notice anonymously. Within 7 days Alex is contacted and told about the process. A negotiated resolution starts within 45 days; Alex is not satisfied with it and asks for an investigation. The report recommends new measures at the counter without naming Alex, Priya or the customer.</p>`,
  ),
  whereFrom([
    'Notice by a party or a witness: s.15(1); anonymous only for a witness: s.15(3); when the employer is a party: s.15(4)',
    'The principal party may end the process: s.18',
    'First contact within 7 days: s.20 and s.21',
    'Negotiated resolution within 45 days: s.23(1)',
    'Conciliation: s.24; investigation: s.25(1); choosing the investigator: s.27',
    'The report without identities: s.30',
  ]),
];

const lesson4: DemoBlock[] = [
  text(
    `<h3>One year to complete</h3><p>The resolution process is completed within <strong>one year</strong> of the notice (s.33(1)). If the principal party or the responding party is absent from work for more than 90 consecutive days, the time limit is extended to take that absence into account (s.33(2)).</p>`,
  ),
  text(
    `<h3>Monthly updates</h3><p>While the process runs, the principal party and the responding party receive an update on its status every month (s.34). No one should have to chase for news.</p>`,
  ),
  text(
    `<h3>Records</h3><p>When the time limit of s.33(1) is missed, the employer records why (s.35(1)(f)). Notices, the steps taken and the reports are kept for <strong>10 years</strong> (s.35(2)).</p>`,
  ),
  text(
    `<h3>Reporting to the Labour Program</h3><p>By <strong>1 March</strong> each year, the employer sends an annual report for the previous calendar year to the Head of Compliance and Enforcement (s.36). It gives numbers, not names: the occurrences, whether they were sexual in nature, any deaths, the prohibited grounds of discrimination involved, where they happened, the relationship between the parties, how each process was completed, and the average time it took in months.</p>`,
  ),
  notify(
    'WARNING',
    `<p><strong>A death.</strong> If an employee dies as a result of an occurrence, the employer reports it within <strong>24 hours</strong> of learning of the death (s.37).</p>`,
  ),
  whereFrom([
    'Completion within one year: s.33(1); extension for long absence: s.33(2)',
    'Monthly status updates: s.34',
    'Reason for a missed time limit: s.35(1)(f); records kept 10 years: s.35(2)',
    'Annual report by 1 March: s.36',
    'Report of a death within 24 hours: s.37',
  ]),
];

const questions: DemoQuestion[] = [
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t('Who may give notice of an occurrence anonymously?'),
    explanation: t('Only a witness may give notice anonymously (s.15(3)).'),
    options: [
      { ref: 'a', label: t('The principal party') },
      { ref: 'b', label: t('A witness') },
      { ref: 'c', label: t('Both the principal party and a witness') },
      { ref: 'd', label: t('Nobody') },
    ],
    key: { correct: ['b'] },
  },
  {
    type: 'SINGLE_SELECT',
    points: 1,
    prompt: t('After a notice of an occurrence, within how many days is the principal party first contacted?'),
    explanation: t('Within 7 days of the notice (s.20).'),
    options: [
      { ref: 'a', label: t('3 days') },
      { ref: 'b', label: t('7 days') },
      { ref: 'c', label: t('14 days') },
      { ref: 'd', label: t('30 days') },
      { ref: 'e', label: t('45 days') },
    ],
    key: { correct: ['b'] },
  },
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t('Negotiated resolution must begin no later than how long after the notice?'),
    explanation: t('No later than 45 days after the notice (s.23(1)).'),
    options: [
      { ref: 'a', label: t('7 days') },
      { ref: 'b', label: t('30 days') },
      { ref: 'c', label: t('45 days') },
      { ref: 'd', label: t('90 days') },
    ],
    key: { correct: ['c'] },
  },
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t('Within what time must the resolution process normally be completed?'),
    explanation: t(
      'Within one year of the notice (s.33(1)), extended when a party is absent for more than 90 consecutive days (s.33(2)).',
    ),
    options: [
      { ref: 'a', label: t('90 days') },
      { ref: 'b', label: t('6 months') },
      { ref: 'c', label: t('One year') },
      { ref: 'd', label: t('3 years') },
    ],
    key: { correct: ['c'] },
  },
  {
    type: 'FILL_IN_BLANK',
    points: 1,
    prompt: t('After their first training, employees are trained again at least once every [[1]] years.'),
    explanation: t(
      'At least once every 3 years, and sooner after an update or a move to a higher-risk role (s.12(4)).',
    ),
    options: [],
    key: { blanks: { '1': { en: ['3', 'three'] } } },
  },
  {
    type: 'MATCHING',
    points: 2,
    prompt: t('Match each step with its time limit.'),
    explanation: t(
      'First contact: 7 days (s.20); negotiated resolution begins: 45 days (s.23(1)); process completed: one year (s.33(1)); report of a death: 24 hours (s.37); annual report: by 1 March (s.36).',
    ),
    options: [
      { ref: 'l1', side: 'LEFT', label: t('First contact with the principal party') },
      { ref: 'l2', side: 'LEFT', label: t('Negotiated resolution begins') },
      { ref: 'l3', side: 'LEFT', label: t('Resolution process completed') },
      { ref: 'l4', side: 'LEFT', label: t('Report of a death from an occurrence') },
      { ref: 'l5', side: 'LEFT', label: t('Annual report for the previous year') },
      { ref: 'r1', side: 'RIGHT', label: t('Within 7 days of the notice') },
      { ref: 'r2', side: 'RIGHT', label: t('No later than 45 days after the notice') },
      { ref: 'r3', side: 'RIGHT', label: t('Within one year of the notice') },
      { ref: 'r4', side: 'RIGHT', label: t('Within 24 hours of learning of it') },
      { ref: 'r5', side: 'RIGHT', label: t('By 1 March') },
    ],
    key: {
      pairs: [
        ['l1', 'r1'],
        ['l2', 'r2'],
        ['l3', 'r3'],
        ['l4', 'r4'],
        ['l5', 'r5'],
      ],
    },
  },
  {
    type: 'MULTIPLE_RESPONSE',
    points: 1,
    prompt: t("Which of these are the employer's duties? Select all that apply."),
    explanation: t(
      'The employer carries out the workplace assessment with the applicable partner (s.5(1)), develops the policy jointly and reviews it at least every three years (s.10(1), s.10(4)), names a designated recipient (s.14) and keeps records for 10 years (s.35(2)). The investigation report reveals no identities (s.30), and notice may be given orally (s.15(1)).',
    ),
    options: [
      { ref: 'a', label: t('Carry out a workplace assessment jointly with the applicable partner') },
      { ref: 'b', label: t('Develop the policy jointly and review it at least every three years') },
      { ref: 'c', label: t('Name a designated recipient') },
      { ref: 'd', label: t('Keep records of occurrences for 10 years') },
      { ref: 'e', label: t("Share the investigation report with everyone, with the parties' names") },
      { ref: 'f', label: t('Accept notices only in writing') },
    ],
    key: { correct: ['a', 'b', 'c', 'd'] },
  },
  {
    type: 'CHECKBOX_WITH_TEXT',
    points: 1,
    prompt: t('Before you finish, confirm the statement below.'),
    explanation: t('The policy names the designated recipient (s.14). If you cannot find it, ask your employer.'),
    options: [{ ref: 'a', label: t('I know who our designated recipient is and how to reach them.') }],
    key: { mustBeChecked: true },
  },
];

/** The Canada demo course: four lessons and the eight-question quiz of §5. */
export const CANADA_HVP_COURSE: DemoCourse = {
  key: 'demo-canada-hvp',
  primaryLanguage: 'en',
  languages: ['en'],
  jurisdictionCodes: ['CA-FED'],
  title: t('Harassment and Violence Prevention (Canada)'),
  description: t(
    'How federally regulated workplaces prevent harassment and violence under the Canada Labour Code, Part II: the employer’s duties, training, giving notice, and the time limits of the resolution process. Four short lessons and a quiz.',
  ),
  items: [
    { kind: 'LESSON', title: t("Your rights and the employer's duties"), blocks: lesson1 },
    { kind: 'LESSON', title: t('Training and the designated recipient'), blocks: lesson2 },
    { kind: 'LESSON', title: t('Giving notice and what happens next'), blocks: lesson3 },
    { kind: 'LESSON', title: t('Time limits, updates and records'), blocks: lesson4 },
    {
      kind: 'QUIZ',
      title: t('Check your understanding'),
      passMark: 70,
      attemptLimit: 3,
      shuffleQuestions: false,
      questions,
    },
  ],
};
