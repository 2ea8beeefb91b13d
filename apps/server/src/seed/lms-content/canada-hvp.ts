/**
 * Demo catalogue course: "Harassment and Violence Prevention (Canada)" (docs/learning-design.md §5).
 * English and Canadian French, jurisdiction CA-FED (federally regulated workplaces).
 *
 * Sections cited are those of the Work Place Harassment and Violence Prevention Regulations
 * (SOR/2020-130; in French « Règlement sur la prévention du harcèlement et de la violence dans le
 * lieu de travail », DORS/2020-130) listed in /work/shared/LEGAL.md; the Canada Labour Code, Part II
 * is named without a section. French cites a section as « art. 14 » and a subsection as
 * « par. 15(1) », as the French version of the Regulations does. Written in our own words; a
 * summary, not legal advice.
 */
import type { DemoBlock, DemoCourse, DemoQuestion, Texts } from './types.ts';

const t = (en: string, fr: string): Texts => ({ en, fr });
const text = (en: string, fr: string): DemoBlock => ({ type: 'TEXT', html: t(en, fr) });
const notify = (tone: 'INFO' | 'WARNING' | 'LEGAL', en: string, fr: string): DemoBlock => ({
  type: 'NOTIFY',
  tone,
  html: t(en, fr),
});
/** The "Where this comes from" block that ends every lesson: each item in English and French. */
const whereFrom = (items: [string, string][]): DemoBlock =>
  notify(
    'LEGAL',
    `<p>Work Place Harassment and Violence Prevention Regulations (SOR/2020-130), made under the Canada Labour Code, Part II:</p><ul>${items.map(([en]) => `<li>${en}</li>`).join('')}</ul><p>In our own words. A summary, not legal advice.</p>`,
    `<p>Règlement sur la prévention du harcèlement et de la violence dans le lieu de travail (DORS/2020-130), pris en vertu de la partie II du Code canadien du travail :</p><ul>${items.map(([, fr]) => `<li>${fr}</li>`).join('')}</ul><p>Dans nos propres mots. Un résumé, et non un avis juridique.</p>`,
  );

