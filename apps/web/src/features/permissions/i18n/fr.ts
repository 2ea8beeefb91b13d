import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the permissions namespace. */
const fr: TTranslation<typeof en> = {
  permissions: {
    pageTitle: 'Autorisations',
    heading: 'Rôles et autorisations',
    intro:
      'Choisissez ce que chaque rôle peut faire dans cet espace de travail. Rien ne change avant l’enregistrement; la modification s’applique ensuite à toutes les personnes ayant ce rôle dès leur prochain clic.',
    permission: 'Autorisation',
    cellLabel: '{{permission}} pour {{role}}',
    locked: 'ne peut pas être modifiée',
    lockedWhy:
      'Les administrateurs de l’espace de travail la gardent toujours, pour que personne ne bloque l’accès à l’espace de travail.',
    lockedNote:
      'Les interrupteurs qui ne peuvent pas être désactivés appartiennent aux administrateurs de l’espace de travail, pour que personne ne bloque l’accès à l’espace de travail.',
    save_one: 'Enregistrer {{count}} modification',
    save_other: 'Enregistrer {{count}} modifications',
    saveNone: 'Enregistrer',
    discard: 'Annuler les modifications',
    saved_one: '{{count}} modification enregistrée.',
    saved_other: '{{count}} modifications enregistrées.',
    changed: 'modifiée, pas encore enregistrée',
    unsaved_one: '{{count}} modification pas encore enregistrée.',
    unsaved_other: '{{count}} modifications pas encore enregistrées.',
    failed: 'Non enregistré : {{message}}',
    loadError: 'Les autorisations n’ont pas pu être chargées.',
    labels: {
      dashboard_view: 'Voir le tableau de bord',
      learning_view: 'Suivre des cours',
      policies_view: 'Lire et accepter les politiques',
      complaints_file: 'Déposer des plaintes',
      users_manage: 'Gérer les utilisateurs',
      branches_manage: 'Gérer les unités d’affaires',
      departments_manage: 'Gérer les services',
      invites_manage: 'Inviter des personnes',
      permissions_manage: 'Modifier ces autorisations',
      courses_manage: 'Gérer les cours',
      courses_assign: 'Assigner des cours et suivre les apprenants',
      policies_manage: 'Gérer les politiques',
      compliance_manage: 'Tenir le registre de conformité',
      complaints_manage: 'Voir le nombre et l’état des plaintes',
      workflows_manage: 'Concevoir les procédures de plainte',
      reports_view: 'Voir les rapports',
      audit_view: 'Lire le journal d’audit',
      settings_manage: 'Modifier les paramètres et l’image de marque de l’espace de travail',
    },
    help: {
      courses_assign: 'Administrateurs d’unité d’affaires : seulement les personnes de leur propre unité.',
      audit_view:
        'Administrateurs de l’espace de travail et employeurs seulement : le journal couvre toutes les unités d’affaires.',
      users_manage: 'Administrateurs d’unité d’affaires : seulement les employés de leur propre unité.',
      complaints_manage: 'Le contenu des dossiers n’est visible que par les membres du comité qui y sont affectés.',
      workflows_manage: 'Le formulaire et les étapes que suivent les plaintes ; ne donne accès à aucun dossier.',
    },
  },
};
export default fr;
