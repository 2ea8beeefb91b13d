import {
  ZCaseChanged,
  ZCaseClose,
  ZCaseCounts,
  ZCasePartyAdd,
  ZCasePartyAdded,
  ZCaseStepComplete,
  ZCaseStepStart,
  ZCaseSubStatus,
  ZCaseTrail,
  ZCaseTrailVerdict,
  ZCmsIdParams,
  ZCommitteeCases,
  ZCommitteeCasesQuery,
  ZUuid,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './committee.service.ts';

/**
 * The committee's side of complaint cases (issue 26), at `/cms/api/…`: its list, running the steps,
 * its private sub-status, closing, naming parties, the trail. Who: the members of the case's
 * committee who are assigned to it and not conflicted (`case` policy, by relationship; row-level
 * security says the same). The counts: administrators holding `complaints.manage`, counts only.
 */
const tags = ['cms'];
const config = { area: 'cms', policy: 'case' } as const;
const page = { area: 'cms', policy: 'case', menu: 'COMPLAINTS' } as const;
const ZStepParams = z.object({ id: ZUuid, stepId: ZUuid });

export const committeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/committee-cases',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listCommitteeCases',
        summary:
          'The cases of the caller’s committees they are assigned to (metadata only), the overdue first, then by next deadline; counts by stage',
        querystring: ZCommitteeCasesQuery,
        response: { 200: ZCommitteeCases },
      },
    },
    async (req) => service.committeeCases(ctxOf(req), req.query),
  );
  app.get(
    '/case-counts',
    {
      config: { area: 'cms', permission: 'complaints.manage', menu: 'COMPLAINTS' },
      schema: {
        tags,
        operationId: 'getCaseCounts',
        summary:
          'Counts of the workspace’s cases by status, stage, law and whether overdue, for administrators outside the committee: never a case',
        response: { 200: ZCaseCounts },
      },
    },
    async (req) => service.caseCounts(ctxOf(req)),
  );
  app.post(
    '/case/:id/step/:stepId/start',
    {
      config,
      schema: {
        tags,
        operationId: 'startCaseStep',
        summary:
          'Start a step the law starts only on request (POSH s.10(1), s.12; Canada s.24, s.25(1)), the request having reached the committee',
        description:
          '409 `STEP_NOT_ON_REQUEST` for a step that starts by itself, `STEP_PREREQUISITES_NOT_MET`, `QUORUM_NOT_MET`, `CASE_CHANGED` (a stale `revision`).',
        params: ZStepParams,
        body: ZCaseStepStart,
        response: { 200: ZCaseChanged },
      },
    },
    async (req) => service.startStep(ctxOf(req), req.params.id, req.params.stepId, req.body),
  );
  app.post(
    '/case/:id/step/:stepId/complete',
    {
      config,
      schema: {
        tags,
        operationId: 'completeCaseStep',
        summary: 'Complete an open step; after its due date, with the reason for the delay (Canada s.35(1)(f))',
        description:
          '422 `LATE_REASON_REQUIRED` past the due date of a statutory step (or one whose workflow asks for a reason) without `lateReason`; 409 `STEP_NOT_ACTIVE`, `QUORUM_NOT_MET`, `CASE_CHANGED` (a stale `revision`). The reason is sealed in the committee’s space.',
        params: ZStepParams,
        body: ZCaseStepComplete,
        response: { 200: ZCaseChanged },
      },
    },
    async (req) => service.completeCaseStep(ctxOf(req), req.params.id, req.params.stepId, req.body),
  );
  app.post(
    '/case/:id/sub-status',
    {
      config,
      schema: {
        tags,
        operationId: 'setCaseSubStatus',
        summary: 'Set the committee’s private sub-status of a case (the parties never see it); empty clears it',
        params: ZCmsIdParams,
        body: ZCaseSubStatus,
        response: { 200: ZCaseChanged },
      },
    },
    async (req) => service.setSubStatus(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/close',
    {
      config,
      schema: {
        tags,
        operationId: 'closeCase',
        summary:
          'Close a case with an outcome of its workflow, the report, the employer’s action and its date; the POSH appeal window (s.18(2)) is tracked',
        description:
          '422 `OUTCOME_NOT_OFFERED`, `REPORT_FILE_NOT_FOUND`, `REPORT_DATE_IN_FUTURE`; 409 `CASE_NOT_OPEN`, `QUORUM_NOT_MET`. The parties are told there is news (no contents).',
        params: ZCmsIdParams,
        body: ZCaseClose,
        response: { 200: ZCaseChanged },
      },
    },
    async (req) => service.closeCase(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/party',
    {
      config,
      schema: {
        tags,
        operationId: 'addCaseParty',
        summary:
          'Name a respondent or witness (a member of the workspace); members who are then conflicted lose their access at once',
        description:
          '422 `PARTY_NOT_MEMBER`, `PARTY_IS_COMPLAINANT`; 409 `PARTY_CONFLICTS_YOU` (another member names them).',
        params: ZCmsIdParams,
        body: ZCasePartyAdd,
        response: { 200: ZCasePartyAdded },
      },
    },
    async (req) => service.addParty(ctxOf(req), req.params.id, req.body),
  );
  app.get(
    '/case/:id/trail',
    {
      config,
      schema: {
        tags,
        operationId: 'getCaseTrail',
        summary: 'The case’s trail: who read or changed what and when (ids and codes only), with its head',
        params: ZCmsIdParams,
        response: { 200: ZCaseTrail },
      },
    },
    async (req) => service.trail(ctxOf(req), req.params.id),
  );
  app.post(
    '/case/:id/trail/verify',
    {
      config,
      schema: {
        tags,
        operationId: 'verifyCaseTrail',
        summary: 'Recompute the case trail’s hash chain: intact, or the first entry that does not hold',
        params: ZCmsIdParams,
        response: { 200: ZCaseTrailVerdict },
      },
    },
    async (req) => service.verify(ctxOf(req), req.params.id),
  );
};