const lesson1: DemoBlock[] = [
  text(
    `<h3>The law and who it covers</h3><p>Part II of the <strong>Canada Labour Code</strong> protects the health and safety of employees in federally regulated workplaces — for example banks, airlines, rail and interprovincial trucking, telecommunications, ports, and the federal public service. Since 2021 it treats <strong>harassment and violence</strong> as one workplace hazard that employers must prevent and respond to, with detailed steps set out in the Work Place Harassment and Violence Prevention Regulations.</p><p>Harassment and violence means any action, conduct or comment — sexual or not — that could reasonably be expected to offend or humiliate an employee, or to cause them physical or psychological injury or illness. It covers a single serious incident as well as a pattern, and it can come from a manager, a co-worker, a client or a member of the public.</p>`,
    `<h3>La loi et à qui elle s’applique</h3><p>La partie II du <strong>Code canadien du travail</strong> protège la santé et la sécurité des employés des lieux de travail sous réglementation fédérale — par exemple les banques, les transporteurs aériens, le transport ferroviaire et le camionnage interprovincial, les télécommunications, les ports et la fonction publique fédérale. Depuis 2021, elle traite le <strong>harcèlement et la violence</strong> comme un seul risque du lieu de travail que l’employeur doit prévenir et auquel il doit réagir, selon les étapes détaillées du Règlement sur la prévention du harcèlement et de la violence dans le lieu de travail.</p><p>Le harcèlement et la violence s’entendent de tout acte, comportement ou propos — de nature sexuelle ou non — dont il est raisonnable de penser qu’il offensera ou humiliera un employé, ou lui causera un traumatisme ou une maladie physique ou psychologique. Cela couvre un seul incident grave comme une répétition, et cela peut venir d’un gestionnaire, d’un collègue, d’un client ou d’un membre du public.</p>`,
  ),
  text(
    `<h3>The employer works with a partner</h3><p>Most of the employer's prevention work is done <strong>jointly</strong> with the <em>applicable partner</em>: the policy committee, the workplace committee or the health and safety representative, depending on the size of the workplace. Employees are represented in these bodies, so their experience shapes the measures.</p>`,
    `<h3>L’employeur travaille avec un partenaire</h3><p>L’essentiel du travail de prévention de l’employeur se fait <strong>conjointement</strong> avec le <em>partenaire désigné</em> : le comité d’orientation, le comité local ou le représentant en matière de santé et de sécurité, selon la taille du lieu de travail. Les employés sont représentés au sein de ces instances : leur expérience oriente donc les mesures.</p>`,
  ),
  text(
    `<h3>Step 1: the workplace assessment</h3><p>The employer and the applicable partner jointly carry out a <strong>workplace assessment</strong> (s.5(1)): they identify the risk factors, inside and outside the workplace, that contribute to harassment and violence — for example working alone or at night, handling cash, dealing with upset customers, or a history of conflict in a team. They review the assessment, and update it if needed, every three years (s.5(3)).</p><h3>Step 2: preventive measures</h3><p>Within six months of identifying the risk factors, the employer and the partner develop and put in place <strong>preventive measures</strong> that address them (s.9) — for example a buddy system for night shifts, panic buttons at a service counter, or clearer rules for team chats.</p>`,
    `<h3>Étape 1 : l’évaluation du lieu de travail</h3><p>L’employeur et le partenaire désigné effectuent conjointement une <strong>évaluation du lieu de travail</strong> (par. 5(1)) : ils recensent les facteurs de risque, internes et externes, qui contribuent au harcèlement et à la violence — par exemple le travail seul ou de nuit, la manipulation d’argent, les échanges avec des clients mécontents ou un historique de conflits dans une équipe. Ils révisent l’évaluation, et la mettent à jour au besoin, tous les trois ans (par. 5(3)).</p><h3>Étape 2 : les mesures de prévention</h3><p>Dans les six mois suivant le recensement des facteurs de risque, l’employeur et le partenaire élaborent et mettent en œuvre des <strong>mesures de prévention</strong> qui y répondent (art. 9) — par exemple le jumelage pour les quarts de nuit, des boutons d’alarme à un comptoir de service ou des règles plus claires pour les clavardages d’équipe.</p>`,
  ),
  text(
    `<h3>Step 3: the policy</h3><p>The employer and the applicable partner jointly develop a <strong>workplace harassment and violence prevention policy</strong> (s.10(1)). It tells employees, among other things, how to give notice of an occurrence, who the designated recipient is, how the resolution process works and what support is available. The policy is reviewed, and updated if needed, at least every three years and after any change that affects it (s.10(4)).</p>`,
    `<h3>Étape 3 : la politique</h3><p>L’employeur et le partenaire désigné élaborent conjointement une <strong>politique de prévention du harcèlement et de la violence dans le lieu de travail</strong> (par. 10(1)). Elle indique aux employés, entre autres, comment donner un avis d’incident, qui est le destinataire désigné, comment fonctionne le processus de règlement et quel soutien est offert. La politique est révisée, et mise à jour au besoin, au moins tous les trois ans et après tout changement qui la touche (par. 10(4)).</p>`,
  ),
  {
    type: 'BUTTON',
    label: t('Read the Regulations (Justice Laws website)', 'Lire le Règlement (site Web de la législation)'),
    url: 'https://laws-lois.justice.gc.ca/eng/regulations/SOR-2020-130/',
  },
  whereFrom([
    [
      'Workplace assessment with the partner: s.5(1); review every three years: s.5(3)',
      'Évaluation du lieu de travail avec le partenaire : par. 5(1); révision tous les trois ans : par. 5(3)',
    ],
    ['Preventive measures within six months: s.9', 'Mesures de prévention dans les six mois : art. 9'],
    ['The policy: s.10(1); its review: s.10(4)', 'La politique : par. 10(1); sa révision : par. 10(4)'],
  ]),
];

