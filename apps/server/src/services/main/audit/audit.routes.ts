import { ZAuditExportQuery, ZAuditListRequest, ZAuditPage, ZPageQuery } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './audit.service.ts';

const guarded = { host: 'workspace', permission: 'audit.view', menu: 'AUDIT_LOG' } as const;

/** The workspace's audit log, as its administrators read it (WORKSPACE_ADMIN and EMPLOYER). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/audit',
    {
      config: { ...guarded, duringContractExpiry: true },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditLog',
        summary: 'One page of the workspace’s audit log, newest first, filtered by person, action and dates',
        querystring: ZPageQuery,
        body: ZAuditListRequest,
        response: { 200: ZAuditPage },
      },
    },
    async (req) => service.listAuditLog(ctxOf(req), req.query, req.body),
  );
  app.get(
    '/audit/export',
    {
      config: guarded,
      schema: {
        tags: ['audit'],
        operationId: 'exportAuditLog',
        summary: 'The matching entries as a CSV or XLSX file (streamed); the export itself is audited',
        querystring: ZAuditExportQuery,
        otherResponses: {
          200: { description: 'audit-log-<date>.csv or .xlsx', mediaType: 'text/csv' },
        },
      },
    },
    async (req, reply) => {
      const file = await service.exportAuditLog(ctxOf(req), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
