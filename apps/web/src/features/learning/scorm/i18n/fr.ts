import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** French texts (Français, as written in Canada) of the scorm namespace. */
const fr: TTranslation<typeof en> = {
  scorm: {
    import: {
      pageTitle: 'Importer un paquet SCORM',
      heading: 'Importer un paquet SCORM',
      introCourse:
        'Téléversez un paquet SCORM 1.2 ou 2004 (un fichier .zip). Un nouveau cours est créé avec le paquet comme premier élément.',
      introItem:
        'Téléversez un paquet SCORM 1.2 ou 2004 (un fichier .zip). Il est ajouté à la fin de l’ébauche de ce cours.',
      fileLabel: 'Fichier du paquet',
      fileHint: 'Un fichier .zip d’au plus 200 Mo avec imsmanifest.xml à sa racine.',
      tooLarge: 'Le fichier dépasse 200 Mo.',
      submit: 'Importer',
      uploading: 'Téléversement… {{percent}} %',
      checking: 'Vérification du paquet…',
      failed: 'Le paquet n’a pas pu être importé.',
      refusedTitle: 'Non importé',
    },
    package: {
      pageTitle: 'Paquet SCORM',
      loading: 'Chargement du paquet',
      processing: 'Décompression du paquet… Cette page se met à jour d’elle-même.',
      failedTitle: 'Le paquet n’a pas pu être utilisé',
      failed: 'Le paquet n’a pas pu être décompressé.',
      summary: 'Paquet',
      standard: 'Norme',
      file: 'Fichier',
      files: 'Fichiers',
      size: '{{size}} Mo décompressé',
      scos: 'Leçons (SCO)',
      mastery: 'note de passage {{score}}',
      noItem: 'Ce cours n’a pas cet élément SCORM.',
      play: 'Lancer',
      previewNote: 'Aperçu : rien n’est enregistré. Le dernier résultat transmis par le paquet est affiché ci-dessous.',
    },
    status: {
      PROCESSING: 'Traitement en cours',
      READY: 'Prêt',
      FAILED: 'Échec',
    },
    standard: {
      SCORM_12: 'SCORM 1.2',
      SCORM_2004: 'SCORM 2004',
    },
    player: {
      loading: 'Ouverture du lecteur…',
      failed: 'Le lecteur n’a pas pu être ouvert',
      resultHeading: 'Transmis par le paquet',
      status: 'Statut',
      score: 'Note',
      suspendData: 'Progression enregistrée',
      noCommit: 'Rien n’a encore été transmis.',
    },
  },
};
export default fr;