const lesson2: DemoBlock[] = [
  text(
    `<h3>Training for everyone</h3><p>Every employee receives harassment and violence prevention training, developed jointly by the employer and the applicable partner. It covers what harassment and violence are, the risk factors found in the workplace assessment, the workplace policy and how to give notice of an occurrence.</p>`,
    `<h3>Une formation pour tous</h3><p>Chaque employé reçoit une formation sur la prévention du harcèlement et de la violence, élaborée conjointement par l’employeur et le partenaire désigné. Elle porte sur ce que sont le harcèlement et la violence, les facteurs de risque relevés dans l’évaluation du lieu de travail, la politique du lieu de travail et la façon de donner un avis d’incident.</p>`,
  ),
  text(
    `<h3>When training happens</h3><p>The employer makes sure each employee is trained (s.12(4)):</p><ul><li>within 3 months of starting work;</li><li>at least once every 3 years after that;</li><li>after the training is updated;</li><li>when they are assigned to a role where the risk of harassment and violence is higher.</li></ul><p>The designated recipient is trained before taking up the role (s.12(5)).</p>`,
    `<h3>Quand la formation a lieu</h3><p>L’employeur veille à ce que chaque employé soit formé (par. 12(4)) :</p><ul><li>dans les 3 mois suivant son entrée en fonction;</li><li>au moins une fois tous les 3 ans par la suite;</li><li>après une mise à jour de la formation;</li><li>lorsqu’il est affecté à un poste où le risque de harcèlement et de violence est plus élevé.</li></ul><p>Le destinataire désigné est formé avant d’assumer ses fonctions (par. 12(5)).</p>`,
  ),
  text(
    `<h3>The designated recipient</h3><p>The employer names a <strong>designated recipient</strong>: a person or a work unit that receives notices of occurrences (s.14). The policy says who it is and how to reach them. You may give notice to the designated recipient or to your employer — you do not have to go through your manager, which matters when your manager is the person you are worried about.</p>`,
    `<h3>Le destinataire désigné</h3><p>L’employeur désigne un <strong>destinataire désigné</strong> : une personne ou une unité de travail qui reçoit les avis d’incident (art. 14). La politique indique de qui il s’agit et comment le joindre. Vous pouvez donner l’avis au destinataire désigné ou à votre employeur — vous n’êtes pas obligé de passer par votre gestionnaire, ce qui importe lorsque votre gestionnaire est la personne qui vous inquiète.</p>`,
  ),
  notify(
    'INFO',
    `<p><strong>Example.</strong> Sam joins an interprovincial trucking company on 1 March. His training must be done by 1 June. Two years later he is moved to a night dispatch desk that deals with the public alone; the workplace assessment rates that role higher-risk, so he is trained again for it — without waiting for the three-year cycle.</p>`,
    `<p><strong>Exemple.</strong> Samuel entre au service d’une entreprise de camionnage interprovincial le 1er mars. Sa formation doit être terminée au plus tard le 1er juin. Deux ans plus tard, il est muté à un poste de répartition de nuit où il traite seul avec le public; l’évaluation du lieu de travail juge ce poste à risque plus élevé : il est donc formé de nouveau pour ce poste — sans attendre le cycle de trois ans.</p>`,
  ),
  whereFrom([
    ['Training, and when it happens: s.12(4)', 'La formation et le moment où elle a lieu : par. 12(4)'],
    ['Training of the designated recipient: s.12(5)', 'Formation du destinataire désigné : par. 12(5)'],
    ['The designated recipient: s.14', 'Le destinataire désigné : art. 14'],
  ]),
];

