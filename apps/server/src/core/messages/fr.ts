import type { MessageCatalogue } from './catalogue.ts';

/** French as written in Canada (offered in Canadian workspaces). */
const fr: MessageCatalogue = {
  signInCode: ({ company, code, minutes }) => ({
    subject: `Votre code de connexion ${company} : ${code}`,
    blocks: [
      'Votre code de connexion est',
      { code },
      `Il ne fonctionne qu’une fois, pendant ${minutes} minutes. Si vous ne l’avez pas demandé, ne tenez pas compte de ce message : personne ne peut se connecter sans le code.`,
    ],
  }),
  signInCodeSms: ({ company, code, minutes }) =>
    `${code} est votre code de connexion ${company}. Il expire dans ${minutes} minutes. Ne le communiquez à personne.`,
  resetCodeSms: ({ company, code, minutes }) =>
    `${code} est votre code pour réinitialiser votre mot de passe ${company}. Il expire dans ${minutes} minutes. Ne le communiquez à personne.`,
  resetCode: ({ company, code, minutes }) => ({
    subject: `Réinitialisez votre mot de passe ${company}`,
    blocks: [
      'Votre code de réinitialisation du mot de passe est',
      { code },
      `Entrez-le sur la page de réinitialisation du mot de passe d’ici ${minutes} minutes. La réinitialisation vous déconnecte partout. Si vous n’avez rien demandé, ne tenez pas compte de ce message : votre mot de passe reste inchangé.`,
    ],
  }),
  confirmEmail: ({ company, link }) => ({
    subject: `Confirmez votre adresse courriel pour ${company}`,
    blocks: [
      'Confirmez votre adresse courriel en ouvrant ce lien :',
      { link, label: 'Confirmer mon adresse courriel' },
      'Le lien ne fonctionne qu’une fois, pendant 48 heures. Si vous n’avez pas créé de compte, ne tenez pas compte de ce message.',
    ],
  }),
  renewalRequest: ({ company, invitee, link }) => ({
    subject: `${invitee} demande une nouvelle invitation à ${company}`,
    blocks: [
      `${invitee} a tenté de rejoindre ${company} avec une invitation expirée et en demande une nouvelle.`,
      'Envoyez une nouvelle invitation à partir des pages d’administration :',
      { link, label: 'Ouvrir les pages d’administration' },
    ],
  }),
  areaOffers: {
    lms: 'des cours de formation',
    concernedAuthority: 'la personne à joindre au sujet du harcèlement',
    cms: 'un moyen confidentiel de signaler vos préoccupations',
    policies: 'des politiques',
  },
  invitation: (offer) => ({
    subject: 'Vous êtes invité(e) à rejoindre {{companyName}}',
    bodyText: `Bonjour {{firstName}},\n\n{{companyName}} vous invite sur sa plateforme de conformité en milieu de travail${offer ? ` : ${offer}` : ''}.\n\nCréez votre compte ici :\n{{link}}\n\nLe lien est valide jusqu’au {{expiresAt}}.`,
  }),
  nobody: 'à vous',
  invitationSms: ({ company, link }) => `${company} vous invite à le rejoindre. Créez votre compte : ${link}`,
  accountCreated: ({ company, firstName, link, email, offer }) => ({
    subject: `Un compte a été créé pour vous chez ${company}`,
    blocks: [
      `Bonjour ${firstName || 'à vous'},`,
      `Un compte a été créé pour vous sur la plateforme de conformité en milieu de travail de ${company}${offer ? ` : ${offer}` : ''}.`,
      `Connectez-vous avec cette adresse (${email}). Nous vous enverrons un code de connexion; la première fois, vous choisirez ensuite votre propre mot de passe.`,
      { link, label: 'Se connecter' },
    ],
  }),
  accountCreatedSms: ({ company, link }) =>
    `Un compte a été créé pour vous chez ${company}. Connectez-vous à ${link} avec ce numéro de téléphone.`,
  alreadyMember: ({ company, link }) => ({
    subject: `Vous avez déjà un compte chez ${company}`,
    blocks: [
      `Quelqu’un, probablement vous, a demandé à créer un compte chez ${company} avec cette adresse courriel. Vous en avez déjà un : connectez-vous plutôt.`,
      { link, label: 'Se connecter' },
      'Si vous n’avez rien demandé, ne tenez pas compte de ce message : rien n’a changé.',
    ],
  }),
  committeeTermsEnding: ({ company, firstName, committee, members, daysBefore, link }) => ({
    subject: `${company} : des mandats prennent fin dans ${daysBefore} jours (${committee})`,
    blocks: [
      `Bonjour ${firstName || ''},`.replace(' ,', ','),
      `Le mandat de ces personnes de ${committee} prend fin dans moins de ${daysBefore} jours :`,
      members.join('\n'),
      'Nommez ou reconduisez les personnes désignées avant le dernier jour, afin que les avis d’incident aient toujours un destinataire.',
      { link, label: 'Ouvrir le registre' },
    ],
  }),
  caseNews: ({ company, firstName, reference, kind, link }) => ({
    subject: `${company} : il y a du nouveau dans le dossier ${reference}`,
    blocks: [
      `Bonjour${firstName ? ` ${firstName}` : ''},`,
      {
        FILED: `Un nouveau dossier, ${reference}, a été confié à votre comité.`,
        NEWS: `Il y a du nouveau à lire dans le dossier ${reference}.`,
        DEADLINE: `Une étape du dossier ${reference} arrive bientôt à échéance.`,
        ESCALATION: `Une étape du dossier ${reference} est en retard.`,
        STATUS: `Voici votre suivi mensuel du dossier ${reference} : connectez-vous pour voir où il en est.`,
        MEETING: `Vous êtes invité à une réunion sur le dossier ${reference}. Le fichier de calendrier est joint.`,
        MEETING_REMINDER: `Rappel : votre réunion sur le dossier ${reference} a lieu demain. Connectez-vous pour voir quand et où.`,
        ACCESS: `Vous avez reçu l’accès à une partie du dossier ${reference}.`,
      }[kind],
      'Par souci de confidentialité, ce message n’en dit pas plus. Connectez-vous pour le lire.',
      { link, label: 'Ouvrir le dossier' },
    ],
  }),
  committeeNeedsMember: ({ company, firstName, committee, link }) => ({
    subject: `${company} : un comité des plaintes a besoin d’un membre`,
    blocks: [
      `Bonjour ${firstName || ''},`.replace(' ,', ','),
      `${committee} ne peut pas réunir son quorum pour un dossier qu’il traite : trop peu de ses membres peuvent y prendre part (au Canada, le destinataire désigné ; en Inde, POSH Rule 7(7) : trois, dont la présidente). Nommez un membre, ou laissez le comité transférer le dossier à un autre comité.`,
      'Pour la confidentialité de toutes les personnes concernées, ce message n’en dit pas plus sur le dossier.',
      { link, label: 'Ouvrir le registre des comités' },
    ],
  }),
};
export default fr;
