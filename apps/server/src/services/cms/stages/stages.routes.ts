import {
  ZActionSettings,
  ZCmsActionParams,
  ZCmsIdParams,
  ZCmsStepParams,
  ZMeetingFieldAdd,
  ZMeetingFieldList,
  ZMeetingFieldUpdate,
  ZPrerequisiteAdd,
  ZPrerequisiteList,
  ZPrerequisiteUpdate,
  ZStageCreate,
  ZStageUpdate,
  ZStep,
  ZStepActionAdd,
  ZStepCreate,
  ZStepSettings,
  ZStepUpdate,
  ZWorkflowBuilder,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './stages.service.ts';

/**
 * Stages of redressal (issue 25): stages, steps, step settings, prerequisites, meeting fields and
 * actions of a workflow's draft, at `/cms/api/…`. `workflows.manage` within the workflow's business
 * unit (workflows.policy.ts); every change answers the whole builder (`ZWorkflowBuilder`) and is
 * refused on a published workflow (409 `WORKFLOW_NOT_DRAFT`).
 */
const tags = ['cms'];
const config = { area: 'cms', menu: 'WORKFLOWS', policy: 'workflow' } as const;
const builder = { 200: ZWorkflowBuilder };

export const stageRoutes: FastifyPluginAsyncZod = async (app) => {
  // --- stages ---
  app.post(
    '/stage/create',
    {
      config,
      schema: {
        tags,
        operationId: 'createWorkflowStage',
        summary: 'Add a stage of redressal to a workflow’s draft (at `position`, else last)',
        body: ZStageCreate,
        response: builder,
      },
    },
    async (req) => service.createStage(ctxOf(req), req.body),
  );
  app.post(
    '/stage/update/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateWorkflowStage',
        summary: 'Rename or move a stage; the other stages are renumbered',
        params: ZCmsIdParams,
        body: ZStageUpdate,
        response: builder,
      },
    },
    async (req) => service.updateStage(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/stage/delete/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteWorkflowStage',
        summary: 'Remove a stage with its steps',
        description:
          'Refused with 409 `STAGE_HOLDS_STATUTORY_STEP` (`params.reference`, `params.stepKey`) while it holds a template’s statutory step, and with 409 `STEP_IS_ANCHOR` while a step of another stage counts its deadline from one of its steps.',
        params: ZCmsIdParams,
        response: builder,
      },
    },
    async (req) => service.deleteStage(ctxOf(req), req.params.id),
  );

  // --- steps ---
  app.post(
    '/step/create',
    {
      config,
      schema: {
        tags,
        operationId: 'createWorkflowStep',
        summary: 'Add a MEETING or ACTION step to a stage',
        description:
          'A MEETING step starts with the spec’s meeting fields labelled in the workflow’s languages. Default settings: performed by the presiding officer (Canada: the designated recipient), no deadline, no reminders, no escalation, starts once its prerequisites are met; Canada records a reason for a missed limit; an Indian meeting has a quorum of 3 (Rule 7(7)). A `key` already used is refused with 409 `KEY_TAKEN`.',
        body: ZStepCreate,
        response: builder,
      },
    },
    async (req) => service.createStep(ctxOf(req), req.body),
  );
  app.post(
    '/step/update/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateWorkflowStep',
        summary: 'Change a step’s texts, whether it is mandatory, or its place (another stage, another position)',
        description: 'A statutory step stays mandatory (409 `STATUTORY_STEP`).',
        params: ZCmsIdParams,
        body: ZStepUpdate,
        response: builder,
      },
    },
    async (req) => service.updateStep(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/step/delete/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteWorkflowStep',
        summary: 'Remove a step with its actions, meeting fields and the prerequisites naming it',
        description:
          'A template’s statutory step is refused with 409 `STATUTORY_STEP` (`params.reference`); a step another step’s deadline counts from, with 409 `STEP_IS_ANCHOR`.',
        params: ZCmsIdParams,
        response: builder,
      },
    },
    async (req) => service.deleteStep(ctxOf(req), req.params.id),
  );
  app.get(
    '/step/details/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getWorkflowStep',
        summary: 'One step with its settings, actions, meeting fields and prerequisites',
        params: ZCmsIdParams,
        response: { 200: ZStep },
      },
    },
    async (req) => service.stepDetails(ctxOf(req), req.params.id),
  );

  // --- step settings ---
  app.post(
    '/step-setting/:stepId',
    {
      config,
      schema: {
        tags,
        operationId: 'saveWorkflowStepSettings',
        summary: 'Set who performs a step, its deadline, reminders, escalation, how it starts and its quorum (partial)',
        description:
          'Refused: a due rule anchored on the step itself or on a step not in the workflow (422 `ANCHOR_STEP_INVALID`), deadlines counting from each other (409 `DUE_RULE_CYCLE`), an unknown holiday calendar (422 `HOLIDAY_CALENDAR_UNKNOWN`), on a statutory step another anchor (409 `STATUTORY_ANCHOR_FIXED`) or a later deadline than the law allows (409 `STATUTORY_DEADLINE_LATER` with `params.reference`, `maxOffset`, `unit`), the designated recipient outside Canada (422 `PERFORMER_NOT_FOR_JURISDICTION`), a quorum on an action step (422 `QUORUM_MEETINGS_ONLY`).',
        params: ZCmsStepParams,
        body: ZStepSettings,
        response: builder,
      },
    },
    async (req) => service.saveStepSettings(ctxOf(req), req.params.stepId, req.body),
  );

  // --- prerequisites ---
  app.get(
    '/workflow-prerequisite/get/:stepId',
    {
      config,
      schema: {
        tags,
        operationId: 'getWorkflowPrerequisites',
        summary: 'The steps a step waits for',
        params: ZCmsStepParams,
        response: { 200: ZPrerequisiteList },
      },
    },
    async (req) => service.prerequisitesOf(ctxOf(req), req.params.stepId),
  );
  app.post(
    '/workflow-prerequisite/add',
    {
      config,
      schema: {
        tags,
        operationId: 'addWorkflowPrerequisite',
        summary: 'Make a step wait for another step of the same workflow (completed, or started)',
        description:
          'Refused: a step of another workflow (422 `PREREQUISITE_OTHER_WORKFLOW`), the step itself (422 `PREREQUISITE_SELF`), a pair already there (409 `PREREQUISITE_EXISTS`), and a prerequisite that would close a cycle (409 `PREREQUISITE_CYCLE`, `params.cycle` the step keys around it).',
        body: ZPrerequisiteAdd,
        response: builder,
      },
    },
    async (req) => service.addPrerequisite(ctxOf(req), req.body),
  );
  app.post(
    '/workflow-prerequisite/update/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateWorkflowPrerequisite',
        summary: 'Change the step a prerequisite waits for, or its condition',
        description: 'Checked as on add (409 `PREREQUISITE_CYCLE`).',
        params: ZCmsIdParams,
        body: ZPrerequisiteUpdate,
        response: builder,
      },
    },
    async (req) => service.updatePrerequisite(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/workflow-prerequisite/remove/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'removeWorkflowPrerequisite',
        summary: 'Remove a prerequisite',
        params: ZCmsIdParams,
        response: builder,
      },
    },
    async (req) => service.removePrerequisite(ctxOf(req), req.params.id),
  );

  // --- meeting fields ---
  app.get(
    '/meeting-fields/all/:stepId',
    {
      config,
      schema: {
        tags,
        operationId: 'getWorkflowMeetingFields',
        summary: 'A meeting step’s fields in order (409 `STEP_NOT_MEETING` for an action step)',
        params: ZCmsStepParams,
        response: { 200: ZMeetingFieldList },
      },
    },
    async (req) => service.meetingFieldsOf(ctxOf(req), req.params.stepId),
  );
  app.post(
    '/meeting-fields/add',
    {
      config,
      schema: {
        tags,
        operationId: 'addWorkflowMeetingField',
        summary: 'Add a custom field to a meeting step',
        description:
          'Meeting steps only (409 `STEP_NOT_MEETING`); options only on a SINGLE_SELECT field (422 `OPTIONS_NOT_ALLOWED`), each with its own key (422 `OPTION_KEY_TWICE`); a key the meeting already has: 409 `KEY_TAKEN`.',
        body: ZMeetingFieldAdd,
        response: builder,
      },
    },
    async (req) => service.addMeetingField(ctxOf(req), req.body),
  );
  app.post(
    '/meeting-fields/update/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateWorkflowMeetingField',
        summary: 'Change a meeting field’s label, whether it is mandatory, its options or its position',
        description: 'The spec’s required meeting fields stay mandatory (409 `MEETING_FIELD_REQUIRED`).',
        params: ZCmsIdParams,
        body: ZMeetingFieldUpdate,
        response: builder,
      },
    },
    async (req) => service.updateMeetingField(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/meeting-fields/remove/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'removeWorkflowMeetingField',
        summary: 'Remove a meeting field (the spec’s required ones cannot be: 409 `MEETING_FIELD_REQUIRED`)',
        params: ZCmsIdParams,
        response: builder,
      },
    },
    async (req) => service.removeMeetingField(ctxOf(req), req.params.id),
  );

  // --- actions ---
  app.post(
    '/step/action/add',
    {
      config,
      schema: {
        tags,
        operationId: 'addWorkflowStepAction',
        summary: 'Add an action to an action step, with its settings or without (set later)',
        description:
          'Action steps only (409 `STEP_NOT_ACTION`); `settings.type` must be the action’s type (422 `ACTION_SETTINGS_TYPE`).',
        body: ZStepActionAdd,
        response: builder,
      },
    },
    async (req) => service.addAction(ctxOf(req), req.body),
  );
  app.delete(
    '/step/action/remove/:actionId',
    {
      config,
      schema: {
        tags,
        operationId: 'removeWorkflowStepAction',
        summary: 'Remove an action (a statutory step’s cannot be: 409 `STATUTORY_ACTION`)',
        params: ZCmsActionParams,
        response: builder,
      },
    },
    async (req) => service.removeAction(ctxOf(req), req.params.actionId),
  );
  app.post(
    '/workflow-action-setting/:actionId',
    {
      config,
      schema: {
        tags,
        operationId: 'saveWorkflowActionSettings',
        summary: 'Set an action’s settings (their `type` must be the action’s: 422 `ACTION_SETTINGS_TYPE`)',
        params: ZCmsActionParams,
        body: ZActionSettings,
        response: builder,
      },
    },
    async (req) => service.saveActionSettings(ctxOf(req), req.params.actionId, req.body),
  );
};
