import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the platform namespace. */
const fr: TTranslation<typeof en> = {
  landing: {
    pageTitle: 'Conformité en milieu de travail pour l’Inde et le Canada',
    heading: 'La conformité en milieu de travail, en un seul endroit',
    lead: 'Formation, politiques, registre de conformité et traitement confidentiel des plaintes pour les employeurs et leur personnel — conçus autour de la loi indienne POSH de 2013 et des règles canadiennes sur la prévention du harcèlement et de la violence dans le lieu de travail.',
    findWorkspace: 'Trouver votre espace de travail',
    signIn: 'Se connecter',
    featuresHeading: 'Ce qui est couvert',
    features: {
      learningTitle: 'Formation en ligne',
      learningBody:
        'Des cours avec leçons et questionnaires en plusieurs langues, avec dates d’échéance, rappels et certificats.',
      policiesTitle: 'Politiques',
      policiesBody:
        'Communiquez les politiques à toutes les personnes qui doivent les lire et gardez une trace de qui a accepté quelle version, et quand.',
      complianceTitle: 'Registre de conformité',
      complianceBody:
        'Suivez les obligations qui s’appliquent à chaque unité d’affaires, avec leur statut et leurs preuves.',
      complaintsTitle: 'Plaintes confidentielles',
      complaintsBody:
        'Recevez et traitez les plaintes selon un processus de règlement clair, visible seulement par les personnes qui doivent les voir.',
    },
    coming: 'À venir',
    availableNow: 'Offert aujourd’hui : {{list}}.',
    comingNote: 'Les sections marquées « À venir » sont en construction.',
    available: {
      people:
        'le personnel, les unités d’affaires, les services et les invitations de chaque espace de travail (une à la fois ou à partir d’un fichier)',
      branding: 'son image de marque',
      concernedAuthority: 'une carte indiquant à chacun qui joindre au sujet du harcèlement',
      lms: 'la formation en ligne : des cours avec leçons et questionnaires, dates d’échéance, rappels et certificats',
      policies: 'les politiques et qui les a acceptées',
      compliance: 'un registre de conformité',
      cms: 'le traitement confidentiel des plaintes',
    },
    workspacesNote:
      'Chaque organisation a son propre espace de travail à sa propre adresse. Votre employeur vous indiquera la vôtre, ou vous pourrez la trouver après vous être connecté(e).',
  },
  flags: {
    keyLabel: 'Clé : {{key}}',
    custom:
      'Un indicateur ajouté dans cette console. Aucune page du produit ne le lit : l’activer ou le désactiver ne change rien tant qu’une fonctionnalité ne l’utilise pas.',
    known: {
      maintenance: {
        label: 'Mode maintenance',
        description:
          'Affiche à toutes les personnes des espaces de travail énumérés (ou de tous les espaces de travail) une page de maintenance au lieu de l’application, jusqu’à ce que vous le désactiviez. Cette console reste accessible.',
      },
      elevateip: {
        label: 'Mode Elevate-IP',
        description:
          'Figure dans la spécification du produit, mais aucune partie de cette version ne le lit : l’activer ou le désactiver ne change rien aujourd’hui.',
      },
    },
    pageTitle: 'Indicateurs de fonctionnalité',
    heading: 'Indicateurs de fonctionnalité',
    intro:
      'Activez ou désactivez des fonctionnalités du produit, pour tous les espaces de travail ou seulement pour ceux que vous énumérez.',
    enabled: 'Activé',
    workspaces: 'Limité aux espaces de travail',
    workspacesHelp:
      'Tapez l’adresse d’un espace de travail, comme acme.example.com, et appuyez sur Entrée. Laissez vide pour tous les espaces de travail.',
    save: 'Enregistrer les espaces de travail',
    reset: 'Annuler les modifications',
    scopeAll: 'Tous les espaces de travail',
    scopeSome_one: '{{count}} espace de travail',
    scopeSome_other: '{{count}} espaces de travail',
    switchedOn: '« {{key}} » est maintenant activé.',
    switchedOff: '« {{key}} » est maintenant désactivé.',
    workspacesSaved: 'Espaces de travail de « {{key}} » enregistrés.',
    failed: 'La modification n’a pas été enregistrée : {{message}}',
    empty: 'Aucun indicateur de fonctionnalité n’existe encore. Ajoutez le premier ci-dessous.',
    newHeading: 'Ajouter un indicateur',
    newKey: 'Clé de l’indicateur',
    newKeyHelp: 'De 2 à 64 lettres minuscules, chiffres, - ou _. Les nouveaux indicateurs sont désactivés au départ.',
    newKeyInvalid: 'Utilisez de 2 à 64 lettres minuscules, chiffres, - ou _, en commençant par une lettre.',
    knownMissing: 'Le produit lit ces indicateurs, qui n’existent pas encore : {{keys}}.',
    add: 'Ajouter l’indicateur',
    created: '« {{key}} » ajouté, désactivé.',
    loadError: 'Les indicateurs de fonctionnalité n’ont pas pu être chargés.',
  },
};
export default fr;
