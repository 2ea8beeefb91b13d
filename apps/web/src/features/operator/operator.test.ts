import { ZCreateWorkspaceRequest } from '@app/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api/api-client.ts';
import { createMemoryStorage, createTokenStore } from '../../lib/auth-token.store.ts';
import { contractErrors, showServerErrors } from '../common/contract-form.ts';
import {
  createWizardSubmission,
  fieldOfErrorCode,
  INITIAL_WIZARD_VALUES,
  normalizeHost,
  stepOfField,
  suggestHost,
  toCreateRequest,
  withCountry,
} from './create-wizard.ts';
import { createOperatorApi } from './operator.api.ts';
import { EMPTY_LIST_FILTER, isFiltered, toListFilter } from './workspace-list.ts';
import {
  hostConfirmed,
  isPdf,
  parseUserLimit,
  parseWhitelistEntries,
  toggledMenus,
  userLimitEffect,
} from './workspace-settings.ts';

type TCall = { url: string; method: string; headers: Headers; body: unknown };

const WS = '0b7a8a5e-9d1c-4f0e-8a43-1c2d3e4f5a6b';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string, details: unknown[] = []) =>
  json(status, { status, code, message: `refused: ${code}`, details, traceId: 't' });

/** The operator's calls on a client whose `fetch` is scripted, recording what was sent. */
function setup(respond: (call: TCall, n: number) => Response | Promise<Response>) {
  const calls: TCall[] = [];
  const tokenStore = createTokenStore(createMemoryStorage());
  tokenStore.save({ accessToken: 'tok', expiresAt: '2999-01-01T00:00:00Z' });
  const client = createApiClient({
    baseUrls: { main: '/api', lms: '/lms/api', cms: '/cms/api' },
    tokenStore,
    onUnauthorized: () => {},
    fetch: async (input, init) => {
      const raw = init?.body;
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      };
      calls.push(call);
      return respond(call, calls.length);
    },
  });
  return { calls, api: createOperatorApi(client) };
}

const summary = {
  workspaceId: WS,
  companyName: 'Initech',
  workspaceUrl: 'initech.example.com',
  country: 'IN',
  timeZone: 'Asia/Kolkata',
  status: 'ACTIVE',
  members: 12,
  pendingInvitations: 2,
  userLimit: 12,
  userLimitReached: true,
  contractExpiryDate: '2027-01-31',
  contractState: 'EXPIRING',
  createdAt: '2026-01-01T00:00:00Z',
  areas: ['lms'],
  purgeAfter: null,
};
const page = (content: unknown[]) => ({
  content,
  empty: content.length === 0,
  first: true,
  last: true,
  number: 0,
  numberOfElements: content.length,
  size: 20,
  totalElements: content.length,
  totalPages: 1,
  pageable: {
    pageNumber: 0,
    pageSize: 20,
    offset: 0,
    paged: true,
    unpaged: false,
    sort: { sorted: false, unsorted: true, empty: true },
  },
  sort: { sorted: false, unsorted: true, empty: true },
});

describe('the workspace list', () => {
  it('sends only the chosen filters, and the days only with "expiring"', () => {
    expect(toListFilter('  ', EMPTY_LIST_FILTER)).toEqual({ sort: 'NAME' });
    expect(
      toListFilter(' initech ', {
        ...EMPTY_LIST_FILTER,
        country: 'CA',
        contract: 'EXPIRING',
        expiringWithinDays: 7,
        userLimitReached: true,
        status: 'SUSPENDED',
        sort: 'CONTRACT_EXPIRY',
      }),
    ).toEqual({
      q: 'initech',
      country: 'CA',
      contract: 'EXPIRING',
      expiringWithinDays: 7,
      userLimitReached: true,
      status: 'SUSPENDED',
      sort: 'CONTRACT_EXPIRY',
    });
    expect(toListFilter('', { ...EMPTY_LIST_FILTER, contract: 'EXPIRED', expiringWithinDays: 7 })).toEqual({
      contract: 'EXPIRED',
      sort: 'NAME',
    });
    expect(toListFilter('', { ...EMPTY_LIST_FILTER, contract: 'EXPIRING', expiringWithinDays: 900 })).toMatchObject({
      expiringWithinDays: 366,
    });
    expect(isFiltered('', EMPTY_LIST_FILTER)).toBe(false);
    expect(isFiltered('', { ...EMPTY_LIST_FILTER, userLimitReached: true })).toBe(true);
    expect(isFiltered('', { ...EMPTY_LIST_FILTER, sort: 'CREATED' })).toBe(false);
  });

  it('posts the filter with the page in the query and reads the paged answer', async () => {
    const { calls, api } = setup(() => json(200, page([summary])));
    const filter = toListFilter('init', { ...EMPTY_LIST_FILTER, contract: 'EXPIRING', expiringWithinDays: 30 });
    const result = await api.list({ pageNo: 2, pageSize: 20 }, filter);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/admin/workspace?pageNo=2&pageSize=20');
    expect(calls[0]?.body).toEqual({ q: 'init', contract: 'EXPIRING', expiringWithinDays: 30, sort: 'NAME' });
    expect(result.content[0]?.userLimitReached).toBe(true);
  });

  it('looks up the typeahead by name or host, encoded', async () => {
    const { calls, api } = setup(() =>
      json(200, [{ workspaceId: WS, companyName: 'Initech', workspaceUrl: 'initech.example.com' }]),
    );
    const hits = await api.search('init tech/');
    expect(calls[0]?.url).toBe('/api/workspace/search/name-url/init%20tech%2F');
    expect(hits).toHaveLength(1);
  });
});