const lesson3: DemoBlock[] = [
  text(
    `<h3>Giving notice</h3><p>The person who experienced the occurrence is the <strong>principal party</strong>; the person said to be responsible is the <strong>responding party</strong>. The principal party or a witness may give the employer or the designated recipient a <strong>notice of an occurrence</strong>, in writing or orally (s.15(1)).</p><ul><li><strong>Only a witness may give notice anonymously</strong> (s.15(4)). A principal party gives their name, because the process is about resolving what happened to them.</li><li>If the employer is the responding party, the notice goes to the designated recipient (s.15(3)).</li></ul>`,
    `<h3>Donner un avis</h3><p>La personne qui a vécu l’incident est la <strong>partie principale</strong>; la personne présumée responsable est la <strong>partie intimée</strong>. La partie principale ou un témoin peut donner à l’employeur ou au destinataire désigné un <strong>avis d’incident</strong>, par écrit ou verbalement (par. 15(1)).</p><ul><li><strong>Seul un témoin peut donner un avis de façon anonyme</strong> (par. 15(4)). La partie principale donne son nom, car le processus vise à régler ce qu’elle a vécu.</li><li>Si l’employeur est la partie intimée, l’avis est donné au destinataire désigné (par. 15(3)).</li></ul>`,
  ),
  text(
    `<h3>First contact within 7 days</h3><p>Within 7 days of the notice, the principal party is contacted and told how the resolution process works (s.20). A witness who gave notice and named themselves is also contacted within 7 days (s.21). The principal party stays in control: they may end the resolution process at any time (s.18).</p>`,
    `<h3>Premier contact dans les 7 jours</h3><p>Dans les 7 jours suivant l’avis, la partie principale est contactée et informée du fonctionnement du processus de règlement (art. 20). Un témoin qui a donné l’avis et s’est nommé est aussi contacté dans les 7 jours (art. 21). La partie principale garde la maîtrise du processus : elle peut y mettre fin en tout temps (art. 18).</p>`,
  ),
  text(
    `<h3>Resolving the occurrence</h3><ol><li><strong>Negotiated resolution.</strong> The principal party and the employer (or the designated recipient) first try to resolve the matter together. This begins no later than 45 days after the notice (s.23(1)).</li><li><strong>Conciliation</strong>, with a neutral person, if both the principal party and the responding party agree to it (s.24).</li><li><strong>Investigation</strong>, when the principal party asks for one (s.25(1)). The investigator is chosen jointly; if there is no agreement within 60 days, the Regulations set a fallback so the investigation is not stalled (s.27).</li></ol><p>The investigator's report does not reveal the identity of anyone involved. Copies go to the principal party, the responding party and the applicable partner (s.30).</p>`,
    `<h3>Régler l’incident</h3><ol><li><strong>Règlement négocié.</strong> La partie principale et l’employeur (ou le destinataire désigné) tentent d’abord de régler la situation ensemble. Le règlement négocié commence au plus tard 45 jours après l’avis (par. 23(1)).</li><li><strong>Conciliation</strong>, avec une personne neutre, si la partie principale et la partie intimée y consentent toutes deux (art. 24).</li><li><strong>Enquête</strong>, lorsque la partie principale en fait la demande (par. 25(1)). L’enquêteur est choisi conjointement; faute d’entente dans les 60 jours, le Règlement prévoit une solution de rechange pour que l’enquête ne reste pas bloquée (art. 27).</li></ol><p>Le rapport de l’enquêteur ne révèle l’identité d’aucune personne en cause. Des copies sont remises à la partie principale, à la partie intimée et au partenaire désigné (art. 30).</p>`,
  ),
  notify(
    'INFO',
    `<p><strong>Example.</strong> Priya, a bank teller, sees a customer repeatedly threaten a colleague, Alex, at the counter. Priya gives notice anonymously. Within 7 days Alex is contacted and told about the process. A negotiated resolution starts within 45 days; Alex is not satisfied with it and asks for an investigation. The report recommends new measures at the counter without naming Alex, Priya or the customer.</p>`,
    `<p><strong>Exemple.</strong> Priya, caissière dans une banque, voit un client menacer à plusieurs reprises une collègue, Alex, au comptoir. Priya donne un avis de façon anonyme. Dans les 7 jours, Alex est contactée et informée du processus. Un règlement négocié commence dans les 45 jours; Alex n’en est pas satisfaite et demande une enquête. Le rapport recommande de nouvelles mesures au comptoir sans nommer Alex, Priya ni le client.</p>`,
  ),
  whereFrom([
    [
      'Notice by a party or a witness: s.15(1); anonymous only for a witness: s.15(4); when the employer is a party: s.15(3)',
      'Avis par une partie ou un témoin : par. 15(1); anonymat réservé au témoin : par. 15(4); lorsque l’employeur est une partie : par. 15(3)',
    ],
    ['The principal party may end the process: s.18', 'La partie principale peut mettre fin au processus : art. 18'],
    ['First contact within 7 days: s.20 and s.21', 'Premier contact dans les 7 jours : art. 20 et art. 21'],
    ['Negotiated resolution within 45 days: s.23(1)', 'Règlement négocié dans les 45 jours : par. 23(1)'],
    [
      'Conciliation: s.24; investigation: s.25(1); choosing the investigator: s.27',
      'Conciliation : art. 24; enquête : par. 25(1); choix de l’enquêteur : art. 27',
    ],
    ['The report without identities: s.30', 'Le rapport sans identités : art. 30'],
  ]),
];

