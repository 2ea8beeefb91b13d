import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the course rules page: auto-assign and recurring training. */
const fr: TTranslation<typeof en> = {
  heading: 'Règles du cours',
  pageTitle: 'Règles : {{title}}',
  intro:
    'Inscrivez automatiquement les nouvelles recrues, et rendez le cours récurrent pour que la formation reste à jour.',
  back: 'Retour au cours',
  loadError: 'Les règles du cours n’ont pas pu être chargées.',
  preset: {
    title: 'Canada : dans les 3 mois suivant l’entrée en fonction, tous les 3 ans et après une mise à jour',
    text: 'Enregistre, en une seule étape, les deux paramètres ci-dessous : nouvelles recrues à former dans les 90 jours suivant leur entrée en fonction, cours récurrent tous les 36 mois, et nouvelle formation quand le cours est mis à jour (DORS/2020-130, par. 12(4)). Les autres nombres de jours que vous avez définis sont conservés.',
    apply: 'Appliquer le préréglage canadien',
    applied: 'Préréglage enregistré : les formulaires ci-dessous l’affichent.',
    failed: 'Le préréglage n’a pas été enregistré',
  },
  india: {
    title: 'Inde : programmes de sensibilisation et d’orientation',
    text: 'La loi POSH de 2013 (art. 19c)) et les règles POSH de 2013 (règle 13) demandent à l’employeur de tenir des ateliers et des programmes de sensibilisation pour les employés, et des programmes d’orientation pour les membres du comité interne. Elles ne fixent aucun intervalle : choisissez à quelle fréquence le cours est récurrent (de nombreux employeurs le répètent chaque année).',
    recurrence:
      'Inde (loi POSH, art. 19c); règles POSH, règle 13) : programmes de sensibilisation pour les employés et d’orientation pour le comité interne; la loi ne fixe aucun intervalle.',
  },
  higherRisk: {
    unit: 'Unité dans laquelle désigner des services',
    heading: 'Postes à risque plus élevé',
    intro:
      'Désignez les services qui présentent un risque plus élevé pour cette formation. Un membre muté dans l’un d’eux qui a déjà terminé le cours le suit de nouveau : un nouveau cycle, à terminer dans le nombre de jours fixé sous « Échéance du nouveau cycle » (DORS/2020-130, par. 12(4) : formation lors d’une affectation à un poste à risque plus élevé).',
    count_one: '{{count}} service désigné dans l’ensemble des unités d’affaires.',
    count_other: '{{count}} services désignés dans l’ensemble des unités d’affaires.',
    departments: 'Services à risque plus élevé de cette unité',
    save: 'Enregistrer les services à risque plus élevé',
    saved: 'Services à risque plus élevé enregistrés.',
    failed: 'Les services à risque plus élevé n’ont pas été enregistrés',
  },
  rule: {
    heading: 'Assigner automatiquement les nouvelles recrues',
    intro:
      'Les personnes qui rejoignent l’espace de travail et correspondent à cette règle sont inscrites au cours, à terminer le nombre de jours choisi après leur date d’entrée en fonction (le jour de leur arrivée, si aucune date d’entrée en fonction n’est consignée).',
    stateNone: 'Aucune règle pour l’instant.',
    stateOn: 'Une règle est activée : les nouvelles recrues correspondantes sont inscrites.',
    stateOff: 'La règle est désactivée : personne n’est inscrit par elle.',
    enabled: 'Règle activée',
    unit: 'Unité d’affaires',
    anyUnit: 'Toute unité d’affaires',
    department: 'Service',
    anyDepartment: 'Tout service',
    from: 'Entrée en fonction le ou après le',
    fromHelp: 'Laissez vide pour aucun début.',
    to: 'Entrée en fonction le ou avant le',
    toHelp: 'Laissez vide pour aucune fin.',
    dueDays: 'Échéance (jours après l’entrée en fonction)',
    dueDaysHelp: 'De 1 à 365 jours.',
    dueDaysRange: 'Entrez un nombre entier de jours de 1 à 365.',
    datesOrder: 'Cette date est antérieure au début de la période.',
    applyToExisting: 'Inscrire aussi maintenant les membres actuels correspondants',
    applyToExistingHelp:
      'Leur date d’échéance est calculée à partir d’aujourd’hui (ou de leur date d’entrée en fonction, si elle est postérieure). Un cours du catalogue utilise un crédit par personne.',
    save: 'Enregistrer la règle',
    reset: 'Retirer la règle',
    saved: 'Règle enregistrée.',
    savedEnrolled_one: 'Règle enregistrée. {{count}} membre a été inscrit maintenant.',
    savedEnrolled_other: 'Règle enregistrée. {{count}} membres ont été inscrits maintenant.',
    removed: 'Règle retirée. Les personnes qu’elle a inscrites restent inscrites.',
    failed: 'La règle n’a pas été enregistrée',
  },
  recurrence: {
    heading: 'Formation récurrente',
    intro:
      'Quand le cours est récurrent, une réussite expire après le nombre de mois choisi. Le cycle suivant s’ouvre avant l’expiration, avec une échéance le jour de l’expiration, et l’apprenant reste conforme jusque-là; il reçoit un rappel avant. Les cycles précédents et leurs certificats sont conservés.',
    canada:
      'Canada (DORS/2020-130, par. 12(4)) : les employés sont formés dans les 3 mois suivant leur entrée en fonction, au moins tous les 3 ans, après une mise à jour de la formation, et lors d’une affectation à un poste à risque plus élevé. Le destinataire désigné est formé avant d’assumer ses fonctions (par. 12(5)).',
    label: 'Le cours est-il récurrent?',
    none: 'Non : une réussite n’expire pas',
    every: 'Oui : tous les tant de mois',
    months: 'Récurrent tous les (mois)',
    monthsHelp: 'De 1 à 120; 36 correspond à 3 ans.',
    monthsRange: 'Entrez un nombre entier de mois de 1 à 120.',
    dueDays: 'Échéance du nouveau cycle (jours)',
    dueDaysHelp:
      'Le cycle suivant s’ouvre ce nombre de jours avant l’expiration de la réussite (ou, après une mise à jour ou une mutation, arrive à échéance ce nombre de jours plus tard).',
    dueDaysRange: 'Entrez un nombre entier de jours de 1 à 365.',
    notice: 'Rappel avant l’expiration (jours)',
    noticeHelp: '0 : aucun rappel.',
    noticeRange: 'Entrez un nombre entier de jours de 0 à 180.',
    retrain: 'Former de nouveau quand le cours est mis à jour',
    retrainHelp:
      'Publier une nouvelle version commence un nouveau cycle pour toutes les personnes qui ont terminé une version précédente.',
    save: 'Enregistrer la récurrence',
    saved: 'Récurrence enregistrée.',
    failed: 'La récurrence n’a pas été enregistrée',
  },
};
export default fr;
