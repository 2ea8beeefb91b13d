import {
  ZEscalationRecipients,
  ZEscalationRecipientsQuery,
  ZEscalationSetting,
  ZEscalationSettingIdParams,
  ZEscalationSettingList,
  ZEscalationSettingListQuery,
  ZEscalationSettingSave,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../core/context.ts';
import * as service from './escalation.service.ts';

/**
 * The workspace's escalation settings, on the main API (`/api/escalation-setting/…`): who hears of
 * overdue work at the first and second thresholds (days after the due date).
 */
const tags = ['settings'];

export const escalationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/escalation-setting/all',
    {
      config: { policy: 'escalation setting' },
      schema: {
        tags,
        operationId: 'listEscalationSettings',
        summary:
          'The workspace’s escalation settings: its default and each business unit’s (settings.manage, or courses.manage for the whole workspace)',
        querystring: ZEscalationSettingListQuery,
        response: { 200: ZEscalationSettingList },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );
  app.get(
    '/escalation-setting/recipients',
    {
      config: { policy: 'escalation setting' },
      schema: {
        tags,
        operationId: 'listEscalationRecipients',
        summary:
          'Who an overdue course would actually reach, per business unit and department, and where nobody would be told (settings.manage, or courses.manage for the whole workspace)',
        querystring: ZEscalationRecipientsQuery,
        response: { 200: ZEscalationRecipients },
      },
    },
    async (req) => service.recipients(ctxOf(req), req.query),
  );
  app.post(
    '/escalation-setting/save',
    {
      config: { policy: 'escalation setting' },
      schema: {
        tags,
        operationId: 'saveEscalationSetting',
        summary:
          'Create or replace the escalation setting of a type and business unit (null: the workspace’s default); thresholds in days after the due date, second ≥ first',
        body: ZEscalationSettingSave,
        response: { 200: ZEscalationSetting },
      },
    },
    async (req) => service.save(ctxOf(req), req.body),
  );
  app.delete(
    '/escalation-setting/:id',
    {
      config: { policy: 'escalation setting' },
      schema: {
        tags,
        operationId: 'deleteEscalationSetting',
        summary: 'Delete an escalation setting (a business unit then follows the workspace’s default)',
        params: ZEscalationSettingIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => {
      await service.remove(ctxOf(req), req.params.id);
      return { deleted: true as const };
    },
  );
};
