/** A well-formed id that names nothing (the case routes answer 404 for it once the input is valid). */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Following a case (issue 26): the bad-input entries of `follow.routes.ts`, spread into `ROUTES`.
 * Valid bodies name no case: the admin, related to none, gets 404 once the input is checked. Typed
 * where it is spread (`ROUTES`), so that this file does not import the table back.
 */
export const FOLLOW_ROUTES = {
  'GET /cms/api/case/:id': { input: 'params' as const, caller: 'admin' as const },
  'POST /cms/api/case/:id/message': {
    input: 'body' as const,
    caller: 'admin' as const,
    url: `/cms/api/case/${NO_SUCH_ID}/message`,
    valid: { body: 'Hello', to: 'COMPLAINANT', fileIds: [] },
    wrongTypes: [
      { body: 7 },
      { body: 'Hello', to: 'EVERYONE' },
      { body: 'Hello', fileIds: ['x'] },
      { body: 'Hello', fileIds: NO_SUCH_ID },
      { body: 'Hello', extra: true },
    ],
    missing: [{}, { body: '' }, { body: '   ' }, { to: 'COMPLAINANT' }],
  },
  'POST /cms/api/case/:id/addition': {
    input: 'body' as const,
    caller: 'admin' as const,
    url: `/cms/api/case/${NO_SUCH_ID}/addition`,
    valid: { text: 'More information' },
    wrongTypes: [{ text: 7 }, { text: 'x', fileIds: [1] }, { text: 'x', extra: true }],
    missing: [{}, { text: '' }, { text: '  ', fileIds: [] }],
  },
  'POST /cms/api/case/:id/withdraw': {
    input: 'body' as const,
    caller: 'admin' as const,
    url: `/cms/api/case/${NO_SUCH_ID}/withdraw`,
    valid: { reason: 'I want to end it.' },
    wrongTypes: [{ reason: 7 }, { reason: ['x'] }, { reason: 'x', extra: true }],
    missing: [],
  },
  'POST /cms/api/case/:id/request': {
    input: 'body' as const,
    caller: 'admin' as const,
    url: `/cms/api/case/${NO_SUCH_ID}/request`,
    valid: { stepKey: 'CONCILIATION', text: '' },
    wrongTypes: [{ stepKey: 'lower case' }, { stepKey: 7 }, { stepKey: 'CONCILIATION', text: 7 }],
    missing: [{}, { text: 'Please' }],
  },
  'POST /cms/api/case/:id/form/:itemId': {
    input: 'body' as const,
    caller: 'admin' as const,
    url: `/cms/api/case/${NO_SUCH_ID}/form/${NO_SUCH_ID}`,
    valid: { answers: { REPLY: 'I deny it.' } },
    wrongTypes: [{ answers: 'x' }, { answers: { REPLY: null } }, { answers: {}, extra: true }],
    missing: [{}],
  },
  'GET /cms/api/case/:id/meeting/:meetingId/ics': { input: 'params' as const, caller: 'admin' as const },
};
