import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the certificates namespace. */
const fr: TTranslation<typeof en> = {
  pageTitle: 'Vérifier un certificat',
  heading: 'Vérifier un certificat',
  intro: 'Tapez le code de vérification imprimé sur le certificat pour voir à qui il a été délivré.',
  codeLabel: 'Code de vérification',
  codeHint: 'Douze lettres et chiffres, comme ABCD-EFGH-JKMN',
  codeFormat: 'Un code compte trois groupes de quatre lettres ou chiffres, comme ABCD-EFGH-JKMN.',
  check: 'Vérifier',
  checking: 'Vérification du code…',
  validTitle: 'Certificat valide',
  validBody: '{{name}} a terminé {{course}} le {{date}}. Délivré par {{organisation}}.',
  notFoundTitle: 'Aucun certificat avec ce code',
  notFoundBody: 'Aucun certificat n’a le code {{code}}. Vérifiez qu’il a été tapé exactement comme imprimé.',
  malformedTitle: 'Ce n’est pas un code de vérification',
  malformedBody: 'Un code compte trois groupes de quatre lettres ou chiffres, comme ABCD-EFGH-JKMN.',
  errorTitle: 'Le code n’a pas pu être vérifié',
  errorBody: 'Un problème est survenu ou trop de codes ont été vérifiés. Réessayez dans un instant.',
  retry: 'Réessayer',
  download: 'Télécharger le certificat',
  downloadError: 'Le certificat n’a pas pu être téléchargé. Réessayez.',
};
export default fr;