const lesson4: DemoBlock[] = [
  text(
    `<h3>One year to complete</h3><p>The resolution process is completed within <strong>one year</strong> of the notice (s.33(1)). If the principal party or the responding party is absent from work for more than 90 consecutive days, the time limit is extended to take that absence into account (s.33(2)).</p>`,
    `<h3>Un an pour terminer</h3><p>Le processus de règlement est terminé dans <strong>l’année</strong> suivant l’avis (par. 33(1)). Si la partie principale ou la partie intimée est absente du travail pendant plus de 90 jours consécutifs, le délai est prolongé pour tenir compte de cette absence (par. 33(2)).</p>`,
  ),
  text(
    `<h3>Monthly updates</h3><p>While the process runs, the principal party and the responding party receive an update on its status every month (s.34). No one should have to chase for news.</p>`,
    `<h3>Mises à jour mensuelles</h3><p>Pendant le processus, la partie principale et la partie intimée reçoivent chaque mois une mise à jour sur son état d’avancement (art. 34). Personne ne devrait avoir à courir après les nouvelles.</p>`,
  ),
  text(
    `<h3>Records</h3><p>When the time limit of s.33(1) is missed, the employer records why (s.35(1)(f)). Notices, the steps taken and the reports are kept for <strong>10 years</strong> (s.35(2)).</p>`,
    `<h3>Registres</h3><p>Lorsque le délai du par. 33(1) n’est pas respecté, l’employeur en consigne la raison (al. 35(1)(f)). Les avis, les mesures prises et les rapports sont conservés pendant <strong>10 ans</strong> (par. 35(2)).</p>`,
  ),
  text(
    `<h3>Reporting to the Labour Program</h3><p>By <strong>1 March</strong> each year, the employer sends an annual report for the previous calendar year to the Head of Compliance and Enforcement (s.36). It gives numbers, not names: the occurrences, whether they were sexual in nature, any deaths, the prohibited grounds of discrimination involved, where they happened, the relationship between the parties, how each process was completed, and the average time it took in months.</p>`,
    `<h3>Rapport au Programme du travail</h3><p>Au plus tard le <strong>1er mars</strong> de chaque année, l’employeur transmet un rapport annuel portant sur l’année civile précédente au chef de la conformité et de l’application (art. 36). Il donne des chiffres, pas des noms : les incidents, leur caractère sexuel ou non, les décès, les motifs de distinction illicite en cause, les lieux où ils se sont produits, la relation entre les parties, la façon dont chaque processus a pris fin et sa durée moyenne en mois.</p>`,
  ),
  notify(
    'WARNING',
    `<p><strong>A death.</strong> If an employee dies as a result of an occurrence, the employer reports it within <strong>24 hours</strong> of learning of the death (s.37).</p>`,
    `<p><strong>Un décès.</strong> Si un employé décède à la suite d’un incident, l’employeur le signale dans les <strong>24 heures</strong> suivant le moment où il apprend le décès (art. 37).</p>`,
  ),
  whereFrom([
    [
      'Completion within one year: s.33(1); extension for long absence: s.33(2)',
      'Fin du processus dans l’année : par. 33(1); prolongation pour une longue absence : par. 33(2)',
    ],
    ['Monthly status updates: s.34', 'Mises à jour mensuelles : art. 34'],
    [
      'Reason for a missed time limit: s.35(1)(f); records kept 10 years: s.35(2)',
      'Raison d’un délai non respecté : al. 35(1)(f); registres conservés 10 ans : par. 35(2)',
    ],
    ['Annual report by 1 March: s.36', 'Rapport annuel au plus tard le 1er mars : art. 36'],
    ['Report of a death within 24 hours: s.37', 'Signalement d’un décès dans les 24 heures : art. 37'],
  ]),
];

