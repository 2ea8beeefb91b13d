import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the settings namespace. */
const fr: TTranslation<typeof en> = {
  settings: {
    pageTitle: 'Paramètres',
    heading: 'Paramètres',
    intro: 'L’apparence de votre espace de travail et les parties de la plateforme qu’utilise votre personnel.',
    loadError: 'Les paramètres n’ont pas pu être chargés.',
    save: 'Enregistrer les modifications',
    reset: 'Annuler les modifications',
    saved: 'Paramètres enregistrés.',
    failed: 'L’enregistrement a échoué : {{message}}',
    brand: {
      heading: 'Logo et couleur',
    },
    logo: {
      label: 'Logo',
      current: 'Logo actuel',
      none: 'Pas encore de logo : la page de connexion affiche le nom de votre entreprise.',
      uploaded: 'Logo téléversé.',
      removed: 'Logo retiré.',
    },
    color: {
      label: 'Couleur de la marque',
      help: 'Utilisée pour les boutons, les liens et le haut de la carte de connexion. Six chiffres hexadécimaux, p. ex. #1F6FEB.',
      invalid: 'Entrez une couleur sous la forme # et six chiffres hexadécimaux, p. ex. #1F6FEB.',
      eyeDropper: 'Choisir une couleur à l’écran',
    },
    preview: {
      title: 'Aperçu de votre page de connexion',
      label: 'Aperçu de la carte de connexion dans la couleur choisie',
      heading: 'Connectez-vous à votre espace de travail',
    },
    areas: {
      heading: 'Sections de la plateforme',
      intro:
        'Désactivez ce que votre organisation n’utilise pas. Ses menus et ses pages disparaissent pour tout le monde; rien n’est supprimé, et vous pouvez la réactiver en tout temps.',
      cms: {
        label: 'Plaintes',
        description:
          'Les plaintes de vos équipes, traitées en toute confidentialité par votre comité, et les procédures qu’il suit.',
      },
      lms: {
        label: 'Formation',
        description: 'Cours, leçons et questionnaires, et la formation de chaque personne.',
      },
      policies: {
        label: 'Politiques',
        description: 'Publiez des politiques et consignez qui les a lues et acceptées.',
      },
      compliance: {
        label: 'Registre de conformité',
        description: 'Suivez les obligations légales, leurs échéances et les preuves.',
      },
      concernedAuthority: {
        label: 'Qui joindre au sujet du harcèlement',
        description:
          'Une carte sur la page d’accueil de chacun nommant la personne à joindre au sujet du harcèlement (saisie ci-dessous).',
      },
      comingNote: 'À venir, chaque section avec son propre interrupteur ici : {{areas}}.',
    },
    authority: {
      heading: 'Qui joindre au sujet du harcèlement',
      intro: {
        IN: 'Affiché sur la page d’accueil de chacun, dans sa langue. Habituellement la présidente ou le président de votre comité interne (loi POSH de 2013, article 4). Laissez tous les champs vides pour retirer la personne-ressource.',
        CA: 'Affiché sur la page d’accueil de chacun, dans sa langue. Habituellement votre destinataire désigné (DORS/2020-130, article 14). Laissez tous les champs vides pour retirer la personne-ressource.',
      },
      off: 'Désactivé : les personnes ne voient pas cette carte. Activez « Qui joindre au sujet du harcèlement » ci-dessus pour l’afficher.',
      name: 'Nom',
      designation: 'Rôle ou titre',
      designationHelp: 'Par exemple : destinataire désigné',
      email: 'Courriel',
      phone: 'Téléphone',
      phoneHelp: 'Tel que composé au pays, p. ex. {{example}}, ou avec l’indicatif du pays, p. ex. {{international}}',
      nameRequired: 'Entrez le nom de la personne à joindre.',
      emailInvalid: 'Entrez une adresse courriel comme nom@exemple.com.',
      phoneInvalid: 'Entrez un numéro de téléphone comme {{example}} ou {{international}}.',
      oneWay: 'Donnez une adresse courriel ou un numéro de téléphone (ou les deux).',
    },
    leave: {
      title: 'Quitter sans enregistrer?',
      body: 'Vous avez modifié les paramètres sans les enregistrer. Si vous quittez cette page maintenant, vos modifications seront perdues.',
      confirm: 'Quitter sans enregistrer',
    },
    timeZone: {
      heading: 'Fuseau horaire',
      label: 'Fuseau horaire de l’espace de travail',
      description:
        'Les délais (comme « dans les 90 jours ») et les rappels planifiés sont calculés dans ce fuseau horaire. Au départ, c’est celui du pays de l’organisation.',
      zones: {
        'Asia/Kolkata': 'Inde — Calcutta (IST, UTC+5:30)',
        'America/St_Johns': 'Canada, Terre-Neuve — St. John’s',
        'America/Halifax': 'Canada, Atlantique — Halifax',
        'America/Toronto': 'Canada, Est — Toronto, Ottawa',
        'America/Winnipeg': 'Canada, Centre — Winnipeg',
        'America/Regina': 'Canada, Saskatchewan — Regina',
        'America/Edmonton': 'Canada, Rocheuses — Edmonton, Calgary',
        'America/Vancouver': 'Canada, Pacifique — Vancouver',
        UTC: 'UTC (temps universel coordonné)',
      },
    },
    ipRanges: {
      heading: 'Adresses réseau des administrateurs',
      intro:
        'Quand le mode elevate-IP est activé, les administrateurs ne peuvent agir que depuis les réseaux listés ici. Les employés ne sont pas concernés.',
      modeOn: 'Le mode elevate-IP est activé pour cet espace de travail.',
      modeOff:
        'Le mode elevate-IP est désactivé : cette liste s’appliquera quand l’opérateur de la plateforme l’activera.',
      label: 'Plages autorisées',
      description:
        'Une plage IPv4 ou IPv6 par ligne, p. ex. 203.0.113.0/24 ou 2001:db8::/32 (au plus {{max}}). Laissez vide pour aucune restriction.',
      yourIp: 'Votre adresse actuelle : {{ip}}',
      invalid: 'Plage non valide : {{ranges}}',
      tooMany: 'Indiquez chaque plage une seule fois, au plus {{max}} plages.',
      lockOut:
        'Cette liste exclut votre adresse actuelle ({{ip}}) : l’enregistrer vous bloquerait. Ajoutez une plage qui la contient.',
    },
    signUp: {
      heading: 'Inscription',
      label: 'Permettre l’inscription en bloc',
      description:
        'Les administrateurs qui gèrent les utilisateurs peuvent créer des comptes d’un coup à partir d’un fichier (Invitations → Importer à partir d’un fichier → Créer les comptes maintenant) au lieu d’envoyer des invitations.',
    },
  },
};
export default fr;
