import type { TTranslation } from '../../../../lib/i18n/translation.ts';
import type en from './en.ts';

/** Case key texts in this language (issue 26). Needs review by a native speaker. */
const fr: TTranslation<typeof en> = {
  gate: {
    title: 'Ouvrir vos dossiers confidentiels',
    firstTitle: 'Protéger votre plainte',
    whyFile:
      'Tout ce que vous écrivez dans une plainte est chiffré : seuls vous et les membres du comité qui la traitent peuvent le lire — ni les administrateurs de votre employeur, ni nous.',
    whyRead:
      'Les dossiers sont chiffrés. Seules les personnes concernées par un dossier peuvent le lire, avec leur propre clé.',
    how: 'Votre clé reste ouverte tant que vous êtes connecté sur cet appareil.',
    password: 'Votre mot de passe de connexion',
    passphrase: 'Votre phrase secrète des dossiers',
    newPassphrase: 'Choisissez une phrase secrète des dossiers',
    passphraseRule:
      'Vous vous connectez sans mot de passe : vos dossiers ont besoin d’une phrase secrète à eux, d’au moins 10 caractères.',
    open: 'Ouvrir',
    setUp: 'Continuer',
    lost: 'Oubliée ? Utilisez votre code de récupération',
  },
  recovery: {
    title: 'Enregistrez votre code de récupération',
    why: 'Si vous oubliez votre mot de passe (ou votre phrase secrète), ce code est le seul moyen de retrouver vos dossiers. Personne d’autre ne l’a — ni votre employeur, ni nous. Gardez-le en lieu sûr.',
    copy: 'Copier',
    copied: 'Copié',
    save: 'Enregistrer dans un fichier',
    fileIntro: 'Code de récupération de vos dossiers confidentiels. Gardez-le privé.',
    confirm: 'J’ai enregistré mon code de récupération',
    continue: 'Continuer',
  },
  recover: {
    title: 'Utiliser votre code de récupération',
    whyPassword:
      'Saisissez votre code de récupération et votre mot de passe de connexion actuel. Vous recevrez un nouveau code.',
    whyPassphrase:
      'Saisissez votre code de récupération et choisissez une nouvelle phrase secrète. Vous recevrez un nouveau code.',
    code: 'Code de récupération',
    back: 'Retour',
    submit: 'Récupérer',
  },
};
export default fr;