const questions: DemoQuestion[] = [
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t(
      'Who may give notice of an occurrence anonymously?',
      'Qui peut donner un avis d’incident de façon anonyme?',
    ),
    explanation: t(
      'Only a witness may give notice anonymously (s.15(4)).',
      'Seul un témoin peut donner un avis de façon anonyme (par. 15(4)).',
    ),
    options: [
      { ref: 'a', label: t('The principal party', 'La partie principale') },
      { ref: 'b', label: t('A witness', 'Un témoin') },
      { ref: 'c', label: t('Both the principal party and a witness', 'La partie principale et un témoin') },
      { ref: 'd', label: t('Nobody', 'Personne') },
    ],
    key: { correct: ['b'] },
  },
  {
    type: 'SINGLE_SELECT',
    points: 1,
    prompt: t(
      'After a notice of an occurrence, within how many days is the principal party first contacted?',
      'Après un avis d’incident, dans combien de jours la partie principale est-elle contactée pour la première fois?',
    ),
    explanation: t('Within 7 days of the notice (s.20).', 'Dans les 7 jours suivant l’avis (art. 20).'),
    options: [
      { ref: 'a', label: t('3 days', '3 jours') },
      { ref: 'b', label: t('7 days', '7 jours') },
      { ref: 'c', label: t('14 days', '14 jours') },
      { ref: 'd', label: t('30 days', '30 jours') },
      { ref: 'e', label: t('45 days', '45 jours') },
    ],
    key: { correct: ['b'] },
  },
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t(
      'Negotiated resolution must begin no later than how long after the notice?',
      'Le règlement négocié doit commencer au plus tard combien de temps après l’avis?',
    ),
    explanation: t(
      'No later than 45 days after the notice (s.23(1)).',
      'Au plus tard 45 jours après l’avis (par. 23(1)).',
    ),
    options: [
      { ref: 'a', label: t('7 days', '7 jours') },
      { ref: 'b', label: t('30 days', '30 jours') },
      { ref: 'c', label: t('45 days', '45 jours') },
      { ref: 'd', label: t('90 days', '90 jours') },
    ],
    key: { correct: ['c'] },
  },
  {
    type: 'MULTIPLE_CHOICE',
    points: 1,
    prompt: t(
      'Within what time must the resolution process normally be completed?',
      'Dans quel délai le processus de règlement doit-il normalement être terminé?',
    ),
    explanation: t(
      'Within one year of the notice (s.33(1)), extended when a party is absent for more than 90 consecutive days (s.33(2)).',
      'Dans l’année suivant l’avis (par. 33(1)), délai prolongé lorsqu’une partie est absente plus de 90 jours consécutifs (par. 33(2)).',
    ),
    options: [
      { ref: 'a', label: t('90 days', '90 jours') },
      { ref: 'b', label: t('6 months', '6 mois') },
      { ref: 'c', label: t('One year', 'Un an') },
      { ref: 'd', label: t('3 years', '3 ans') },
    ],
    key: { correct: ['c'] },
  },
  {
    type: 'FILL_IN_BLANK',
    points: 1,
    prompt: t(
      'After their first training, employees are trained again at least once every [[1]] years.',
      'Après leur première formation, les employés sont formés de nouveau au moins une fois tous les [[1]] ans.',
    ),
    explanation: t(
      'At least once every 3 years, and sooner after an update or a move to a higher-risk role (s.12(4)).',
      'Au moins une fois tous les 3 ans, et plus tôt après une mise à jour ou une affectation à un poste à risque plus élevé (par. 12(4)).',
    ),
    options: [],
    key: { blanks: { '1': { en: ['3', 'three'], fr: ['3', 'trois'] } } },
  },
  {
    type: 'MATCHING',
    points: 2,
    prompt: t('Match each step with its time limit.', 'Associez chaque étape à son délai.'),
    explanation: t(
      'First contact: 7 days (s.20); negotiated resolution begins: 45 days (s.23(1)); process completed: one year (s.33(1)); report of a death: 24 hours (s.37); annual report: by 1 March (s.36).',
      'Premier contact : 7 jours (art. 20); début du règlement négocié : 45 jours (par. 23(1)); fin du processus : un an (par. 33(1)); signalement d’un décès : 24 heures (art. 37); rapport annuel : au plus tard le 1er mars (art. 36).',
    ),
    options: [
      {
        ref: 'l1',
        side: 'LEFT',
        label: t('First contact with the principal party', 'Premier contact avec la partie principale'),
      },
      { ref: 'l2', side: 'LEFT', label: t('Negotiated resolution begins', 'Début du règlement négocié') },
      { ref: 'l3', side: 'LEFT', label: t('Resolution process completed', 'Fin du processus de règlement') },
      {
        ref: 'l4',
        side: 'LEFT',
        label: t('Report of a death from an occurrence', 'Signalement d’un décès causé par un incident'),
      },
      {
        ref: 'l5',
        side: 'LEFT',
        label: t('Annual report for the previous year', 'Rapport annuel sur l’année précédente'),
      },
      { ref: 'r1', side: 'RIGHT', label: t('Within 7 days of the notice', 'Dans les 7 jours suivant l’avis') },
      {
        ref: 'r2',
        side: 'RIGHT',
        label: t('No later than 45 days after the notice', 'Au plus tard 45 jours après l’avis'),
      },
      { ref: 'r3', side: 'RIGHT', label: t('Within one year of the notice', 'Dans l’année suivant l’avis') },
      {
        ref: 'r4',
        side: 'RIGHT',
        label: t('Within 24 hours of learning of it', 'Dans les 24 heures suivant le moment où on l’apprend'),
      },
      { ref: 'r5', side: 'RIGHT', label: t('By 1 March', 'Au plus tard le 1er mars') },
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
    prompt: t(
      "Which of these are the employer's duties? Select all that apply.",
      'Lesquelles de ces obligations sont celles de l’employeur? Sélectionnez toutes les réponses qui s’appliquent.',
    ),
    explanation: t(
      'The employer carries out the workplace assessment with the applicable partner (s.5(1)), develops the policy jointly and reviews it at least every three years (s.10(1), s.10(4)), names a designated recipient (s.14) and keeps records for 10 years (s.35(2)). The investigation report reveals no identities (s.30), and notice may be given orally (s.15(1)).',
      'L’employeur effectue l’évaluation du lieu de travail avec le partenaire désigné (par. 5(1)), élabore la politique conjointement et la révise au moins tous les trois ans (par. 10(1), par. 10(4)), désigne un destinataire désigné (art. 14) et conserve les registres pendant 10 ans (par. 35(2)). Le rapport d’enquête ne révèle aucune identité (art. 30), et l’avis peut être donné verbalement (par. 15(1)).',
    ),
    options: [
      {
        ref: 'a',
        label: t(
          'Carry out a workplace assessment jointly with the applicable partner',
          'Effectuer une évaluation du lieu de travail conjointement avec le partenaire désigné',
        ),
      },
      {
        ref: 'b',
        label: t(
          'Develop the policy jointly and review it at least every three years',
          'Élaborer la politique conjointement et la réviser au moins tous les trois ans',
        ),
      },
      { ref: 'c', label: t('Name a designated recipient', 'Désigner un destinataire désigné') },
      {
        ref: 'd',
        label: t('Keep records of occurrences for 10 years', 'Conserver les registres des incidents pendant 10 ans'),
      },
      {
        ref: 'e',
        label: t(
          "Share the investigation report with everyone, with the parties' names",
          'Communiquer le rapport d’enquête à tout le monde, avec le nom des parties',
        ),
      },
      { ref: 'f', label: t('Accept notices only in writing', 'N’accepter les avis que par écrit') },
    ],
    key: { correct: ['a', 'b', 'c', 'd'] },
  },
  {
    type: 'CHECKBOX_WITH_TEXT',
    points: 1,
    prompt: t('Before you finish, confirm the statement below.', 'Avant de terminer, confirmez l’énoncé ci-dessous.'),
    explanation: t(
      'The policy names the designated recipient (s.14). If you cannot find it, ask your employer.',
      'La politique nomme le destinataire désigné (art. 14). Si vous ne la trouvez pas, adressez-vous à votre employeur.',
    ),
    options: [
      {
        ref: 'a',
        label: t(
          'I know who our designated recipient is and how to reach them.',
          'Je sais qui est notre destinataire désigné et comment le joindre.',
        ),
      },
    ],
    key: { mustBeChecked: true },
  },
];

