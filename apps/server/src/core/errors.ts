import type { TErrorParams, TErrorResponse } from '@app/contract';

/**
 * An error the client can act on: a 4xx with a stable code, a sentence for a person (English), and
 * the parameters the web needs to say it in the reader's language (see docs/languages.md).
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: TErrorResponse['details'];
  readonly params: TErrorParams | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    opts: { details?: TErrorResponse['details']; params?: TErrorParams; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = opts.details;
    this.params = opts.params;
    this.headers = opts.headers ?? {};
  }
}

/** The things a generic 404 can be about; each is `params.reason` (`<THING>_NOT_FOUND`) for translation. */
const THINGS = {
  USER: 'The user',
  BRANCH: 'The business unit',
  DEPARTMENT: 'The department',
  WORKSPACE: 'The workspace',
  PAGE: 'This page',
  FEATURE_FLAG: 'The feature flag',
  FILE: 'The file',
  LOGO: 'The logo',
  COURSE: 'The course',
  COURSE_ITEM: 'The lesson or quiz',
  LESSON_BLOCK: 'The lesson content',
  QUIZ_QUESTION: 'The question',
  QUIZ_OPTION: 'The answer option',
  SCORM_PACKAGE: 'The SCORM package',
  JURISDICTION: 'The jurisdiction',
  CREDIT_REQUEST: 'The credit request',
  UPLOAD: 'The upload',
  CERTIFICATE: 'The certificate',
  ESCALATION_SETTING: 'The escalation setting',
  ENROLMENT: 'The course assignment',
  WORKSHOP: 'The workshop',
} as const;
export type NotFoundThing = keyof typeof THINGS;

/** What a generic 403 refuses; each is `params.reason` (`FORBIDDEN_<ACTION>`) for translation. */
const ACTIONS = {
  DEFAULT: 'do this',
  CHANGE_FEATURE_FLAGS: 'change feature flags',
  MANAGE_USERS: 'manage users',
  SEE_OTHER_UNITS: 'see users of other business units',
  MANAGE_ADMINS: 'manage administrators (a business unit admin manages employees only)',
  CHANGE_WORKSPACE_ADMIN: 'change a workspace admin',
  MOVE_USERS: 'move users to another business unit',
  MANAGE_PERMISSIONS: 'manage permissions',
  CREATE_USERS_FROM_FILE: 'create users without invitations',
  USE_OTHERS_UPLOAD_LINK: 'use an upload link made for someone else',
  ENTER_WORKSPACE: 'continue to that workspace: you are not an active member of it',
  MANAGE_UNITS: 'manage business units here',
  DEPARTMENTS_EVERYWHERE: 'create departments in every business unit',
  CHANGE_INVITATION_MAIL: 'change the workspace’s invitation mail',
  DELETE_ADMINS: 'delete administrators (a business unit admin deletes employees only)',
  DELETE_WORKSPACE_ADMIN: 'delete a workspace admin',
  MANAGE_DEPARTMENTS: 'manage departments',
  MANAGE_INVITATIONS: 'manage invitations',
  MANAGE_COURSES: 'create or change courses (a business unit admin cannot: courses are the whole workspace’s)',
  MANAGE_CATALOGUE: 'change the course catalogue',
  REQUEST_CREDITS: 'request course credits',
  SEND_REMINDERS:
    'send course reminders or change them (a business unit admin cannot: courses are the whole workspace’s)',
  MANAGE_ESCALATION: 'change escalation settings',
  ASSIGN_COURSES: 'assign courses or follow learners',
  ACT_ON_OWN_ENROLMENT:
    'grant yourself quiz attempts, unassign yourself or retrain yourself: another administrator does that for you',
  MANAGE_WORKSHOPS: 'schedule or manage workshops',
  RESET_PASSWORD_OF_PEER: 'give a one-time password to someone whose role is not lower than yours',
} as const;
export type ForbiddenAction = keyof typeof ACTIONS;

/**
 * Common errors, named once so that every route says them the same way. Each keeps its code
 * (`FORBIDDEN`, `NOT_FOUND`, `CONFLICT`, `BAD_REQUEST`) and names the case in `params.reason`.
 */
export const errors = {
  unauthorized: () => new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue.'),
  forbidden: (action: ForbiddenAction = 'DEFAULT') =>
    new AppError(403, 'FORBIDDEN', `You do not have permission to ${ACTIONS[action]}.`, {
      params: { reason: action === 'DEFAULT' ? 'FORBIDDEN' : `FORBIDDEN_${action}` },
    }),
  notFound: (thing: NotFoundThing, params: TErrorParams = {}) =>
    new AppError(404, 'NOT_FOUND', `${THINGS[thing]}${params.name ? ` "${params.name}"` : ''} was not found.`, {
      params: { reason: `${thing}_NOT_FOUND`, ...params },
    }),
  /** 409; `reason` is the case's stable code, `params` the values its sentence names. */
  conflict: (reason: string, message: string, params: TErrorParams = {}) =>
    new AppError(409, 'CONFLICT', message, { params: { reason, ...params } }),
  badRequest: (reason: string, message: string, details?: TErrorResponse['details'], params: TErrorParams = {}) =>
    new AppError(400, 'BAD_REQUEST', message, { params: { reason, ...params }, ...(details ? { details } : {}) }),
};
