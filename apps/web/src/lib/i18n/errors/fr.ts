import type { ErrorTexts } from './en.ts';

/** French as written in Canada. To be reviewed by a native speaker (docs/languages.md). */
const fr: ErrorTexts = {
  // Signing in and accounts
  UNAUTHENTICATED: 'Connectez-vous pour continuer.',
  INVALID_CREDENTIALS: 'Le courriel, le nom d’utilisateur ou le mot de passe est inexact. Vérifiez-les et réessayez.',
  INVALID_CODE: 'Ce code est inexact ou a expiré. Vérifiez-le ou demandez un nouveau code.',
  INVALID_HANDOFF: 'Ce lien de connexion a expiré ou a déjà été utilisé. Connectez-vous de nouveau.',
  INVALID_LINK:
    'Ce lien de confirmation ne fonctionne plus : il a été utilisé, remplacé par un plus récent ou a expiré. Demandez un nouveau lien.',
  RATE_LIMITED: 'Trop de tentatives. Attendez {{minutes}} min et réessayez.',
  FIRST_LOGIN_REQUIRED: 'Choisissez d’abord votre propre mot de passe et complétez votre profil.',
  IP_NOT_ALLOWED:
    'Cet espace de travail ne laisse ses administrateurs agir que depuis les adresses réseau qu’il liste, et vous vous connectez depuis {{ip}}. Connectez-vous depuis un réseau autorisé, ou demandez à un administrateur de l’espace ou à l’opérateur de la plateforme d’ajouter cette adresse.',
  IP_RANGES_LOCK_OUT:
    'Ces plages excluent votre propre adresse ({{ip}}) : les enregistrer vous bloquerait. Ajoutez une plage qui la contient, ou laissez la liste vide.',
  NOT_FIRST_LOGIN: 'Votre mot de passe est déjà défini. Utilisez « Mot de passe oublié? » pour le changer.',
  PROFILE_INCOMPLETE: 'Entrez votre prénom avant de choisir votre mot de passe.',
  PASSWORD_UNCHANGED: 'Choisissez un mot de passe différent de celui qui vous a été donné.',
  PASSWORD_SAME_AS_CURRENT: 'Choisissez un nouveau mot de passe, différent de votre mot de passe actuel.',
  WRONG_CURRENT_PASSWORD: 'Votre mot de passe actuel est inexact.',
  PASSWORD_TOO_COMMON:
    'Ce mot de passe est l’un des plus utilisés : il est donc facile à deviner. Choisissez-en un autre : quelques mots sans lien entre eux font un mot de passe solide.',
  PASSWORD_LENGTH: 'Utilisez un mot de passe de {{min}} à {{max}} caractères.',
  // Invitations
  INVITE_NOT_FOUND: 'Cette invitation est introuvable. Vérifiez que vous avez ouvert le lien complet du courriel.',
  INVITE_EXPIRED: 'Cette invitation a expiré. Demandez-en une nouvelle, ou adressez-vous à votre administrateur.',
  INVITE_REVOKED: 'Cette invitation a été retirée. Demandez-en une nouvelle à votre administrateur.',
  INVITE_USED: 'Cette invitation a déjà été utilisée. Connectez-vous avec le compte qui l’a acceptée.',
  INVITE_NO_LONGER_VALID:
    'Cette invitation ne peut plus être acceptée : la personne qui l’a envoyée ne peut peut-être plus attribuer ce rôle. Demandez une nouvelle invitation à votre administrateur.',
  INVITES_NOT_RESENT:
    'Certaines invitations ({{missing}} sur {{count}}) sont introuvables ou ne peuvent plus être renvoyées (utilisées ou révoquées). Rien n’a été envoyé.',
  ALREADY_MEMBER: 'Cette personne est déjà membre de l’espace de travail.',
  ALREADY_INVITED: 'Cette personne a déjà une invitation en attente. Renvoyez-la plutôt.',
  USER_LIMIT_REACHED:
    'Cet espace de travail a atteint son nombre d’utilisateurs. Demandez à votre administrateur de libérer de la place.',
  NO_PLACES_LEFT:
    'Cet espace de travail n’a plus de places (limite {{limit}}, invitations en attente comprises). Révoquez les invitations inutilisées ou demandez une limite plus élevée.',
  TOO_FEW_PLACES:
    'Pas assez de places dans cet espace de travail : {{left}} restantes (limite {{limit}}, invitations en attente comprises), {{wanted}} nécessaires.',
  LIMIT_BELOW_MEMBERS:
    'Cet espace de travail compte {{members}} personnes et sa limite est de {{limit}} : la limite est atteinte, personne ne peut être ajouté. Demandez une limite plus élevée à votre fournisseur.',
  CLAIM_LIMIT_REACHED:
    'Cet espace de travail est complet ({{members}} personnes sur {{limit}}). Demandez à votre administrateur de faire de la place.',
  CONTRACT_EXPIRED:
    'Le contrat de cet espace de travail a pris fin le {{expiredOn}} : l’administration et la formation sont en lecture seule jusqu’à son renouvellement. Communiquez avec votre fournisseur.',
  BULK_SIGNUP_DISABLED:
    'La création de comptes à partir d’un fichier est désactivée pour cet espace de travail. Un administrateur peut activer « Inscription en bloc » dans les paramètres; d’ici là, envoyez des invitations.',
  // Roles and permissions
  FORBIDDEN: 'Vous n’avez pas l’autorisation de faire ceci.',
  FORBIDDEN_MANAGE_USERS: 'Vous n’avez pas l’autorisation de gérer les utilisateurs.',
  FORBIDDEN_SEE_OTHER_UNITS: 'Vous n’avez pas l’autorisation de voir les utilisateurs d’autres unités d’affaires.',
  FORBIDDEN_MANAGE_ADMINS: 'Un administrateur d’unité d’affaires ne gère que des employés.',
  FORBIDDEN_RESET_PASSWORD_OF_PEER:
    'Vous ne pouvez donner un mot de passe à usage unique qu’à une personne dont le rôle est inférieur au vôtre.',
  ACCOUNT_IN_OTHER_WORKSPACES:
    'Cette personne appartient aussi à un autre espace de travail : elle peut réinitialiser elle-même son mot de passe avec « Mot de passe oublié? ».',
  FORBIDDEN_CHANGE_WORKSPACE_ADMIN:
    'Seul un administrateur de l’espace de travail peut modifier un administrateur de l’espace de travail.',
  FORBIDDEN_MOVE_USERS: 'Vous n’avez pas l’autorisation de déplacer des utilisateurs vers une autre unité d’affaires.',
  FORBIDDEN_MANAGE_PERMISSIONS: 'Vous n’avez pas l’autorisation de gérer les autorisations.',
  FORBIDDEN_CREATE_USERS_FROM_FILE: 'Vous n’avez pas l’autorisation de créer des utilisateurs sans invitation.',
  FORBIDDEN_USE_OTHERS_UPLOAD_LINK: 'Ce lien de téléversement a été créé pour quelqu’un d’autre.',
  FORBIDDEN_ENTER_WORKSPACE:
    'Vous ne pouvez pas continuer vers cet espace de travail : vous n’en êtes pas un membre actif.',
  FORBIDDEN_MANAGE_UNITS: 'Vous n’avez pas l’autorisation de gérer les unités d’affaires ici.',
  FORBIDDEN_DEPARTMENTS_EVERYWHERE:
    'Vous n’avez pas l’autorisation de créer des services dans toutes les unités d’affaires.',
  FORBIDDEN_CHANGE_INVITATION_MAIL:
    'Vous n’avez pas l’autorisation de modifier le courriel d’invitation de l’espace de travail.',
  FORBIDDEN_DELETE_ADMINS: 'Un administrateur d’unité d’affaires ne supprime que des employés.',
  FORBIDDEN_DELETE_WORKSPACE_ADMIN:
    'Seul un administrateur de l’espace de travail peut supprimer un administrateur de l’espace de travail.',
  FORBIDDEN_MANAGE_DEPARTMENTS: 'Vous n’avez pas l’autorisation de gérer les services.',
  FORBIDDEN_MANAGE_INVITATIONS: 'Vous n’avez pas l’autorisation de gérer les invitations.',
  FORBIDDEN_CHANGE_FEATURE_FLAGS: 'Vous n’avez pas l’autorisation de modifier les indicateurs de fonctionnalité.',
  ADMIN_ROLE_ONLY_BY_ADMIN: 'Seul un administrateur de l’espace de travail peut attribuer le rôle {{role}}.',
  ROLE_OUTSIDE_SCOPE: 'Vous administrez une unité d’affaires : vous ne pouvez attribuer que le rôle Employé(e).',
  ROLE_EXCEEDS_YOUR_PERMISSIONS:
    'Vous ne pouvez pas attribuer le rôle {{role}} : dans cet espace de travail, il comporte des autorisations que vous n’avez pas ({{permissions}}).',
  PERMISSION_NOT_HELD: 'Vous ne pouvez pas donner « {{permission}} » à {{role}} : vous ne l’avez pas vous-même.',
  OWN_ROLE_PERMISSIONS:
    'Vous ne pouvez pas donner « {{permission}} » à votre propre rôle : personne n’augmente ses propres autorisations.',
  PERMISSION_LOCKED:
    '{{role}} garde toujours « {{permission}} », pour que personne ne bloque l’accès à l’espace de travail.',
  UNKNOWN_PERMISSION: 'L’autorisation « {{permission}} » n’existe pas.',
  // Users
  USER_NOT_FOUND: 'L’utilisateur est introuvable.',
  LAST_ADMIN:
    'C’est le dernier administrateur actif de l’espace de travail. Nommez d’abord quelqu’un d’autre administrateur de l’espace de travail.',
  CANNOT_CHANGE_OWN_ROLE: 'Vous ne pouvez pas changer votre propre rôle.',
  CANNOT_DEACTIVATE_SELF: 'Vous ne pouvez pas vous désactiver vous-même.',
  CANNOT_DELETE_SELF: 'Vous ne pouvez pas vous supprimer vous-même.',
  UNIT_ADMIN_DELETES_EMPLOYEES_ONLY: 'Un administrateur d’unité d’affaires ne supprime que des employés.',
  ONLY_ADMIN_DELETES_ADMIN:
    'Seul un administrateur de l’espace de travail supprime un administrateur de l’espace de travail.',
  USERS_NOT_DELETED: 'Rien n’a été supprimé : certains utilisateurs ne peuvent pas être supprimés ({{count}}).',
  PHONE_TAKEN: 'Un autre compte utilise déjà ce numéro de téléphone.',
  ACCOUNT_NEEDS_IDENTIFIER:
    'Le compte a besoin d’un courriel, d’un nom d’utilisateur ou d’un numéro de téléphone; gardez le numéro de téléphone.',
  DEPARTMENT_NOT_IN_BRANCH: 'Choisissez un service de l’unité d’affaires de l’utilisateur.',
  // Business units and departments
  BRANCH_NOT_FOUND: 'L’unité d’affaires est introuvable.',
  DEPARTMENT_NOT_FOUND: 'Le service est introuvable.',
  BRANCH_NAME_TAKEN: 'Une unité d’affaires nommée « {{name}} » existe déjà. Choisissez un autre nom.',
  BRANCH_IS_HEADQUARTERS:
    '« {{name}} » est le siège social. Désignez plutôt une autre unité d’affaires comme siège social.',
  DELETE_REFUSED: 'Rien n’a été supprimé : {{problems}}.',
  UNIT_IS_HEADQUARTERS: '« {{name}} » est le siège social; désignez d’abord une autre unité comme siège social',
  UNIT_HAS_MEMBERS:
    '« {{name}} » compte encore des utilisateurs ({{members}}) ou des invitations en attente ({{invitations}}); déplacez-les d’abord vers une autre unité d’affaires',
  DELETE_DEPARTMENTS_REFUSED: 'Rien n’a été supprimé : {{problems}}. Déplacez-les d’abord vers un autre service.',
  DEPARTMENT_HAS_MEMBERS: '« {{name}} » compte encore des utilisateurs ({{count}})',
  DEPARTMENT_NAME_TAKEN: 'Cette unité d’affaires a déjà un service nommé « {{name}} ».',
  DEPARTMENT_NAME_TAKEN_EVERYWHERE: 'Chaque unité d’affaires a déjà un service nommé « {{name}} ».',
  NOT_ACTIVE_MEMBER: 'Seul un membre actif de cet espace de travail peut gérer un service.',
  LOGO_OF_OTHER_UNIT: 'C’est le logo d’une autre unité d’affaires.',
  LOGO_NOT_OF_WORKSPACE: 'Ce n’est pas un logo enregistré pour cet espace de travail.',
  // Files and images
  NOT_FOUND: 'Ce que vous avez demandé est introuvable.',
  PAGE_NOT_FOUND: 'Cette page est introuvable.',
  WORKSPACE_NOT_FOUND: 'L’espace de travail est introuvable.',
  FILE_NOT_FOUND: 'Le fichier est introuvable.',
  LOGO_NOT_FOUND: 'Le logo est introuvable.',
  NO_FILE: 'Choisissez un fichier à téléverser.',
  FILE_EMPTY: 'Le fichier est vide.',
  EMPTY_FILE: 'Le fichier n’a aucune ligne : mettez les noms des colonnes à la ligne 1.',
  FILE_TOO_LARGE: 'Le fichier dépasse {{size}}.',
  FILE_TYPE_NOT_ALLOWED: 'Ce fichier n’est pas accepté ici. Téléversez l’un des types suivants : {{allowed}}.',
  LESSON_TEXT_TOO_LONG: 'Ce texte dépasse {{size}}. Répartissez-le sur plusieurs blocs.',
  LESSON_BLOCK_NOT_FOUND: 'Le contenu de la leçon est introuvable. Rechargez la leçon.',
  UPLOAD_NOT_FOUND: 'Ce téléversement est introuvable ou a expiré. Choisissez le fichier de nouveau.',
  // The learner's side (issue 14)
  ENROLMENT_NOT_FOUND: 'Cette assignation de cours n’existe pas (ou plus).',
  // Workshops (issue 21, item 13)
  WORKSHOP_NOT_FOUND: 'Cet atelier n’existe pas (ou plus).',
  FORBIDDEN_MANAGE_WORKSHOPS: 'Vous n’avez pas l’autorisation de planifier ou de gérer des ateliers.',
  WORKSHOP_IN_PAST: 'L’atelier commencerait dans le passé. Choisissez une date ou une heure ultérieure.',
  WORKSHOP_NO_PLACE: 'Indiquez un lieu, un lien en ligne, ou les deux.',
  WORKSHOP_NO_AUDIENCE: 'Personne ne correspond à ce public. Choisissez qui inviter.',
  WORKSHOP_OVER_CAPACITY:
    '{{invited}} personnes seraient invitées, mais il n’y a que {{capacity}} places. Augmentez la capacité ou restreignez le public.',
  WORKSHOP_FULL: 'Toutes les places de cet atelier sont prises.',
  WORKSHOP_CANCELLED: 'Cet atelier a été annulé.',
  WORKSHOP_ENDED: 'Cet atelier est terminé.',
  WORKSHOP_NOT_STARTED: 'La présence peut être notée à partir de 15 minutes avant le début.',
  ALREADY_CHECKED_IN: 'Votre présence est déjà enregistrée.',
  CHECK_IN_CLOSED: 'Le code n’est accepté que pendant la séance (à partir de 15 minutes avant son début).',
  WORKSHOP_CODE_WRONG: 'Ce n’est pas le code de cette séance. Vérifiez le code affiché à la séance.',
  DATES_REVERSED: 'La période se termine avant de commencer.',
  ITEM_LOCKED: 'Terminez d’abord les leçons et les questionnaires qui précèdent celui-ci.',
  VIDEO_NOT_WATCHED: 'Regardez d’abord au moins {{share}} % de chaque vidéo de cette leçon ({{count}} restante(s)).',
  READING_TIME_NOT_REACHED: 'Prenez le temps de lire cette leçon : vous pourrez la terminer dans {{seconds}} secondes.',
  NOT_A_LESSON: 'Un questionnaire est terminé quand on le réussit, une leçon SCORM quand on la termine.',
  QUIZ_ALREADY_PASSED: 'Vous avez déjà réussi ce questionnaire.',
  NO_ATTEMPTS_LEFT:
    'Vous avez utilisé toutes vos tentatives à ce questionnaire. Demandez-en une autre à votre administrateur.',
  ATTEMPT_ALREADY_SUBMITTED: 'Cette tentative a été soumise depuis une autre fenêtre. Rechargez le questionnaire.',
  IDEMPOTENCY_KEY_REQUIRED: 'Les réponses n’ont pas pu être envoyées. Rechargez la page et réessayez.',
  IDEMPOTENCY_KEY_REUSED: 'Les réponses n’ont pas pu être envoyées. Rechargez la page et réessayez.',
  SCORM_STATE_TOO_LARGE: 'L’état enregistré de la leçon SCORM dépasse 64 Ko.',
  SCORM_STATE_INVALID: 'La leçon SCORM a envoyé un état qui n’est pas valide.',
  USE_UPLOAD_URL: 'Téléversez le fichier à l’adresse donnée au début du téléversement.',
  UPLOAD_MISSING: 'Le fichier n’est pas encore arrivé. Téléversez-le, puis confirmez.',
  TOO_MANY_FILES: 'Envoyez un fichier à la fois.',
  BAD_UPLOAD: 'Le téléversement n’a pas pu être lu. Réessayez.',
  NOT_AN_IMAGE: 'Téléversez une image PNG, JPEG ou WebP.',
  IMAGE_TOO_LARGE: 'L’image mesure {{width}} × {{height}} pixels; utilisez-en une d’au plus {{megapixels}} mégapixels.',
  VIDEO_LENGTH_UNKNOWN:
    'La durée de cette vidéo ne peut pas être lue dans le fichier. Exportez-la de nouveau en MP4 ou en WebM (la plupart des logiciels de montage et des convertisseurs inscrivent la durée), puis téléversez-la.',
  BAD_IMAGE: 'L’image n’a pas pu être lue; elle est peut-être endommagée ou trop grande.',
  NOT_A_SPREADSHEET:
    'Ce fichier n’est ni un CSV (texte UTF-8) ni un classeur XLSX. Enregistrez-le depuis votre tableur en CSV UTF-8 ou en classeur Excel (.xlsx).',
  MALFORMED_CSV: 'Le fichier CSV ne peut pas être lu : vérifiez ses guillemets et ses séparateurs.',
  TOO_MANY_ROWS: 'Le fichier compte plus de {{limit}} lignes. Divisez-le en fichiers plus petits.',
  TOO_MANY_COLUMNS:
    'Une ligne compte plus de {{limit}} colonnes. Ne gardez que les colonnes contenant les renseignements des personnes.',
  TOO_MANY_CELLS:
    'Le fichier compte trop de cellules. Ne gardez que les colonnes contenant les renseignements des personnes, ou divisez le fichier.',
  TOO_MUCH_TEXT:
    'Le fichier contient trop de texte. Ne gardez que les colonnes contenant les renseignements des personnes, ou divisez le fichier.',
  SPREADSHEET_TOO_LARGE:
    'Le classeur est trop volumineux. Ne gardez que la feuille des personnes, ou divisez le fichier.',
  SPREADSHEETS_BUSY: 'Le serveur lit d’autres classeurs : renvoyez le fichier dans quelques secondes.',
  // Bulk files: the whole file, then each row's problem
  BULK_NOTHING_SENT:
    'Lignes avec erreurs : {{count}}. Rien n’a été envoyé : corrigez-les et téléversez le fichier de nouveau.',
  BULK_NOTHING_CREATED:
    'Lignes avec erreurs : {{count}}. Rien n’a été créé : corrigez-les et téléversez le fichier de nouveau.',
  DELETE_FILE_REFUSED:
    'Rien n’a été supprimé : lignes ne désignant aucun utilisateur que vous pouvez supprimer : {{count}}. Corrigez le fichier et téléversez-le de nouveau.',
  ROW_BAD_CHARACTER: 'Contient un caractère non accepté',
  ROW_BAD_EMAIL: 'N’est pas une adresse courriel',
  LANGUAGE_NOT_OFFERED:
    'Cette langue n’est pas offerte dans cet espace de travail. Choisissez l’une des langues qu’il offre.',
  PHONE_INVALID: 'Entrez un numéro de téléphone comme {{example}}, ou commencez par + et l’indicatif du pays.',
  ROW_BAD_PHONE: 'N’est pas un numéro de téléphone; écrivez-le comme {{example}}',
  ROW_EMAIL_OR_PHONE: 'Donnez une adresse courriel ou un numéro de téléphone',
  ROW_FIRST_NAME_MISSING: 'Entrez le prénom',
  ROW_TOO_LONG: 'Au plus {{max}} caractères',
  ROW_BAD_ROLE:
    'Le rôle doit être Employé(e), Administrateur d’unité d’affaires, Employeur ou Administrateur de l’espace de travail',
  ROW_UNKNOWN_UNIT: 'Aucune unité d’affaires ne porte ce nom',
  ROW_OUTSIDE_UNIT: 'Vous n’administrez que votre propre unité d’affaires',
  ROW_UNIT_MISSING: 'Nommez l’unité d’affaires',
  ROW_UNKNOWN_DEPARTMENT: 'Aucun service de {{unit}} ne porte ce nom',
  ROW_BAD_DATE: 'Utilisez une date de la forme AAAA-MM-JJ',
  ROW_BAD_DATE_IN: 'Utilisez une date de la forme JJ/MM/AAAA ou AAAA-MM-JJ',
  ROW_DUPLICATE: 'Figure déjà à la ligne {{row}}',
  ROW_SAME_PERSON: 'Est la même personne qu’à la ligne {{row}}',
  ROW_PHONE_TAKEN: 'Un autre compte utilise ce numéro de téléphone; retirez-le ou corrigez-le',
  ROW_NO_IDENTIFIER: 'Donnez un courriel, un nom d’utilisateur ou un numéro d’employé',
  ROW_NO_USER_EMAIL: 'Aucun utilisateur n’a ce courriel',
  ROW_NO_USER_USERNAME: 'Aucun utilisateur n’a ce nom d’utilisateur',
  ROW_NO_USER_EMPLOYEEID: 'Aucun utilisateur n’a ce numéro d’employé',
  ROW_SEVERAL_USERS:
    'Plusieurs utilisateurs ({{count}}) ont ce numéro d’employé; désignez-les par courriel ou nom d’utilisateur',
  ROW_SAME_USER: 'Désigne le même utilisateur qu’à la ligne {{row}}',
  ROW_LAST_ADMIN:
    'Retirerait le dernier administrateur actif de l’espace de travail; nommez d’abord quelqu’un d’autre administrateur de l’espace de travail',
  // The platform
  FEATURE_FLAG_EXISTS: 'Un indicateur de fonctionnalité nommé « {{name}} » existe déjà.',
  FEATURE_FLAG_NOT_FOUND: 'L’indicateur de fonctionnalité « {{name}} » est introuvable.',
  UNKNOWN_WORKSPACE: 'Aucun espace de travail n’est servi à {{hosts}}.',
  // SCORM packages (params.reason of SCORM_INVALID, and the player)
  SCORM_INVALID: 'Ce paquet SCORM ne peut pas être utilisé.',
  NO_MANIFEST:
    'Le paquet n’a pas de fichier imsmanifest.xml à sa racine. Compressez le contenu du dossier du paquet, pas le dossier lui-même.',
  BAD_MANIFEST:
    'Le fichier imsmanifest.xml du paquet ne peut pas être lu (il n’est pas du SCORM 1.2 ou 2004 valide, ou il déclare un DOCTYPE).',
  TOO_MANY_ENTRIES: 'Le paquet contient plus de 5 000 fichiers.',
  TOO_LARGE_INFLATED:
    'Le paquet décompressé est trop volumineux (au plus 1 Go en tout, 200 Mo par fichier, 200 fois sa taille compressée).',
  BAD_PATH:
    'Le paquet contient un nom de fichier non accepté (absolu, avec « .. », une barre oblique inverse ou un lien).',
  DUPLICATE_PATH: 'Le paquet contient deux fichiers dont les noms ne diffèrent que par les majuscules et minuscules.',
  UNSUPPORTED_COMPRESSION:
    'Le paquet est chiffré ou compressé d’une façon non prise en charge. Compressez-le de nouveau avec les réglages standard.',
  MISSING_RESOURCE: 'Le manifeste du paquet lance un fichier qui n’est pas dans le paquet.',
  DAMAGED_ARCHIVE: 'Le fichier n’est pas une archive zip lisible.',
  SCORM_NOT_READY: 'Le paquet n’est pas encore prêt à être lu.',
  PARENT_ORIGIN_MISMATCH: 'Le lecteur ne peut être ouvert qu’à partir de l’adresse de cette page.',
  SCORM_LINK_EXPIRED: 'Ce lien du lecteur a expiré. Ouvrez le cours de nouveau.',
  SCORM_LINK_INVALID: 'Ce lien du lecteur n’est pas valide. Ouvrez le cours de nouveau.',
  SCORM_IMPORTS_BUSY: 'D’autres paquets sont en cours d’importation. Renvoyez le fichier dans quelques secondes.',
  SCORM_PACKAGE_NOT_FOUND: 'Le paquet SCORM est introuvable.',
  // Learning (courses)
  COURSE_INCOMPLETE: '{{count}} texte(s) manquent encore dans la langue principale du cours. Complétez-les d’abord.',
  VERSION_FROZEN:
    'Cette version est publiée et ne peut plus être modifiée. La page affiche maintenant l’ébauche; faites-y votre modification.',
  COURSE_ARCHIVED: 'Ce cours est archivé : il ne peut plus être modifié.',
  CATALOGUE_NOT_CLONABLE:
    'Un cours du catalogue ne peut pas être cloné : seuls les cours propres à votre espace de travail peuvent l’être. Assignez-le à votre personnel avec des crédits (il reste à jour selon la loi), ou créez votre propre cours.',
  CATALOGUE_QUIZ_NOT_GRADED:
    'Un questionnaire du catalogue n’est noté que lors de la tentative d’un apprenant : ses réponses restent dans le catalogue. Vous pouvez en lire les questions ici.',
  COURSE_EMPTY: 'Ajoutez au moins une leçon, un questionnaire ou un paquet SCORM avant de publier.',
  QUIZ_WITHOUT_QUESTIONS:
    'Un questionnaire n’a pas encore de questions. Ajoutez des questions ou retirez le questionnaire avant de publier.',
  NOTHING_TO_PUBLISH: 'Ce cours n’a aucune modification non publiée.',
  NO_DRAFT_TO_DISCARD: 'Il n’y a aucune ébauche à abandonner à côté d’une version publiée.',
  REORDER_MISMATCH: 'Le cours a changé entre-temps. Rechargez la page et déplacez les éléments de nouveau.',
  LANGUAGE_NOT_IN_COURSE: 'Ce cours n’est pas rédigé dans cette langue. Ajoutez-la d’abord aux langues du cours.',
  COURSE_NOT_FOUND: 'Le cours est introuvable.',
  CERTIFICATE_NOT_FOUND: 'Le certificat est introuvable.',
  COURSE_ITEM_NOT_FOUND: 'La leçon ou le questionnaire est introuvable.',
  FORBIDDEN_MANAGE_COURSES:
    'Vous n’avez pas l’autorisation de créer ou de modifier des cours (un administrateur d’unité d’affaires ne le peut pas : les cours appartiennent à tout l’espace de travail).',
  FORBIDDEN_MANAGE_CATALOGUE: 'Vous n’avez pas l’autorisation de modifier le catalogue de cours.',
  // Quizzes
  QUESTION_KEY_INVALID:
    'Les choix ou le corrigé de la question ne correspondent pas à son type. Vérifiez les champs signalés.',
  QUIZ_QUESTION_NOT_FOUND: 'La question est introuvable.',
  QUIZ_OPTION_NOT_FOUND: 'Le choix de réponse est introuvable.',
  // Answers the browser gives itself, or the server's own failures
  NETWORK_ERROR: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
  INTERNAL_ERROR: 'Un problème est survenu de notre côté. S’il se répète, citez l’identifiant de trace {{traceId}}.',
  // Learning: credits, availability, jurisdictions
  NO_CREDITS:
    'Pas assez de crédits pour ce cours : {{balance}} restants, {{needed}} nécessaires. Demandez d’autres crédits sous Formation → Crédits; l’exploitant de la plateforme les accorde.',
  CREDIT_REQUEST_CLOSED: 'Cette demande de crédits a déjà été tranchée. Rechargez la liste.',
  CREDIT_REQUEST_NOT_FOUND: 'La demande de crédits est introuvable.',
  FORBIDDEN_REQUEST_CREDITS: 'Vous n’avez pas l’autorisation de demander des crédits de cours.',
  FORBIDDEN_ASSIGN_COURSES: 'Vous n’avez pas l’autorisation d’assigner des cours ou de suivre les apprenants.',
  FORBIDDEN_ACT_ON_OWN_ENROLMENT:
    'Vous ne pouvez pas vous accorder des tentatives de questionnaire, vous retirer d’un cours ni vous attribuer un nouveau cycle : un autre administrateur le fait pour vous.',
  DUE_DATE_PAST: 'La date d’échéance est passée. Choisissez aujourd’hui ou une date ultérieure.',
  JOINING_DATES_REVERSED: 'La période des dates d’entrée en fonction se termine avant de commencer.',
  ASSIGN_FILE_INVALID:
    'Personne n’a été assigné : {{count}} lignes du fichier doivent être corrigées. Corrigez-les et téléversez le fichier de nouveau.',
  ATTEMPTS_LIMIT_REACHED:
    'Cet apprenant ne peut pas recevoir plus de tentatives à ce questionnaire (au plus {{max}} supplémentaires en tout).',
  QUIZ_UNLIMITED: 'Ce questionnaire n’a pas de limite de tentatives : il n’y a rien à accorder.',
  NO_ATTEMPTS_YET: 'Cet apprenant n’a pas encore essayé ce questionnaire : aucune tentative n’est utilisée.',
  JURISDICTION_IN_USE:
    'Cette juridiction est encore utilisée (par {{count}} cours ou par des juridictions placées sous elle). Retirez-les d’abord.',
  JURISDICTION_EXISTS: 'Une juridiction avec le code ou le nom « {{name}} » existe déjà.',
  JURISDICTION_CYCLE: 'Une juridiction ne peut pas être placée sous l’une de ses propres parties.',
  JURISDICTION_NOT_FOUND: 'La juridiction est introuvable.',
  CATEGORY_EXISTS: 'Une catégorie de conformité avec la clé « {{key}} » existe déjà.',
  CATEGORY_IN_USE: '{{count}} obligation(s) sont classées dans cette catégorie. Déplacez-les ou supprimez-les d’abord.',
  COMPLIANCE_CATEGORY_NOT_FOUND: 'La catégorie de conformité est introuvable.',
  OBLIGATION_EXISTS: 'Une obligation avec la clé « {{key}} » existe déjà.',
  OBLIGATION_KEY_STABLE: 'La clé d’une obligation ne change pas : gardez « {{key}} ».',
  OBLIGATION_INVALID: 'L’obligation ne peut pas être enregistrée : {{problems}}',
  OBLIGATION_RETIRED: 'Cette obligation est déjà retirée.',
  OBLIGATION_NOT_FOUND: 'L’obligation est introuvable.',
  DUE_ANCHOR_KIND: 'L’échéance est comptée à partir d’un point qui ne convient pas à ce type d’obligation.',
  HEADCOUNT_RANGE: 'L’effectif maximal est inférieur à l’effectif minimal.',
  CATEGORY_UNKNOWN: 'Choisissez une catégorie existante.',
  JURISDICTION_UNKNOWN: 'Choisissez une juridiction existante.',
  JURISDICTION_COUNTRY: 'La juridiction est dans un autre pays que l’obligation.',
  HOLIDAY_CALENDAR_UNKNOWN: 'Ce calendrier des jours fériés n’existe pas.',
  HOLIDAY_CALENDAR_COUNTRY: 'Le calendrier des jours fériés « {{calendar}} » est celui d’un autre pays ({{country}}).',
  COURSE_NOT_PUBLISHED: 'Ce cours n’est pas encore publié. Publiez-le d’abord.',
  COURSE_NOT_AVAILABLE: 'Ce cours n’est plus offert à l’espace de travail. Rendez-le d’abord de nouveau disponible.',
  COURSE_OR_WORKSPACE_REQUIRED: 'Choisissez un cours ou un espace de travail.',
  WORKSPACE_REQUIRED: 'Choisissez un espace de travail.',
  // Learning: reminders and escalation
  ESCALATION_SETTING_NOT_FOUND: 'Le paramètre d’escalade est introuvable.',
  FORBIDDEN_SEND_REMINDERS: 'Vous n’avez pas l’autorisation d’envoyer des rappels de cours ou de les modifier.',
  FORBIDDEN_MANAGE_ESCALATION: 'Vous n’avez pas l’autorisation de modifier les paramètres d’escalade.',
  ESCALATION_TARGET_NOT_MEMBER:
    'La personne à qui faire l’escalade doit être un membre actif de cet espace de travail.',
  // Issue 24: the committee register.
  COMMITTEE_COMPOSITION_UNLAWFUL: 'Cette composition n’est pas autorisée : {{problems}}',
  COMMITTEE_KIND_NOT_FOR_COUNTRY:
    'Un espace de travail en Inde constitue un comité interne (s.4); au Canada, il désigne des destinataires (s.14).',
  COMMITTEE_MEMBER_NOT_ACTIVE:
    'Chaque employé du comité doit être un membre actif de cet espace de travail : {{problems}}',
  COMMITTEE_MEMBERS_INVALID: 'Certains membres n’ont pas pu être enregistrés : {{problems}}',
  COMMITTEE_KIND_CHANGED: 'Un comité garde son type.',
  COMMITTEE_SERVES_NOTHING:
    'Choisissez les unités d’affaires que le comité dessert, ou faites-lui desservir tout l’espace de travail.',
  COMMITTEE_UNIT_UNKNOWN: 'Une unité d’affaires est introuvable dans cet espace de travail.',
  COMMITTEE_WORKSPACE_WIDE_EXISTS: 'Un autre comité ({{name}}) dessert déjà tout l’espace de travail.',
  COMMITTEE_DISSOLVED: 'Ce comité a été dissous et ne peut plus être modifié.',
  FORBIDDEN_MANAGE_COMMITTEE: 'Vous n’avez pas l’autorisation de gérer le registre du comité.',
  COMMITTEE_NOT_FOUND: 'Ce comité est introuvable.',
  COMMITTEE_ORDER_NOT_FOUND: 'Aucun ordre n’a été téléversé pour ce comité.',
  NOT_A_PDF: 'L’ordre doit être un fichier PDF.',
  // The complaint form of a workflow (issue 25)
  COMPONENT_NOT_FOUND: 'Ce groupe du formulaire est introuvable : rechargez la page.',
  ATTRIBUTE_NOT_FOUND: 'Ce champ du formulaire est introuvable : rechargez la page.',
  COMPONENT_HOLDS_LOCKED_FIELD:
    'Ce groupe contient un champ qui ne peut pas être supprimé : déplacez d’abord ce champ dans un autre groupe.',
  ATTRIBUTE_LOCKED:
    'Ce champ est exigé (par le formulaire de plainte ou par la loi) : il ne peut être ni supprimé ni rendu facultatif.',
  ATTRIBUTE_HAS_DEPENDENTS: 'Un autre champ s’affiche selon celui-ci : modifiez d’abord la condition de ce champ.',
  ATTRIBUTE_OPTIONS_REQUIRED: 'Donnez les options à choisir.',
  ATTRIBUTE_OPTION_KEYS_REPEATED: 'Chaque option doit avoir sa propre clé.',
  ATTRIBUTE_OPTIONS_NOT_ALLOWED: 'Ce type de champ n’a pas d’options.',
  ATTRIBUTE_CONDITION_INVALID:
    'Un champ ne peut dépendre que d’une option d’une liste ou d’une case cochée placée avant lui.',
  ATTRIBUTE_RESOURCE_NOT_ANSWERED: 'Un document à lire n’appelle pas de réponse : il ne peut pas être obligatoire.',
  ATTRIBUTE_KEY_TAKEN: 'Un autre champ de cette procédure a la clé {{key}}.',
  ATTRIBUTE_ORDER_MISMATCH:
    'Le formulaire a changé depuis son ouverture : rechargez la page et déplacez de nouveau le champ.',
  ATTRIBUTE_SETTING_NOT_FOR_TYPE: 'Ce type de champ n’a pas de paramètre « {{setting}} ».',
  ATTRIBUTE_SETTING_RANGE: 'La plus petite valeur ne peut pas dépasser la plus grande.',
  ATTRIBUTE_NOT_RESOURCE: 'Seul un champ de type document contient un document.',
  COMMITTEE_MEMBER_UNKNOWN: 'Cette personne est introuvable dans cet espace de travail.',
  COMMITTEE_MEMBER_LEFT_BEFORE_START: 'Un membre ne peut pas partir avant le début de son mandat.',
  COMMITTEE_MEMBER_TWICE: 'La même personne est nommée deux fois.',
  COURSE_UNKNOWN: 'Ce cours est introuvable.',
  UNIT_UNKNOWN: 'Cette unité d’affaires est introuvable.',
  // Complaint workflows (issue 25)
  WORKFLOW_NOT_FOUND: 'Ce processus est introuvable.',
  WORKFLOW_NOT_DRAFT: 'Ce processus est publié. Commencez une nouvelle version pour le modifier.',
  FORBIDDEN_MANAGE_WORKFLOWS: 'Vous n’avez pas la permission de gérer les processus de plainte.',
  FORBIDDEN_WORKFLOW_UNIT: 'Vous ne pouvez créer des processus que pour vos propres unités.',
  WORKFLOW_TEMPLATE_JURISDICTION: 'Un modèle suit sa propre loi : omettez le ressort ou choisissez celui du modèle.',
  WORKFLOW_JURISDICTION_REQUIRED: 'Choisissez la loi que suit ce processus.',
  WORKFLOW_JURISDICTION_FIXED: 'Ce processus part d’un modèle : il suit la loi du modèle.',
  WORKFLOW_FILERS_REPEATED: 'Nommez chaque déposant une seule fois.',
  WORKFLOW_WITNESS_CANADA_ONLY:
    'Seul un processus canadien permet à un témoin de donner un avis, anonymement s’il le souhaite (DORS/2020-130, par. 15(4)).',
  WORKFLOW_ANONYMOUS_NEEDS_WITNESS: 'Autorisez d’abord les témoins à déposer, puis à le faire anonymement.',
  WORKFLOW_LANGUAGES_ENGLISH_FIRST: 'L’anglais vient en premier parmi les langues du processus.',
  WORKFLOW_LANGUAGES_REPEATED: 'Nommez chaque langue une seule fois.',
  WORKFLOW_HANDLER_KIND:
    'Un processus POSH relève d’un comité interne, un processus canadien d’un destinataire désigné.',
  RESOURCE_KEY_INVALID: 'Ce téléversement n’a pas été lancé pour ce champ. Recommencez.',
  // Complaint workflows: publishing and versions (issue 25)
  WORKFLOW_INVALID: 'Le processus ne peut pas encore être publié : corrigez les problèmes indiqués.',
  WORKFLOW_ALREADY_DRAFT: 'Ce processus est déjà un brouillon : modifiez-le, puis publiez-le.',
  WORKFLOW_VERSION_NOT_FOUND: 'Cette version du processus est introuvable.',
  NO_STAGES: 'Ajoutez au moins une étape de règlement.',
  EMPTY_STAGE: 'Une étape ne contient aucune action : ajoutez-en une ou supprimez l’étape.',
  PREREQUISITE_CYCLE: 'Ces tâches s’attendraient les unes les autres : {{cycle}}. Choisissez une autre tâche.',
  DUPLICATE_KEY: 'Deux éléments du processus ont la même clé ({{key}}).',
  STATUTORY_STEP_MISSING: 'Une action exigée par la loi manque ({{reference}}).',
  STATUTORY_START_FIXED:
    'Cette tâche est exigée par la loi ({{reference}}) : elle ne commence qu’à la demande que la loi prévoit.',
  STATUTORY_START_CHANGED:
    'Une tâche que la loi fait commencer à la demande d’une partie n’attend plus cette demande ({{reference}}).',
  STATUTORY_DEADLINE_LATER:
    'Cette tâche est exigée par la loi ({{reference}}) : son échéance ne peut pas dépasser ce que la loi permet.',
  STATUTORY_FIELD_MISSING: 'Un champ à partir duquel la loi compte manque ou est facultatif ({{reference}}).',
  MANDATORY_FIELD_MISSING: 'Un champ obligatoire du formulaire manque ou est facultatif ({{key}}).',
  MEETING_FIELD_MISSING: 'Il manque à une réunion l’un de ses champs requis ({{field}}).',
  TRANSLATION_MISSING: 'Un texte n’est pas traduit ({{languages}}).',
  OPTIONS_MISSING: 'Un champ à choix n’a aucune option.',
  CONDITION_INVALID: 'Une condition doit viser un champ à choix ou une case placés avant, et l’une de ses options.',
  ANCHOR_STEP_INVALID: 'L’échéance doit se compter à partir d’une autre tâche de ce processus.',
  ACTION_SETTINGS_MISSING: 'Une action n’a pas encore de paramètres.',
  RESOURCE_MISSING: 'Un champ de document n’a pas de document.',
  HANDLER_MISSING: 'Le comité qui traite les plaintes n’existe plus : choisissez-en un autre.',
  FILERS_INVALID: 'Les personnes autorisées à déposer ne correspondent pas à la loi suivie par ce processus.',
  // Complaint workflows: more codes (issue 25)
  // Complaint workflows: stages of redressal (issue 25)
  DUE_RULE_CYCLE:
    'Ces échéances se compteraient les unes à partir des autres : {{cycle}}. Choisissez une autre tâche de départ.',
  STATUTORY_STEP: 'Cette tâche est exigée par la loi ({{reference}}) : elle ne peut pas être supprimée.',
  STAGE_HOLDS_STATUTORY_STEP:
    'Cette étape comprend une tâche exigée par la loi ({{reference}}) : elle ne peut pas être supprimée.',
  STATUTORY_ANCHOR_FIXED:
    'Cette tâche est exigée par la loi ({{reference}}) : son échéance se compte toujours à partir du même point.',
  STATUTORY_ACTION:
    'Cette action fait partie d’une tâche exigée par la loi ({{reference}}) : elle ne peut pas être retirée.',
  STEP_IS_ANCHOR:
    'L’échéance d’une autre tâche ({{anchoredStepKey}}) se compte à partir de celle-ci. Modifiez d’abord cette échéance.',
  KEY_TAKEN: 'La clé {{key}} est déjà utilisée ici. Choisissez-en une autre.',
  PERFORMER_NOT_FOR_JURISDICTION: 'Seul un processus canadien a un destinataire désigné.',
  QUORUM_MEETINGS_ONLY: 'Seule une rencontre a un quorum.',
  PREREQUISITE_OTHER_WORKFLOW: 'Une tâche ne peut attendre qu’une autre tâche du même processus.',
  PREREQUISITE_SELF: 'Une tâche ne peut pas s’attendre elle-même.',
  PREREQUISITE_EXISTS: 'Cette tâche attend déjà cette autre tâche.',
  STEP_NOT_MEETING: 'Cette tâche n’est pas une rencontre : elle n’a pas de champs de rencontre.',
  STEP_NOT_ACTION: 'Cette tâche est une rencontre : les actions appartiennent aux tâches d’action.',
  OPTIONS_NOT_ALLOWED: 'Seul un champ à choix a des options.',
  OPTION_KEY_TWICE: 'Chaque option a besoin de sa propre clé : deux options ont le même libellé.',
  MEETING_FIELD_REQUIRED: 'Ce champ est exigé pour toute rencontre.',
  ACTION_SETTINGS_TYPE: 'Ces paramètres sont ceux d’un autre type d’action.',
  WORKFLOW_STAGE_NOT_FOUND: 'Cette étape est introuvable. Elle a peut-être été supprimée.',
  WORKFLOW_STEP_NOT_FOUND: 'Cette tâche est introuvable. Elle a peut-être été supprimée.',
  WORKFLOW_PREREQUISITE_NOT_FOUND: 'Ce préalable est introuvable. Il a peut-être été retiré.',
  MEETING_FIELD_NOT_FOUND: 'Ce champ de rencontre est introuvable. Il a peut-être été retiré.',
  WORKFLOW_ACTION_NOT_FOUND: 'Cette action est introuvable. Elle a peut-être été retirée.',
  // Complaint workflows (issue 25), from cms-core
  // Complaint cases (issue 26): meetings and actions (helper meetings)
  MEETING_INVALID: 'Certains champs de la réunion sont à revoir : voyez chaque champ.',
  NOT_A_MEETING_STEP: 'Cette étape n’est pas une réunion.',
  STEP_NOT_ACTIVE: 'Cette étape n’est pas en cours : commencez-la d’abord (ou elle est terminée).',
  CASE_STEP_NOT_FOUND: 'Cette étape est introuvable dans le dossier.',
  CASE_MEETING_NOT_FOUND: 'Cette réunion est introuvable.',
  MEETING_NOT_SCHEDULED: 'Cette réunion a déjà eu lieu ou a été annulée.',
  MEETING_QUORUM_NOT_PRESENT:
    'Une audience exige {{required}} membres présents, dont la présidente (POSH Rule 7(7)) ; {{present}} sont indiqués présents.',
  NO_MONETARY_SETTLEMENT_REQUIRED:
    'Confirmez que l’accord ne comporte aucune somme d’argent : la conciliation ne peut pas être pécuniaire (s.10(1)).',
  ACTION_INVALID: 'Il manque quelque chose à cette action : voyez le champ.',
  CASE_ACTION_NOT_FOUND: 'Cette étape n’a pas cette action.',
  ALREADY_VOTED: 'Vous avez déjà voté : chaque membre vote une fois.',
  RESPONDENT_INVALID: 'La plaignante ou un membre du comité sur le dossier ne peut pas être la personne mise en cause.',
  PARTY_CONFLICTS_MEMBER:
    'Cette personne met un membre du comité en conflit d’intérêts : ajoutez-la d’abord comme partie.',
  COMMITTEE_HAS_NO_MEMBERS: 'Ce comité n’a aucun membre qui puisse prendre ce dossier.',
  NOTIFY_RECIPIENT_NO_ACCESS: 'Cet avis va à une personne qui n’a pas encore accès au dossier : informez-la d’abord.',
  FORM_RECIPIENT_NO_ACCESS: 'Cette personne n’a pas encore accès au dossier : informez-la d’abord.',
  GUEST_NOT_ON_CASE: 'Seules les personnes ayant accès au dossier peuvent être invitées par leur compte.',
  NOT_A_MEMBER_ON_CASE: 'Seuls les membres du comité ayant accès au dossier comptent comme présents.',
  LOCATION_LINK: 'Une réunion en ligne est un lien https Microsoft Teams ou Google Meet.',
  END_BEFORE_START: 'La réunion finit après son début.',
  EMPLOYER_NOT_ELIGIBLE:
    'Choisissez une personne qui traite les plaintes pour l’employeur et qui n’est ni partie ni membre sur ce dossier.',
  COMMITTEE_NOT_ELIGIBLE: 'Choisissez un autre comité actif de cet espace.',
  FILE_NOT_AVAILABLE: 'Ce fichier n’est pas un envoi de ce dossier en attente d’utilisation.',
  // Complaint cases: files (issue 26, filing)
  FORBIDDEN_FILE_AUDIENCE:
    'Vous ne pouvez pas déposer un fichier à cet endroit : vos fichiers vont dans votre propre échange avec le comité.',
  PARTICIPANT_REQUIRED: 'Choisissez la personne à qui ce fichier est destiné.',
  NOT_A_FILE_FIELD: 'Cette question ne prend pas de fichiers.',
  BAD_FILE_NAME: 'Le nom du fichier est illisible. Renommez le fichier et réessayez.',
  CASE_FILE_NOT_FOUND: 'Ce fichier est introuvable, ou il ne vous est pas partagé.',
  CASE_FILE_ATTACHED: 'Ce fichier a été envoyé avec la plainte et reste au dossier.',
  BAD_ARCHIVE: 'Le document est endommagé ou n’est pas un document.',
  MACROS: 'Les documents avec macros sont refusés : enregistrez-le en .docx ou .xlsx sans macros.',
  // Complaint cases: following a case (issue 26, follow)
  FILE_NOT_ATTACHABLE: 'Ce fichier ne peut pas être joint ici : téléversez-le de nouveau avec ce message.',
  CASE_PARTICIPANT_NOT_FOUND: 'Cette personne n’a pas accès au dossier : informez-la d’abord par une étape.',
  MESSAGE_TO_REQUIRED: 'Choisissez à qui le message est destiné.',
  REQUEST_IN_WRITING: 'Rédigez votre demande : la loi la veut par écrit.',
  STEP_NOT_ON_REQUEST: 'Cette étape ne commence pas sur demande.',
  REQUEST_NOT_YOURS: 'Seule l’autre partie peut demander cette étape.',
  STEP_ALREADY_STARTED: 'Cette étape a déjà commencé.',
  ALREADY_REQUESTED: 'Vous l’avez déjà demandé. Le comité a reçu votre demande.',
  CASE_FORM_NOT_FOUND: 'Ce formulaire est introuvable.',
  FORM_ALREADY_ANSWERED: 'Ce formulaire a déjà reçu une réponse.',
  // Complaint cases (issue 26): conflicts of interest and quorum
  QUORUM_NOT_MET: 'Le comité n’a pas son quorum pour ce dossier (POSH Rule 7(7)).',
  QUORUM_TOO_FEW:
    'Le comité n’a pas son quorum pour ce dossier : {{members}} des {{required}} membres requis peuvent y prendre part (POSH Rule 7(7)). L’employeur nomme un membre, ou le comité transfère le dossier.',
  QUORUM_PRESIDING_OFFICER_CONFLICTED:
    'La présidente ne peut pas prendre part à ce dossier, et le quorum l’exige (POSH Rule 7(7)). L’employeur en nomme une autre, ou le comité transfère le dossier.',
  CONFLICT_NOT_FOUND: 'Ce conflit est introuvable.',
  CONFLICT_ALREADY_CLEARED: 'Ce conflit a déjà été levé.',
  CONFLICT_NOT_CLEARABLE:
    'Une partie au dossier (la plaignante, une personne mise en cause ou un témoin) ne peut pas y siéger : ce conflit ne peut pas être levé.',
  CONFLICT_CLEARER: 'Seule la personne qui préside lève un conflit.',
  CONFLICT_CLEARER_EXTERNAL: 'Seul le membre externe lève un conflit de la personne qui préside.',
  // Complaint cases, the committee (issue 26)
  LATE_REASON_REQUIRED:
    'Cette étape a dépassé son échéance ({{dueDate}}) : indiquez pourquoi elle n’a pas été faite à temps.',
  STEP_PREREQUISITES_NOT_MET: 'Les étapes que celle-ci attend ne sont pas encore faites.',
  OUTCOME_NOT_OFFERED: 'Choisissez une issue que ce processus propose.',
  REPORT_DATE_IN_FUTURE: 'La date du rapport ne peut pas être dans le futur.',
  REPORT_FILE_NOT_FOUND: 'Téléversez d’abord le rapport dans ce dossier.',
  PARTY_NOT_MEMBER: 'Choisissez un membre de cet espace de travail.',
  PARTY_IS_COMPLAINANT: 'La partie principale ne peut pas être désignée comme partie.',
  PARTY_CONFLICTS_YOU:
    'Désigner cette personne vous met en conflit d’intérêts dans ce dossier : demandez à un autre membre de la désigner.',
  // Complaint cases, the committee's person picker (issue 26)
  FORBIDDEN_CASE_PEOPLE: 'Seul un membre d’un comité des plaintes peut rechercher des personnes ici.',
};
export default fr;
