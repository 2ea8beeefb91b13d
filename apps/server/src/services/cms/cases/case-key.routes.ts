import { ZCaseKeyRecover, ZCaseKeyRecovered, ZCaseKeyStatus, ZCaseKeyUnlock, ZCaseKeyUnlocked } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './case-key.service.ts';

/**
 * The caller's own key for confidential cases (docs/cases-security.md §3), at `/cms/api/case-key/…`.
 * Who: every signed-in member, for their own key only (`case key` policy).
 */
const tags = ['cms'];
const config = { area: 'cms', policy: 'case key' } as const;

export const caseKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/case-key/status',
    {
      config,
      schema: {
        tags,
        operationId: 'getCaseKeyStatus',
        summary:
          'Whether the caller has set up their key for confidential cases, with which secret, and whether it is open now',
        response: { 200: ZCaseKeyStatus },
      },
    },
    async (req) => service.status(ctxOf(req)),
  );
  app.post(
    '/case-key/unlock',
    {
      config,
      schema: {
        tags,
        operationId: 'unlockCaseKey',
        summary:
          'Open the caller’s key for this session (set it up the first time: the recovery code is answered once)',
        description:
          'The secret is the sign-in password (checked), or a case passphrase of at least 10 characters for members who sign in without one. 403 `KEYSTORE_SECRET_WRONG`; 429 after 10 wrong secrets in 15 minutes.',
        body: ZCaseKeyUnlock,
        response: { 200: ZCaseKeyUnlocked },
      },
    },
    async (req) => service.open(ctxOf(req), req.body.secret),
  );
  app.post(
    '/case-key/recover',
    {
      config,
      schema: {
        tags,
        operationId: 'recoverCaseKey',
        summary: 'Replace a lost secret with the recovery code; a new recovery code is answered',
        body: ZCaseKeyRecover,
        response: { 200: ZCaseKeyRecovered },
      },
    },
    async (req) => service.recoverWithCode(ctxOf(req), req.body.recoveryCode, req.body.newSecret),
  );
  app.post(
    '/case-key/start-over',
    {
      config,
      schema: {
        tags,
        operationId: 'startCaseKeyOver',
        summary:
          'Lost both the secret and the recovery code: a new key (what was sealed to the old one reaches you again when a committee member next opens each case)',
        body: ZCaseKeyUnlock,
        response: { 200: ZCaseKeyRecovered },
      },
    },
    async (req) => service.restart(ctxOf(req), req.body.secret),
  );
  app.post(
    '/case-key/lock',
    {
      config,
      schema: {
        tags,
        operationId: 'lockCaseKey',
        summary: 'Close the caller’s key for this session',
        response: { 200: z.object({ unlocked: z.literal(false) }) },
      },
    },
    async (req) => service.close(ctxOf(req)),
  );
};