describe('the create wizard', () => {
  const filled = {
    ...withCountry(INITIAL_WIZARD_VALUES, 'CA'),
    companyName: ' Initech Ltée ',
    workspaceUrl: 'https://Initech.Example.com/',
    adminEmail: ' asha@initech.com ',
    adminFirstName: 'Asha',
    adminLanguage: 'fr' as const,
    userLimit: 50 as const,
    contractExpiryDate: '2027-03-31',
  };

  it('defaults the zone and language from the country and suggests a host from the name', () => {
    const ca = withCountry({ ...INITIAL_WIZARD_VALUES, adminLanguage: 'hi' }, 'CA');
    expect(ca.timeZone).toBe('America/Toronto');
    expect(ca.adminLanguage).toBe('en');
    expect(withCountry({ ...ca, adminLanguage: 'fr' }, 'CA').adminLanguage).toBe('fr');
    expect(withCountry(ca, 'IN').timeZone).toBe('Asia/Kolkata');
    expect(suggestHost('Initech Ltée & Co.', 'localhost:3000')).toBe('initech-ltee-co.localhost:3000');
    expect(suggestHost('!!!', 'example.com')).toBe('');
    expect(normalizeHost(' HTTPS://Acme.Example.com/path ')).toBe('acme.example.com');
  });

  it('builds a request the contract accepts, leaving out empty optional fields', () => {
    const body = toCreateRequest(filled);
    expect(body).toEqual({
      companyName: 'Initech Ltée',
      workspaceUrl: 'initech.example.com',
      country: 'CA',
      timeZone: 'America/Toronto',
      adminEmail: 'asha@initech.com',
      adminFirstName: 'Asha',
      adminLanguage: 'fr',
      userLimit: 50,
      contractExpiryDate: '2027-03-31',
    });
    expect(ZCreateWorkspaceRequest.safeParse(body).success).toBe(true);
    expect(toCreateRequest({ ...filled, userLimit: '', contractExpiryDate: null })).toMatchObject({
      userLimit: null,
      contractExpiryDate: null,
    });
  });

  it('puts a refused field under its input and on its step', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const errors = contractErrors(
      ZCreateWorkspaceRequest,
      toCreateRequest({ ...filled, workspaceUrl: 'not a host', adminEmail: 'x' }),
      { workspaceUrl: 'hostInvalid' },
      t,
    );
    expect(errors).toMatchObject({ workspaceUrl: 'hostInvalid', adminEmail: 'forms.errors.invalid' });
    expect(stepOfField('workspaceUrl')).toBe('host');
    expect(stepOfField('adminEmail')).toBe('admin');
    expect(stepOfField('contractExpiryDate')).toBe('limits');
    expect(fieldOfErrorCode('WORKSPACE_HOST_TAKEN')).toBe('workspaceUrl');
    expect(fieldOfErrorCode('WORKSPACE_HOST_REDIRECTING')).toBe('workspaceUrl');
    expect(fieldOfErrorCode('ADMIN_EMAIL_INVALID')).toBe('adminEmail');
    expect(fieldOfErrorCode('RATE_LIMITED')).toBeNull();
  });

  it('sends one Idempotency-Key per wizard: a double click is one request and a retry after a lost answer reuses it', async () => {
    let n = 0;
    const { calls, api } = setup((_call, i) =>
      i === 1 ? error(503, 'UNAVAILABLE') : json(201, { workspaceId: WS, workspaceUrl: 'initech.example.com' }),
    );
    const wizard = createWizardSubmission(api.create, () => `key-${++n}`);
    const body = toCreateRequest(filled);
    const first = wizard.submit(body);
    const doubleClick = wizard.submit(body);
    await expect(first).rejects.toMatchObject({ status: 503 });
    await expect(doubleClick).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
    const retried = await wizard.submit(body);
    expect(retried.workspaceId).toBe(WS);
    expect(calls.map((c) => c.headers.get('Idempotency-Key'))).toEqual(['key-1', 'key-1']);
    expect(calls[1]?.url).toBe('/api/admin/workspace/create');
    expect(calls[1]?.method).toBe('POST');
    expect(calls[1]?.body).toEqual(body);
    // Created: a further click does not send again.
    await wizard.submit(body);
    expect(calls).toHaveLength(2);
  });

  it('takes a new key only when a refused request was corrected, and shows the server’s field error', async () => {
    let n = 0;
    const { calls, api } = setup((call) =>
      (call.body as { workspaceUrl: string }).workspaceUrl === 'initech.example.com'
        ? error(409, 'WORKSPACE_HOST_TAKEN', [
            {
              path: 'body.workspaceUrl',
              message: 'initech.example.com is already served',
              code: 'WORKSPACE_HOST_TAKEN',
            },
          ])
        : json(201, { workspaceId: WS, workspaceUrl: 'initech2.example.com' }),
    );
    const wizard = createWizardSubmission(api.create, () => `key-${++n}`);
    const refused = await wizard.submit(toCreateRequest(filled)).catch((e: unknown) => e);
    const shown: Record<string, string> = {};
    expect(showServerErrors({ setFieldError: (p, m) => (shown[p] = m) }, refused, ['workspaceUrl', 'adminEmail'])).toBe(
      true,
    );
    expect(shown).toEqual({ workspaceUrl: 'initech.example.com is already served' });
    // The same request again keeps its key (the server answers as before)…
    await wizard.submit(toCreateRequest(filled)).catch(() => null);
    // …a corrected one gets a new key.
    await wizard.submit(toCreateRequest({ ...filled, workspaceUrl: 'initech2.example.com' }));
    expect(calls.map((c) => c.headers.get('Idempotency-Key'))).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('asks for the live availability of the normalised host', async () => {
    const { calls, api } = setup(() => json(200, { host: 'acme.example.com', available: false, reason: 'TAKEN' }));
    const answer = await api.hostAvailability(normalizeHost('Acme.example.com'));
    expect(calls[0]?.url).toBe('/api/admin/workspace/host-availability?host=acme.example.com');
    expect(answer.reason).toBe('TAKEN');
  });
});

describe('the details page’s settings', () => {
  it('says what a new user limit does against today’s members', () => {
    expect(userLimitEffect(null, 12)).toBe('none');
    expect(userLimitEffect(10, 12)).toBe('below');
    expect(userLimitEffect(12, 12)).toBe('reached');
    expect(userLimitEffect(20, 12)).toBe('room');
    expect(parseUserLimit('')).toBeNull();
    expect(parseUserLimit(' 25 ')).toBe(25);
    expect(parseUserLimit('0')).toBeUndefined();
    expect(parseUserLimit('2.5')).toBeUndefined();
    expect(parseUserLimit(7)).toBe(7);
  });

  it('sends each confirmed change to its call with the contract’s body', async () => {
    const { calls, api } = setup((call) => {
      if (call.url.endsWith('/workspace-user-limit'))
        return json(200, {
          workspaceId: WS,
          userLimit: null,
          members: 12,
          pendingInvitations: 0,
          userLimitReached: false,
        });
      if (call.url.endsWith('/contract/expiry-date'))
        return json(200, { workspaceId: WS, contractExpiryDate: '2027-06-30', contractState: 'ACTIVE' });
      if (call.url.endsWith('/update-workspace-url'))
        return json(200, {
          workspaceId: WS,
          workspaceUrl: 'initech.example.org',
          previousUrl: 'initech.example.com',
          redirectUntil: '2027-01-01T00:00:00Z',
        });
      if (call.url.endsWith('/workspace-nav')) return json(200, { workspaceId: WS, menus: [] });
      return json(200, {});
    });
    await api.setUserLimit(WS, null);
    await api.setContractExpiry(WS, '2027-06-30');
    await api.changeHost(WS, 'initech.example.org');
    await api.setNavigation(
      WS,
      toggledMenus(
        [
          { menu: 'DASHBOARD', enabled: false },
          { menu: 'MY_LEARNING', enabled: true },
          { menu: 'USERS', enabled: true },
        ],
        'MY_LEARNING',
        false,
      ),
    );
    await api.addToWhitelist(WS, parseWhitelistEntries('Asha@Initech.com, initech.org\n@acme.com').valid);
    await api.clearAdminIpRanges(WS);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/admin/workspace-user-limit', { workspaceId: WS, userLimit: null }],
      ['PUT', '/api/admin/workspace/contract/expiry-date', { workspaceId: WS, contractExpiryDate: '2027-06-30' }],
      ['PUT', '/api/workspace/update-workspace-url', { workspaceId: WS, workspaceUrl: 'initech.example.org' }],
      [
        'POST',
        '/api/admin/workspace-nav',
        {
          workspaceId: WS,
          menus: [
            { menu: 'DASHBOARD', enabled: true },
            { menu: 'MY_LEARNING', enabled: false },
            { menu: 'USERS', enabled: true },
          ],
        },
      ],
      [
        'POST',
        '/api/admin/add-email-to-whitelist',
        { workspaceId: WS, entries: ['asha@initech.com', '@initech.org', '@acme.com'] },
      ],
      ['PUT', `/api/admin/workspace/${WS}/admin-ip-ranges`, { adminIpRanges: [] }],
    ]);
  });

  it('points at whitelist entries that are neither an address nor a domain', () => {
    expect(parseWhitelistEntries('ok@acme.com; not-a-domain, @acme.com ok@acme.com')).toEqual({
      valid: ['ok@acme.com', '@acme.com'],
      invalid: ['not-a-domain'],
    });
  });

  it('uploads a whitelist file as multipart and reads the refused rows', async () => {
    const { calls, api } = setup(() =>
      json(200, {
        workspaceId: WS,
        added: 2,
        alreadyListed: 1,
        refused: [{ row: 4, value: 'nope', message: 'Not an address' }],
      }),
    );
    const result = await api.addWhitelistFile(WS, new File(['a@b.com\n'], 'list.csv', { type: 'text/csv' }));
    const form = calls[0]?.body as FormData;
    expect(calls[0]?.url).toBe('/api/admin/add-email-to-whitelist/bulk');
    expect(form.get('workspaceId')).toBe(WS);
    expect((form.get('file') as File).name).toBe('list.csv');
    expect(result.refused).toEqual([{ row: 4, value: 'nope', message: 'Not an address' }]);
  });

  it('shows the server’s refusal of a change (the confirm dialog keeps it)', async () => {
    const { api } = setup(() => error(409, 'WORKSPACE_HOST_TAKEN'));
    await expect(api.changeHost(WS, 'globex.example.com')).rejects.toMatchObject({
      status: 409,
      code: 'WORKSPACE_HOST_TAKEN',
    });
  });
});

