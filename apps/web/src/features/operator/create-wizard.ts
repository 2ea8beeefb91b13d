import {
  COUNTRY_LANGUAGES,
  COUNTRY_TIME_ZONES,
  type TCountry,
  type TCreateWorkspaceRequest,
  type TCreateWorkspaceResponse,
  type TLanguage,
} from '@app/contract';
import { isApiError } from '../../lib/api/api-error.ts';

/** The wizard's steps, in order; the last one shows everything before it is sent. */
export const WIZARD_STEPS = ['company', 'host', 'admin', 'limits', 'review'] as const;
export type TWizardStep = (typeof WIZARD_STEPS)[number];

/** What the wizard's inputs hold (strings, and null for an empty select or date). */
export type TWizardValues = {
  companyName: string;
  country: TCountry;
  timeZone: string;
  headquarterName: string;
  workspaceUrl: string;
  adminEmail: string;
  adminFirstName: string;
  adminLastName: string;
  adminLanguage: TLanguage;
  userLimit: number | '';
  contractExpiryDate: string | null;
};

export const INITIAL_WIZARD_VALUES: TWizardValues = {
  companyName: '',
  country: 'IN',
  timeZone: COUNTRY_TIME_ZONES.IN,
  headquarterName: '',
  workspaceUrl: '',
  adminEmail: '',
  adminFirstName: '',
  adminLastName: '',
  adminLanguage: 'en',
  userLimit: '',
  contractExpiryDate: null,
};

/** The request's fields each step asks for: a refused field sends the wizard back to its step. */
export const STEP_FIELDS: Record<TWizardStep, readonly (keyof TWizardValues)[]> = {
  company: ['companyName', 'country', 'timeZone', 'headquarterName'],
  host: ['workspaceUrl'],
  admin: ['adminEmail', 'adminFirstName', 'adminLastName', 'adminLanguage'],
  limits: ['userLimit', 'contractExpiryDate'],
  review: [],
};

/** The step that asks for `field` (the review step for anything else). */
export function stepOfField(field: string): TWizardStep {
  return WIZARD_STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(field)) ?? 'review';
}

/** The languages a first admin in `country` can be invited in (English first). */
export function invitationLanguages(country: TCountry): readonly TLanguage[] {
  return COUNTRY_LANGUAGES[country];
}

/** The values after choosing a country: its time zone, and a language it offers. */
export function withCountry(values: TWizardValues, country: TCountry): TWizardValues {
  const languages = invitationLanguages(country);
  return {
    ...values,
    country,
    timeZone: COUNTRY_TIME_ZONES[country],
    adminLanguage: languages.includes(values.adminLanguage) ? values.adminLanguage : 'en',
  };
}

/**
 * A host for a company on the platform's domain: `Initech Ltd.` on `example.com` →
 * `initech-ltd.example.com` (letters without their accents, other characters as hyphens, at most
 * 40). Empty when the name has no letter or digit to make one from.
 */
export function suggestHost(companyName: string, platformHost: string): string {
  const slug = companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug ? `${slug}.${platformHost.toLowerCase()}` : '';
}

/** A host as typed, ready to check: trimmed, lower case, without `https://`, a path or a trailing dot. */
export function normalizeHost(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

/** The request the wizard sends: trimmed, empty optional fields left out. */
export function toCreateRequest(v: TWizardValues): TCreateWorkspaceRequest {
  return {
    companyName: v.companyName.trim(),
    workspaceUrl: normalizeHost(v.workspaceUrl),
    country: v.country,
    timeZone: v.timeZone,
    ...(v.headquarterName.trim() ? { headquarterName: v.headquarterName.trim() } : {}),
    adminEmail: v.adminEmail.trim(),
    adminFirstName: v.adminFirstName.trim(),
    ...(v.adminLastName.trim() ? { adminLastName: v.adminLastName.trim() } : {}),
    adminLanguage: v.adminLanguage,
    userLimit: v.userLimit === '' ? null : v.userLimit,
    contractExpiryDate: v.contractExpiryDate,
  };
}

/**
 * The field a server refusal is about, from its code where it has no per-field details
 * (`WORKSPACE_HOST_TAKEN` → the host, an e-mail clash → the admin's address); null for the page's alert.
 */
export function fieldOfErrorCode(code: string): keyof TWizardValues | null {
  if (/HOST|URL|DOMAIN/.test(code)) return 'workspaceUrl';
  if (/EMAIL|ADMIN_ACCOUNT|ALREADY_INVITED/.test(code)) return 'adminEmail';
  if (/USER_LIMIT/.test(code)) return 'userLimit';
  if (/CONTRACT|EXPIRY/.test(code)) return 'contractExpiryDate';
  if (/TIME_?ZONE/.test(code)) return 'timeZone';
  if (/COMPANY/.test(code)) return 'companyName';
  return null;
}

/** A new idempotency key (a random UUID). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Sends the wizard's request with an `Idempotency-Key` made once per wizard: a double click shares
 * the request in flight, and a retry after a lost answer (network, 5xx) sends the same key, so the
 * server answers the first result rather than creating a second workspace. Only when the server
 * refused the request (a 4xx: nothing was created) and the operator then changed it is a new key
 * taken, so the corrected request is not answered with the old refusal.
 */
export function createWizardSubmission(
  send: (body: TCreateWorkspaceRequest, idempotencyKey: string) => Promise<TCreateWorkspaceResponse>,
  makeKey: () => string = newIdempotencyKey,
) {
  let key = makeKey();
  let refusedBody: string | null = null;
  let inFlight: { body: string; promise: Promise<TCreateWorkspaceResponse> } | null = null;
  let created: TCreateWorkspaceResponse | null = null;

  return {
    get key() {
      return key;
    },
    submit(body: TCreateWorkspaceRequest): Promise<TCreateWorkspaceResponse> {
      if (created) return Promise.resolve(created);
      const json = JSON.stringify(body);
      if (inFlight) return inFlight.promise;
      if (refusedBody !== null && refusedBody !== json) key = makeKey();
      refusedBody = null;
      const promise = send(body, key).then(
        (result) => {
          created = result;
          inFlight = null;
          return result;
        },
        (error: unknown) => {
          inFlight = null;
          if (
            isApiError(error) &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 408 &&
            error.status !== 429
          )
            refusedBody = json;
          throw error;
        },
      );
      inFlight = { body: json, promise };
      return promise;
    },
  };
}
