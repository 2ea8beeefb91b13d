import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** A case's conflicts of interest and quorum in this language (issue 26). Needs review by a native speaker. */
const fr: TTranslation<typeof en> = {
  title: 'Conflits d’intérêts',
  none: 'Aucun conflit d’intérêts n’est consigné dans ce dossier.',
  open: 'En cours',
  cleared: 'Levé',
  cancel: 'Annuler',
  reason: {
    PARTY: 'Partie au dossier',
    MANAGER_OF_PARTY: 'Gestionnaire d’une partie au dossier',
    DECLARED: 'Déclaré par le membre',
  },
  declare: {
    button: 'Déclarer un conflit',
    title: 'Déclarer un conflit d’intérêts',
    warning:
      'Vous perdrez immédiatement l’accès à ce dossier : vous ne le verrez plus, n’en serez plus avisé et ne lirez plus rien de ce qui y sera écrit. Seule la personne qui préside peut vous le rendre.',
    reason: 'Pourquoi (le comité le lit)',
    reasonHint: 'Facultatif. Conservé chiffré dans l’espace du comité.',
    confirm: 'Déclarer et perdre l’accès',
  },
  clear: {
    button: 'Lever',
    title: 'Lever le conflit',
    explain: '{{name}} retrouvera l’accès au dossier, y compris à ce qui a été écrit en son absence.',
    reason: 'Pourquoi il est levé (conservé dans l’espace du comité et la piste)',
    confirm: 'Lever le conflit',
    who: 'Seule la personne qui préside lève un conflit (le membre externe, pour le sien).',
  },
  quorum: {
    title: 'Le comité n’a pas son quorum pour ce dossier',
    tooFew:
      '{{members}} des {{required}} membres requis (dont la présidente) peuvent prendre part à ce dossier (POSH Rule 7(7)). Les étapes, réunions et la clôture attendent.',
    presidingOfficer:
      'La présidente ne peut pas prendre part à ce dossier, et le quorum l’exige (POSH Rule 7(7)). Les étapes, réunions et la clôture attendent.',
    noRecipient:
      'Aucun destinataire désigné ne peut agir sur ce dossier : l’employeur en nomme un autre, ou le dossier est transféré.',
    routes: 'Ce qui peut être fait :',
  },
  route: {
    TRANSFER_OTHER_COMMITTEE: 'Transférer la plainte à un autre comité (une action du processus).',
    LOCAL_COMMITTEE: 'Si la plainte vise l’employeur : le comité local du district (POSH s.6(1)).',
    ADD_MEMBER: 'L’employeur nomme un autre membre ou destinataire (le registre des comités).',
  },
};
export default fr;