describe('retiring a workspace', () => {
  it('is allowed only once the host is typed exactly (case and spaces aside)', () => {
    expect(hostConfirmed('initech.example.co', 'initech.example.com')).toBe(false);
    expect(hostConfirmed(' Initech.Example.com ', 'initech.example.com')).toBe(true);
    expect(hostConfirmed('', '')).toBe(false);
  });

  it('sends the typed host with the DELETE, and restores with its own call', async () => {
    const { calls, api } = setup((call) =>
      json(200, {
        workspaceId: WS,
        status: call.method === 'DELETE' ? 'SUSPENDED' : 'ACTIVE',
        purgeAfter: call.method === 'DELETE' ? '2027-01-30T00:00:00Z' : null,
      }),
    );
    const retired = await api.retire(WS, 'initech.example.com');
    const restored = await api.restore(WS);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['DELETE', `/api/workspace/${WS}`, { confirmHost: 'initech.example.com' }],
      ['POST', `/api/admin/workspace/${WS}/restore`, undefined],
    ]);
    expect(retired).toMatchObject({ status: 'SUSPENDED', purgeAfter: '2027-01-30T00:00:00Z' });
    expect(restored.status).toBe('ACTIVE');
  });
});

describe('user manuals', () => {
  it('accepts PDFs only and uploads audience, language and file', async () => {
    expect(isPdf({ name: 'm.pdf', type: 'application/pdf' })).toBe(true);
    expect(isPdf({ name: 'M.PDF', type: '' })).toBe(true);
    expect(isPdf({ name: 'm.docx', type: 'application/msword' })).toBe(false);
    const { calls, api } = setup(() => json(200, {}));
    await api.uploadManual(new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' }), 'ADMINISTRATOR', 'hi');
    const form = calls[0]?.body as FormData;
    expect([calls[0]?.method, calls[0]?.url]).toEqual(['POST', '/api/user-manual']);
    expect([form.get('audience'), form.get('language'), (form.get('file') as File).name]).toEqual([
      'ADMINISTRATOR',
      'hi',
      'guide.pdf',
    ]);
  });
});
