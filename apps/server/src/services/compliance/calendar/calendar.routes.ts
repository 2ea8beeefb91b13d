import { ZCalendar, ZCalendarFeed, ZCalendarFeedState, ZCalendarFeedTokenParams, ZCalendarQuery } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './calendar.service.ts';

/**
 * The register's calendar at `/lms/api/compliance/calendar…` (issue 24): the month and list views'
 * data, and a personal ICS feed (titles and due dates only) behind a token shown once.
 */
const tags = ['compliance-register'];
const own = { area: 'compliance', host: 'workspace', policy: 'compliance calendar', menu: 'COMPLIANCE' } as const;

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/compliance/calendar',
    {
      config: { ...own, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'getComplianceCalendar',
        summary:
          'The caller’s occurrences due between two dates (what they own or review; all they reach for a register manager), for the month and list views',
        querystring: ZCalendarQuery,
        response: { 200: ZCalendar },
      },
    },
    async (req) => service.calendar(ctxOf(req), req.query),
  );
  app.get(
    '/compliance/calendar/feed',
    {
      config: { ...own, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'getComplianceCalendarFeed',
        summary: 'Whether the caller has a calendar feed address, and since when (never the address itself)',
        response: { 200: ZCalendarFeedState },
      },
    },
    async (req) => service.feedState(ctxOf(req)),
  );
  app.post(
    '/compliance/calendar/feed',
    {
      config: { ...own, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'createComplianceCalendarFeed',
        summary: 'A new calendar feed address for the caller (shown once); the previous one stops working',
        response: { 200: ZCalendarFeed },
      },
    },
    async (req) => service.createFeed(ctxOf(req)),
  );
  app.delete(
    '/compliance/calendar/feed',
    {
      config: { ...own, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'revokeComplianceCalendarFeed',
        summary: 'Stop the caller’s calendar feed address',
        response: { 200: ZCalendarFeedState },
      },
    },
    async (req) => service.revokeFeed(ctxOf(req)),
  );
  app.get(
    '/compliance/calendar/feed/:token.ics',
    {
      // No session: the token is the credential, valid on its own workspace's host only.
      config: { area: 'compliance', host: 'workspace', auth: 'none', public: true, menu: 'COMPLIANCE' },
      schema: {
        tags,
        operationId: 'complianceCalendarFeedIcs',
        summary:
          'A person’s register as an iCalendar feed (RFC 5545): titles and due dates only; the token from createComplianceCalendarFeed',
        params: ZCalendarFeedTokenParams,
        otherResponses: { 200: { description: 'compliance.ics (RFC 5545)', mediaType: 'text/calendar' } },
      },
    },
    async (req, reply) => {
      const body = await service.feed(ctxOf(req), req.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="compliance.ics"')
        .send(body);
    },
  );
};