/** The Canada demo course: four lessons and the eight-question quiz of §5, in English and French. */
export const CANADA_HVP_COURSE: DemoCourse = {
  key: 'demo-canada-hvp',
  primaryLanguage: 'en',
  languages: ['en', 'fr'],
  jurisdictionCodes: ['CA-FED'],
  title: t('Harassment and Violence Prevention (Canada)', 'Prévention du harcèlement et de la violence (Canada)'),
  description: t(
    'How federally regulated workplaces prevent harassment and violence under the Canada Labour Code, Part II: the employer’s duties, training, giving notice, and the time limits of the resolution process. Four short lessons and a quiz.',
    'Comment les lieux de travail sous réglementation fédérale préviennent le harcèlement et la violence en vertu de la partie II du Code canadien du travail : les obligations de l’employeur, la formation, l’avis d’incident et les délais du processus de règlement. Quatre courtes leçons et un questionnaire.',
  ),
  items: [
    {
      kind: 'LESSON',
      title: t("Your rights and the employer's duties", 'Vos droits et les obligations de l’employeur'),
      blocks: lesson1,
    },
    {
      kind: 'LESSON',
      title: t('Training and the designated recipient', 'La formation et le destinataire désigné'),
      blocks: lesson2,
    },
    {
      kind: 'LESSON',
      title: t('Giving notice and what happens next', 'Donner un avis et la suite'),
      blocks: lesson3,
    },
    {
      kind: 'LESSON',
      title: t('Time limits, updates and records', 'Délais, mises à jour et registres'),
      blocks: lesson4,
    },
    {
      kind: 'QUIZ',
      title: t('Check your understanding', 'Vérifiez votre compréhension'),
      passMark: 70,
      attemptLimit: 3,
      shuffleQuestions: false,
      questions,
    },
  ],
};
