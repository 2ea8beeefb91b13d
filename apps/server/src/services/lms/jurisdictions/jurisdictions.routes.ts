import {
  ZHolidayCalendarList,
  ZJurisdiction,
  ZJurisdictionDeleted,
  ZJurisdictionIdParams,
  ZJurisdictionInput,
  ZJurisdictionListQuery,
  ZJurisdictionPage,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './jurisdictions.service.ts';

/** Jurisdictions (spec §7 "Learning (LMS)"): the operator keeps them; workspaces read them. */
const lms = { area: 'lms', policy: 'jurisdictions' } as const;
const operator = { area: 'lms', host: 'platform', policy: 'jurisdiction' } as const;
const tags = ['lms'];

export const jurisdictionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jurisdiction/all',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'listJurisdictionsAdmin',
        summary: 'One page (20) of jurisdictions, sorted by name, code or newest (operator)',
        querystring: ZJurisdictionListQuery,
        response: { 200: ZJurisdictionPage },
      },
    },
    async (req) => service.listForOperator(ctxOf(req), req.query),
  );
  app.post(
    '/admin/jurisdiction/create',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'createJurisdiction',
        summary: 'Add a jurisdiction (operator); 409 JURISDICTION_EXISTS for a code or name in use',
        body: ZJurisdictionInput,
        response: { 200: ZJurisdiction },
      },
    },
    async (req) => service.createJurisdiction(ctxOf(req), req.body),
  );
  app.post(
    '/admin/jurisdiction/update/:id',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'updateJurisdiction',
        summary: 'Change a jurisdiction’s code, name, country or parent (operator)',
        params: ZJurisdictionIdParams,
        body: ZJurisdictionInput,
        response: { 200: ZJurisdiction },
      },
    },
    async (req) => service.updateJurisdiction(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/admin/jurisdiction/delete/:id',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'deleteJurisdiction',
        summary: 'Delete a jurisdiction (operator); 409 JURISDICTION_IN_USE while a course is tagged with it',
        params: ZJurisdictionIdParams,
        response: { 200: ZJurisdictionDeleted },
      },
    },
    async (req) => service.deleteJurisdiction(ctxOf(req), req.params.id),
  );
  app.get(
    '/admin/holiday-calendar/all',
    {
      config: { area: 'lms', host: 'platform', policy: 'jurisdictions' },
      schema: {
        tags,
        operationId: 'listHolidayCalendarsAdmin',
        summary:
          'Every holiday calendar with its holiday count and complete years, to give a jurisdiction one (operator)',
        response: { 200: ZHolidayCalendarList },
      },
    },
    async (req) => service.listHolidayCalendars(ctxOf(req)),
  );
  app.get(
    '/jurisdiction/all',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'listJurisdictions',
        summary: 'One page (20) of jurisdictions, read-only (learning.view)',
        querystring: ZJurisdictionListQuery,
        response: { 200: ZJurisdictionPage },
      },
    },
    async (req) => service.listForWorkspace(ctxOf(req), req.query),
  );
};
