import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the reminders namespace. */
const fr: TTranslation<typeof en> = {
  course: {
    pageTitle: 'Rappels',
    heading: 'Rappels de cours',
    headingFor: 'Rappels : {{title}}',
    intro:
      'Les apprenants qui n’ont pas terminé ce cours reçoivent un rappel par courriel, dans leur propre langue : avant et après la date d’échéance, et quand vous envoyez un rappel maintenant.',
    back: 'Retour au cours',
    loadError: 'Les paramètres des rappels n’ont pas pu être chargés.',
    link: 'Rappels',
  },
  sendNow: {
    heading: 'Envoyer un rappel maintenant',
    intro:
      'Envoie un courriel à toutes les personnes inscrites qui n’ont pas terminé le cours. Chaque personne reçoit au plus un rappel par jour.',
    button: 'Envoyer un rappel maintenant',
    confirmTitle: 'Envoyer un rappel maintenant?',
    confirmBody: 'Toutes les personnes inscrites à ce cours qui ne l’ont pas terminé reçoivent un courriel de rappel.',
    confirm: 'Envoyer',
    queued_one: '{{count}} rappel est en route.',
    queued_other: '{{count}} rappels sont en route.',
    already_one: '{{count}} personne a déjà reçu un rappel aujourd’hui.',
    already_other: '{{count}} personnes ont déjà reçu un rappel aujourd’hui.',
    allReminded_one: 'Tout le monde a déjà reçu un rappel aujourd’hui ({{count}} personne).',
    allReminded_other: 'Tout le monde a déjà reçu un rappel aujourd’hui ({{count}} personnes).',
    failed: 'Les rappels n’ont pas pu être envoyés.',
  },
  settings: {
    heading: 'Rappels automatiques',
    enabled: 'Envoyer des rappels automatiques',
    enabledHint: 'Avant et après la date d’échéance, et avant qu’une réussite expire.',
    before: 'Jours avant la date d’échéance',
    beforeHint: '0 : aucun rappel avant la date d’échéance.',
    after: 'Après la date d’échéance, tous les … jours',
    afterHint: 'Jusqu’à ce que le cours soit terminé.',
    expiry: 'Jours avant qu’une réussite expire',
    expiryHint: 'Cours récurrents; 0 : aucun avis.',
    save: 'Enregistrer',
    saved: 'Les paramètres des rappels ont été enregistrés.',
    switchedOn: 'Les rappels automatiques sont activés.',
    switchedOff: 'Les rappels automatiques sont désactivés.',
    failed: 'Les paramètres des rappels n’ont pas pu être enregistrés.',
  },
};
export default fr;
