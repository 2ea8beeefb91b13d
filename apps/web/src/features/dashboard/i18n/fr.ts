import type { TTranslation } from '../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the dashboard namespace. */
const fr: TTranslation<typeof en> = {
  dashboard: {
    pageTitle: 'Tableau de bord',
    heading: 'Bienvenue, {{name}}',
    accountHeading: 'Votre compte',
    signedInAs: 'Connecté(e) en tant que',
    role: 'Rôle',
    workspace: 'Espace de travail',
    businessUnit: 'Unité d’affaires',
    department: 'Service',
    platformConsole: 'Console de la plateforme',
    emptyHeading: 'Rien ne vous est encore assigné',
    emptyBodyLearning: 'Les cours que votre organisation vous assigne apparaîtront ici, avec leurs dates d’échéance.',
    emptyBodyNone: 'Tout ce que votre organisation vous demande de faire ici apparaîtra sur cette page.',
    operatorBody:
      'Vous êtes connecté(e) à la console de la plateforme. Utilisez la navigation pour gérer la plateforme.',
  },
  home: {
    overview: {
      heading: 'Votre espace de travail en un coup d’œil',
      unitScope: 'Chiffres de votre unité d’affaires : {{unit}}',
    },
    figures: {
      active: 'Personnes actives',
      deactivated: 'Personnes désactivées',
      pending: 'Invitations en attente',
      expired: 'Invitations expirées',
      businessUnits: 'Unités d’affaires',
      departments: 'Services',
    },
    setup: {
      heading: 'Configurer votre espace de travail',
      progress: '{{done}} sur {{total}} terminé(s)',
      done: 'Terminé',
      todo: 'À faire',
      coming: 'À venir',
      next: 'Prochaine étape :',
      allDone:
        'La configuration est terminée. De nouvelles sections s’ajouteront à cette liste à mesure qu’elles seront offertes.',
      steps: {
        businessUnits: 'Ajoutez vos unités d’affaires',
        departments: 'Ajoutez des services',
        invitePeople: 'Invitez votre personnel',
        branding: 'Ajoutez votre logo ou la couleur de votre marque',
      },
      actions: {
        businessUnits: 'Ajouter une unité d’affaires',
        departments: 'Ajouter un service',
        invitePeople: 'Inviter des personnes',
        branding: 'Choisir le logo et la couleur',
      },
    },
    areas: {
      heading: 'Ce que vous pouvez utiliser',
      availableHeading: 'Offert maintenant',
      comingHeading: 'À venir',
      people: 'Personnes, unités d’affaires, services et invitations',
      branding: 'Votre logo et la couleur de votre marque',
      account: 'Votre compte et la connexion',
      concernedAuthority: 'Qui joindre au sujet du harcèlement',
      lms: 'Formation : cours, leçons et questionnaires',
      policies: 'Politiques et qui les a acceptées',
      compliance: 'Registre de conformité',
      cms: 'Plaintes, traitées comme des dossiers confidentiels',
    },
    authority: {
      heading: 'Qui joindre au sujet du harcèlement',
      email: 'Courriel',
      phone: 'Téléphone',
      none: 'Votre espace de travail n’a encore désigné personne.',
      law: {
        IN: 'D’ici là : en vertu de la loi indienne POSH de 2013, les plaintes de harcèlement sexuel au travail sont adressées au comité interne de votre employeur (article 4(1)). Votre employeur doit afficher l’ordonnance qui le constitue (article 19) : demandez aux RH qui en sont les membres.',
        CA: 'D’ici là : en vertu du Règlement sur la prévention du harcèlement et de la violence dans le lieu de travail (DORS/2020-130), votre employeur désigne un destinataire désigné pour les avis de harcèlement et de violence (article 14). L’avis peut être donné par écrit ou verbalement (paragraphe 15(1)) : demandez aux RH de qui il s’agit.',
      },
      setUp: 'Désigner qui joindre',
      adminNote:
        'Tout le monde dans votre espace de travail voit cette carte sur sa page d’accueil. Vous la configurez dans les Paramètres.',
      change: 'Changer qui joindre',
    },
    committee: {
      heading: {
        INTERNAL_COMMITTEE: 'Votre comité interne',
        DESIGNATED_RECIPIENT: 'Vos destinataires désignés',
      },
      roles: {
        PRESIDING_OFFICER: 'Présidente',
        MEMBER: 'Membre',
        EXTERNAL_MEMBER: 'Membre externe',
        DESIGNATED_RECIPIENT: 'Destinataire désigné',
      },
      howHeading: 'Comment déposer une plainte',
      how: {
        IN: 'Écrivez à la présidente ou à tout membre dans les 3 mois suivant l’incident, ou le dernier d’une série (s.9(1)). Si vous ne pouvez pas l’écrire, le comité vous aide.',
        CA: 'Donnez un avis à un destinataire désigné, par écrit ou de vive voix (s.15(1)). Un témoin peut donner un avis sans se nommer (s.15(4)).',
      },
      readOrder: 'Lire l’ordre qui le constitue',
      orderNote: 'Votre employeur affiche cet ordre (s.19(b)).',
      orderNoteDated: 'Ordre daté du {{date}}. Votre employeur affiche cet ordre (s.19(b)).',
      orderFailed: 'L’ordre n’a pas pu être ouvert.',
      localHeading: 'Qui traite les plaintes dans votre unité',
      localBody:
        'Votre unité d’affaires compte moins de 10 travailleurs : les plaintes de harcèlement sexuel au travail vont au comité local constitué par l’agent de district (s.6(1)).',
    },
  },
  emailNotice: {
    title: 'Confirmez votre adresse courriel',
    body: 'Nous avons envoyé un lien à {{email}}. Ouvrez-le pour confirmer que l’adresse est bien la vôtre. Pas de courriel? Vérifiez votre dossier de courrier indésirable, ou envoyez un nouveau lien.',
    resend: 'Envoyer un nouveau lien',
    resent:
      'Si {{email}} a un compte qui doit encore être confirmé, nous y avons envoyé un nouveau lien. Les liens précédents ne fonctionnent plus.',
  },
};
export default fr;
