/**
 * The server's error codes in English, the `errors` namespace. A key is an error's `code`, or its
 * `params.reason` under a generic code (CONFLICT, NOT_FOUND, FORBIDDEN, BAD_REQUEST…), or a problem's
 * code in `details` (a bulk file's rows); `{{name}}` takes the error's `params`. The other languages
 * have the same keys (checked by their type). How to add one: docs/languages.md.
 */
const en = {
  // Signing in and accounts
  UNAUTHENTICATED: 'Sign in to continue.',
  INVALID_CREDENTIALS: 'The email, username or password is not right. Check them and try again.',
  INVALID_CODE: 'That code is not right or has expired. Check it, or ask for a new code.',
  INVALID_HANDOFF: 'This sign-in link has expired or was already used. Sign in again.',
  INVALID_LINK:
    'This confirmation link does not work any more: it was used, replaced by a newer one, or has expired. Ask for a new link.',
  RATE_LIMITED: 'Too many attempts. Wait {{minutes}} min and try again.',
  FIRST_LOGIN_REQUIRED: 'Set your own password and complete your profile first.',
  IP_NOT_ALLOWED:
    'This workspace lets its administrators act only from its listed network addresses, and you are connecting from {{ip}}. Connect from an allowed network, or ask a workspace administrator or the platform operator to add this address.',
  IP_RANGES_LOCK_OUT:
    'These ranges leave out your own address ({{ip}}): saving them would lock you out. Add a range that includes it, or leave the list empty.',
  NOT_FIRST_LOGIN: 'Your password is already set. Use "Forgot password?" to change it.',
  PROFILE_INCOMPLETE: 'Enter your first name before setting your password.',
  PASSWORD_UNCHANGED: 'Choose a password different from the one you were given.',
  PASSWORD_SAME_AS_CURRENT: 'Choose a new password, different from your current one.',
  WRONG_CURRENT_PASSWORD: 'Your current password is not right.',
  PASSWORD_TOO_COMMON:
    'This password is one of the most commonly used, so it is easy to guess. Choose another one: a few unrelated words make a strong password.',
  PASSWORD_LENGTH: 'Use a password of {{min}} to {{max}} characters.',
  // Invitations
  INVITE_NOT_FOUND: 'This invitation was not found. Check that you opened the whole link from the mail.',
  INVITE_EXPIRED: 'This invitation has expired. Ask for a new one, or ask your administrator.',
  INVITE_REVOKED: 'This invitation was withdrawn. Ask your administrator for a new one.',
  INVITE_USED: 'This invitation has already been used. Sign in with the account that accepted it.',
  INVITE_NO_LONGER_VALID:
    'This invitation can no longer be accepted: whoever sent it may no longer give this role. Ask your administrator for a new invitation.',
  INVITES_NOT_RESENT:
    'Some invitations ({{missing}} of {{count}}) were not found or can no longer be resent (used or revoked). Nothing was sent.',
  ALREADY_MEMBER: 'This person is already a member of the workspace.',
  ALREADY_INVITED: 'This person already has a pending invitation. Resend it instead.',
  USER_LIMIT_REACHED: 'This workspace has reached its number of users. Ask your administrator to make room.',
  NO_PLACES_LEFT:
    'This workspace has no places left (limit {{limit}}, counting pending invitations). Revoke unused invitations or ask for a higher limit.',
  TOO_FEW_PLACES:
    'Not enough places left in this workspace: {{left}} left (limit {{limit}}, counting pending invitations), {{wanted}} needed.',
  LIMIT_BELOW_MEMBERS:
    'This workspace has {{members}} people and its limit is {{limit}}: the limit is reached, so no one can be added. Ask your provider for a higher limit.',
  CLAIM_LIMIT_REACHED: 'This workspace is full ({{members}} of {{limit}} people). Ask your administrator to make room.',
  CONTRACT_EXPIRED:
    'This workspace’s contract ended on {{expiredOn}}: administration and learning are read-only until it is renewed. Ask your provider.',
  BULK_SIGNUP_DISABLED:
    'Creating accounts from a file is switched off for this workspace. An administrator can switch on "Bulk sign-up" in the settings; until then, send invitations.',
  // Roles and permissions
  FORBIDDEN: 'You do not have permission to do this.',
  FORBIDDEN_MANAGE_USERS: 'You do not have permission to manage users.',
  FORBIDDEN_SEE_OTHER_UNITS: 'You do not have permission to see users of other business units.',
  FORBIDDEN_MANAGE_ADMINS: 'A business unit admin manages employees only.',
  FORBIDDEN_RESET_PASSWORD_OF_PEER: 'You can give a one-time password only to someone whose role is lower than yours.',
  ACCOUNT_IN_OTHER_WORKSPACES:
    'This person also belongs to another workspace: they can reset their password themselves with “Forgot password?”.',
  FORBIDDEN_CHANGE_WORKSPACE_ADMIN: 'Only a workspace admin can change a workspace admin.',
  FORBIDDEN_MOVE_USERS: 'You do not have permission to move users to another business unit.',
  FORBIDDEN_MANAGE_PERMISSIONS: 'You do not have permission to manage permissions.',
  FORBIDDEN_CREATE_USERS_FROM_FILE: 'You do not have permission to create users without invitations.',
  FORBIDDEN_USE_OTHERS_UPLOAD_LINK: 'This upload link was made for someone else.',
  FORBIDDEN_ENTER_WORKSPACE: 'You cannot continue to that workspace: you are not an active member of it.',
  FORBIDDEN_MANAGE_UNITS: 'You do not have permission to manage business units here.',
  FORBIDDEN_DEPARTMENTS_EVERYWHERE: 'You do not have permission to create departments in every business unit.',
  FORBIDDEN_CHANGE_INVITATION_MAIL: 'You do not have permission to change the workspace’s invitation mail.',
  FORBIDDEN_DELETE_ADMINS: 'A business unit admin deletes employees only.',
  FORBIDDEN_DELETE_WORKSPACE_ADMIN: 'Only a workspace admin can delete a workspace admin.',
  FORBIDDEN_MANAGE_DEPARTMENTS: 'You do not have permission to manage departments.',
  FORBIDDEN_MANAGE_INVITATIONS: 'You do not have permission to manage invitations.',
  FORBIDDEN_CHANGE_FEATURE_FLAGS: 'You do not have permission to change feature flags.',
  ADMIN_ROLE_ONLY_BY_ADMIN: 'Only a workspace admin can give the role {{role}}.',
  ROLE_OUTSIDE_SCOPE: 'You administer one business unit: you can give the role Employee only.',
  ROLE_EXCEEDS_YOUR_PERMISSIONS:
    'You cannot give the role {{role}}: in this workspace it carries permissions you do not hold ({{permissions}}).',
  PERMISSION_NOT_HELD: 'You cannot give "{{permission}}" to {{role}}: you do not hold it yourself.',
  OWN_ROLE_PERMISSIONS: 'You cannot give your own role "{{permission}}": nobody raises their own permissions.',
  PERMISSION_LOCKED: '{{role}} always keeps "{{permission}}", so that nobody locks the workspace out.',
  UNKNOWN_PERMISSION: 'There is no permission "{{permission}}".',
  // Users
  USER_NOT_FOUND: 'The user was not found.',
  LAST_ADMIN: 'This is the workspace’s last active workspace admin. Make someone else a workspace admin first.',
  CANNOT_CHANGE_OWN_ROLE: 'You cannot change your own role.',
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate yourself.',
  CANNOT_DELETE_SELF: 'You cannot delete yourself.',
  UNIT_ADMIN_DELETES_EMPLOYEES_ONLY: 'A business unit admin deletes employees only.',
  ONLY_ADMIN_DELETES_ADMIN: 'Only a workspace admin deletes a workspace admin.',
  USERS_NOT_DELETED: 'Nothing was deleted: some of the users cannot be deleted ({{count}}).',
  PHONE_TAKEN: 'Another account already uses this phone number.',
  ACCOUNT_NEEDS_IDENTIFIER: 'The account needs an email, username or phone number; keep the phone number.',
  DEPARTMENT_NOT_IN_BRANCH: 'Choose a department of the user’s business unit.',
  // Business units and departments
  BRANCH_NOT_FOUND: 'The business unit was not found.',
  DEPARTMENT_NOT_FOUND: 'The department was not found.',
  BRANCH_NAME_TAKEN: 'A business unit named "{{name}}" already exists. Choose another name.',
  BRANCH_IS_HEADQUARTERS: '"{{name}}" is the headquarters. Mark another business unit as the headquarters instead.',
  DELETE_REFUSED: 'Nothing was deleted: {{problems}}.',
  UNIT_IS_HEADQUARTERS: '"{{name}}" is the headquarters; mark another unit as the headquarters first',
  UNIT_HAS_MEMBERS:
    '"{{name}}" still has users ({{members}}) or pending invitations ({{invitations}}); move them to another business unit first',
  DELETE_DEPARTMENTS_REFUSED: 'Nothing was deleted: {{problems}}. Move them to another department first.',
  DEPARTMENT_HAS_MEMBERS: '"{{name}}" still has users ({{count}})',
  DEPARTMENT_NAME_TAKEN: 'This business unit already has a department named "{{name}}".',
  DEPARTMENT_NAME_TAKEN_EVERYWHERE: 'Every business unit already has a department named "{{name}}".',
  NOT_ACTIVE_MEMBER: 'Only an active member of this workspace can manage a department.',
  LOGO_OF_OTHER_UNIT: 'This is another business unit’s logo.',
  LOGO_NOT_OF_WORKSPACE: 'This is not a logo stored for this workspace.',
  // Files and images
  NOT_FOUND: 'What you asked for was not found.',
  PAGE_NOT_FOUND: 'This page was not found.',
  WORKSPACE_NOT_FOUND: 'The workspace was not found.',
  FILE_NOT_FOUND: 'The file was not found.',
  LOGO_NOT_FOUND: 'The logo was not found.',
  NO_FILE: 'Choose a file to upload.',
  FILE_EMPTY: 'The file is empty.',
  EMPTY_FILE: 'The file has no rows: put the column names in row 1.',
  FILE_TOO_LARGE: 'The file is larger than {{size}}.',
  FILE_TYPE_NOT_ALLOWED: 'This file is not allowed here. Upload one of: {{allowed}}.',
  LESSON_TEXT_TOO_LONG: 'This text is longer than {{size}}. Split it over several blocks.',
  LESSON_BLOCK_NOT_FOUND: 'The lesson content was not found. Reload the lesson.',
  UPLOAD_NOT_FOUND: 'This upload was not found or has expired. Choose the file again.',
  // The learner's side (issue 14)
  ENROLMENT_NOT_FOUND: 'This course assignment does not exist (any more).',
  // Workshops (issue 21, item 13)
  WORKSHOP_NOT_FOUND: 'This workshop does not exist (any more).',
  FORBIDDEN_MANAGE_WORKSHOPS: 'You do not have permission to schedule or manage workshops.',
  WORKSHOP_IN_PAST: 'The workshop would start in the past. Choose a later date or time.',
  WORKSHOP_NO_PLACE: 'Give a place, an online link, or both.',
  WORKSHOP_NO_AUDIENCE: 'Nobody matches this audience. Choose whom to invite.',
  WORKSHOP_OVER_CAPACITY:
    '{{invited}} people would be invited but there are {{capacity}} places. Raise the capacity or narrow the audience.',
  WORKSHOP_FULL: 'Every place of this workshop is taken.',
  WORKSHOP_CANCELLED: 'This workshop was cancelled.',
  WORKSHOP_ENDED: 'This workshop has ended.',
  WORKSHOP_NOT_STARTED: 'Attendance can be marked from 15 minutes before the start.',
  ALREADY_CHECKED_IN: 'Your attendance is recorded already.',
  CHECK_IN_CLOSED: 'The code is accepted only during the session (from 15 minutes before it starts).',
  WORKSHOP_CODE_WRONG: 'That is not this session’s code. Check the code shown at the session.',
  DATES_REVERSED: 'The period ends before it starts.',
  ITEM_LOCKED: 'Finish the lessons and quizzes before this one first.',
  VIDEO_NOT_WATCHED: 'Watch at least {{share}}% of every video of this lesson first ({{count}} left).',
  READING_TIME_NOT_REACHED: 'Take the time to read this lesson: you can complete it in {{seconds}} seconds.',
  NOT_A_LESSON: 'A quiz is completed by passing it, a SCORM lesson by finishing it.',
  QUIZ_ALREADY_PASSED: 'You have already passed this quiz.',
  NO_ATTEMPTS_LEFT: 'You have used every attempt at this quiz. Ask your administrator for another.',
  ATTEMPT_ALREADY_SUBMITTED: 'This attempt was submitted from another window. Reload the quiz.',
  IDEMPOTENCY_KEY_REQUIRED: 'The answers could not be sent. Reload the page and try again.',
  IDEMPOTENCY_KEY_REUSED: 'The answers could not be sent. Reload the page and try again.',
  SCORM_STATE_TOO_LARGE: 'The SCORM lesson’s saved state is larger than 64 KB.',
  SCORM_STATE_INVALID: 'The SCORM lesson sent a state that is not valid.',
  USE_UPLOAD_URL: 'Upload the file to the address given when the upload was started.',
  UPLOAD_MISSING: 'The file has not arrived yet. Upload it, then confirm.',
  TOO_MANY_FILES: 'Send one file at a time.',
  BAD_UPLOAD: 'The upload could not be read. Try again.',
  NOT_AN_IMAGE: 'Upload a PNG, JPEG or WebP image.',
  IMAGE_TOO_LARGE: 'The image is {{width}} × {{height}} pixels; use one of at most {{megapixels}} megapixels.',
  VIDEO_LENGTH_UNKNOWN:
    'The length of this video cannot be read from the file. Export it again as MP4 or WebM (most editors and converters write the length), then upload it.',
  BAD_IMAGE: 'The image could not be read; it may be damaged or too large.',
  NOT_A_SPREADSHEET:
    'This file is not a CSV (UTF-8 text) or XLSX spreadsheet. Save it from your spreadsheet program as CSV UTF-8 or Excel Workbook (.xlsx).',
  MALFORMED_CSV: 'The CSV file cannot be read: check its quotes and separators.',
  TOO_MANY_ROWS: 'The file has more than {{limit}} rows. Split it into smaller files.',
  TOO_MANY_COLUMNS: 'A row has more than {{limit}} columns. Keep only the columns with the people’s details.',
  TOO_MANY_CELLS: 'The file has too many cells. Keep only the columns with the people’s details, or split the file.',
  TOO_MUCH_TEXT: 'The file has too much text. Keep only the columns with the people’s details, or split the file.',
  SPREADSHEET_TOO_LARGE: 'The workbook is too large. Keep only the sheet with the people, or split the file.',
  SPREADSHEETS_BUSY: 'The server is reading other spreadsheets: send the file again in a few seconds.',
  // Bulk files: the whole file, then each row's problem
  BULK_NOTHING_SENT: 'Rows with errors: {{count}}. Nothing was sent: correct them and upload the file again.',
  BULK_NOTHING_CREATED: 'Rows with errors: {{count}}. Nothing was created: correct them and upload the file again.',
  DELETE_FILE_REFUSED:
    'Nothing was deleted: rows that name no user you can delete: {{count}}. Correct the file and upload it again.',
  ROW_BAD_CHARACTER: 'Contains a character that is not allowed',
  ROW_BAD_EMAIL: 'Not an email address',
  LANGUAGE_NOT_OFFERED: 'This language is not offered in this workspace. Choose one of the languages it offers.',
  PHONE_INVALID: 'Enter a phone number such as {{example}}, or start with + and the country code.',
  ROW_BAD_PHONE: 'Not a phone number; write it like {{example}}',
  ROW_EMAIL_OR_PHONE: 'Give an email address or a phone number',
  ROW_FIRST_NAME_MISSING: 'Enter the first name',
  ROW_TOO_LONG: 'At most {{max}} characters',
  ROW_BAD_ROLE: 'Role must be Employee, Business unit admin, Employer or Workspace admin',
  ROW_UNKNOWN_UNIT: 'No business unit has this name',
  ROW_OUTSIDE_UNIT: 'You administer only your own business unit',
  ROW_UNIT_MISSING: 'Name the business unit',
  ROW_UNKNOWN_DEPARTMENT: 'No department of {{unit}} has this name',
  ROW_BAD_DATE: 'Use a date in the form YYYY-MM-DD',
  ROW_BAD_DATE_IN: 'Use a date in the form DD/MM/YYYY or YYYY-MM-DD',
  ROW_DUPLICATE: 'Appears already in row {{row}}',
  ROW_SAME_PERSON: 'Is the same person as row {{row}}',
  ROW_PHONE_TAKEN: 'Another account uses this phone number; leave it out or correct it',
  ROW_NO_IDENTIFIER: 'Give an email, username or employee ID',
  ROW_NO_USER_EMAIL: 'No user has this email',
  ROW_NO_USER_USERNAME: 'No user has this username',
  ROW_NO_USER_EMPLOYEEID: 'No user has this employee ID',
  ROW_SEVERAL_USERS: 'Several users ({{count}}) have this employee ID; name them by email or username',
  ROW_SAME_USER: 'Names the same user as row {{row}}',
  ROW_LAST_ADMIN: 'Would remove the last active workspace admin; make someone else a workspace admin first',
  // The platform
  FEATURE_FLAG_EXISTS: 'A feature flag named "{{name}}" already exists.',
  FEATURE_FLAG_NOT_FOUND: 'The feature flag "{{name}}" was not found.',
  UNKNOWN_WORKSPACE: 'No workspace is served at {{hosts}}.',
  // SCORM packages (params.reason of SCORM_INVALID, and the player)
  SCORM_INVALID: 'This SCORM package cannot be used.',
  NO_MANIFEST: 'The package has no imsmanifest.xml at its root. Zip the package’s folder contents, not the folder.',
  BAD_MANIFEST:
    'The package’s imsmanifest.xml cannot be read (it is not valid SCORM 1.2 or 2004, or it declares a DOCTYPE).',
  TOO_MANY_ENTRIES: 'The package holds more than 5,000 files.',
  TOO_LARGE_INFLATED:
    'The package unpacks too large (at most 1 GB in all, 200 MB per file, 200 times its packed size).',
  BAD_PATH: 'The package holds a file name that is not allowed (absolute, with "..", a backslash or a link).',
  DUPLICATE_PATH: 'The package holds two files whose names differ only in upper and lower case.',
  UNSUPPORTED_COMPRESSION:
    'The package is encrypted or compressed in a way that is not supported. Zip it again with standard settings.',
  MISSING_RESOURCE: 'The package’s manifest starts a file that is not in the package.',
  DAMAGED_ARCHIVE: 'The file is not a readable zip archive.',
  SCORM_NOT_READY: 'The package is not ready to play yet.',
  PARENT_ORIGIN_MISMATCH: 'The player can only be opened from this page’s own address.',
  SCORM_LINK_EXPIRED: 'This player link has expired. Open the course again.',
  SCORM_LINK_INVALID: 'This player link is not valid. Open the course again.',
  SCORM_IMPORTS_BUSY: 'Other packages are being imported. Send the file again in a few seconds.',
  SCORM_PACKAGE_NOT_FOUND: 'The SCORM package was not found.',
  // Learning (courses)
  COURSE_INCOMPLETE: '{{count}} text(s) are still missing in the course’s main language. Complete them first.',
  VERSION_FROZEN:
    'This version is published and can no longer be changed. The page now shows the draft; make your change there.',
  COURSE_ARCHIVED: 'This course is archived: it can no longer be changed.',
  CATALOGUE_NOT_CLONABLE:
    'A catalogue course cannot be cloned: only your workspace’s own courses can. Assign it to your people with credits (it stays up to date with the law), or build a course of your own.',
  CATALOGUE_QUIZ_NOT_GRADED:
    'A catalogue quiz is graded only in a learner’s own attempt: its answers stay with the catalogue. You can read its questions here.',
  COURSE_EMPTY: 'Add at least one lesson, quiz or SCORM package before publishing.',
  QUIZ_WITHOUT_QUESTIONS: 'A quiz has no questions yet. Add questions or remove the quiz before publishing.',
  NOTHING_TO_PUBLISH: 'This course has no unpublished changes.',
  NO_DRAFT_TO_DISCARD: 'There is no draft to discard beside a published version.',
  REORDER_MISMATCH: 'The course changed meanwhile. Reload the page and move the items again.',
  LANGUAGE_NOT_IN_COURSE: 'This course is not written in that language. Add it under the course’s languages first.',
  COURSE_NOT_FOUND: 'The course was not found.',
  CERTIFICATE_NOT_FOUND: 'The certificate was not found.',
  COURSE_ITEM_NOT_FOUND: 'The lesson or quiz was not found.',
  FORBIDDEN_MANAGE_COURSES:
    'You do not have permission to create or change courses (a business unit admin cannot: courses are the whole workspace’s).',
  FORBIDDEN_MANAGE_CATALOGUE: 'You do not have permission to change the course catalogue.',
  // Quizzes
  QUESTION_KEY_INVALID: 'The question’s options or answer key do not fit its type. Check the marked fields.',
  QUIZ_QUESTION_NOT_FOUND: 'The question was not found.',
  QUIZ_OPTION_NOT_FOUND: 'The answer option was not found.',
  // Answers the browser gives itself, or the server's own failures
  NETWORK_ERROR: 'The server could not be reached. Check your connection and try again.',
  INTERNAL_ERROR: 'Something went wrong on our side. If it keeps happening, quote trace id {{traceId}}.',
  // Learning: credits, availability, jurisdictions
  NO_CREDITS:
    'Not enough credits for this course: {{balance}} left, {{needed}} needed. Request more credits under Learning → Credits; the platform operator grants them.',
  CREDIT_REQUEST_CLOSED: 'This credit request was already decided. Reload the list.',
  CREDIT_REQUEST_NOT_FOUND: 'The credit request was not found.',
  FORBIDDEN_REQUEST_CREDITS: 'You do not have permission to request course credits.',
  FORBIDDEN_ASSIGN_COURSES: 'You do not have permission to assign courses or follow learners.',
  FORBIDDEN_ACT_ON_OWN_ENROLMENT:
    'You cannot grant yourself quiz attempts, unassign yourself or retrain yourself: another administrator does that for you.',
  DUE_DATE_PAST: 'The due date is in the past. Choose today or a later date.',
  JOINING_DATES_REVERSED: 'The joining date range ends before it starts.',
  ASSIGN_FILE_INVALID:
    'Nobody was assigned: {{count}} rows of the file need correcting. Correct them and upload the file again.',
  ATTEMPTS_LIMIT_REACHED: 'This learner cannot be given more attempts on this quiz (at most {{max}} extra in all).',
  QUIZ_UNLIMITED: 'This quiz has no attempt limit: there is nothing to grant.',
  NO_ATTEMPTS_YET: 'This learner has not tried this quiz yet: no attempts are used up.',
  JURISDICTION_IN_USE:
    'This jurisdiction is still in use (by {{count}} course(s) or by jurisdictions placed under it). Remove those first.',
  JURISDICTION_EXISTS: 'A jurisdiction with the code or name "{{name}}" already exists.',
  JURISDICTION_CYCLE: 'A jurisdiction cannot be placed under one of its own parts.',
  JURISDICTION_NOT_FOUND: 'The jurisdiction was not found.',
  COURSE_NOT_PUBLISHED: 'This course is not published yet. Publish it first.',
  COURSE_NOT_AVAILABLE: 'This course is not available to the workspace any more. Make it available again first.',
  COURSE_OR_WORKSPACE_REQUIRED: 'Choose a course or a workspace.',
  WORKSPACE_REQUIRED: 'Choose a workspace.',
  // Learning: reminders and escalation
  ESCALATION_SETTING_NOT_FOUND: 'The escalation setting was not found.',
  FORBIDDEN_SEND_REMINDERS: 'You do not have permission to send course reminders or change them.',
  FORBIDDEN_MANAGE_ESCALATION: 'You do not have permission to change escalation settings.',
  ESCALATION_TARGET_NOT_MEMBER: 'The person to escalate to must be an active member of this workspace.',
};
export default en;

/** The keys every language has. */
export type ErrorTexts = Record<keyof typeof en, string>;
