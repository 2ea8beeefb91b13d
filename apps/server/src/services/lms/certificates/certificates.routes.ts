import {
  ZCertificateDownloadParams,
  ZCertificateDownloadQuery,
  ZCertificateVerification,
  ZCertificateVerifyParams,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './certificates.service.ts';

/** Certificates of completion (issue 14; docs/learning-design.md §7). */
const tags = ['lms'];

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-course-content/certificate/:enrolmentId',
    {
      config: { area: 'lms', policy: 'certificate' },
      schema: {
        tags,
        operationId: 'downloadCertificate',
        summary:
          'The certificate of a completed enrolment as a PDF (its learner, or courses.manage for the whole workspace)',
        description:
          'In the certificate’s language, with the workspace’s logo and colour, the completion date in the workspace’s time zone, the score if any and the verification code and address. `cycle` names an earlier cycle of a recurring course (default: the latest). 404 when there is no certificate or it is someone else’s.',
        params: ZCertificateDownloadParams,
        querystring: ZCertificateDownloadQuery,
        otherResponses: {
          200: { description: 'The certificate (certificate-<code>.pdf)', mediaType: 'application/pdf' },
        },
      },
    },
    async (req, reply) => {
      const { pdf, fileName } = await service.downloadCertificate(ctxOf(req), req.params.enrolmentId, req.query.cycle);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  app.get(
    '/certificate/verify/:code',
    {
      config: { host: 'any', auth: 'none', area: 'lms' },
      schema: {
        tags,
        operationId: 'verifyCertificate',
        summary: 'Checks a certificate’s verification code (public): the learner’s name, the course and the date only',
        description: '404 for an unknown code, 400 for one not of the form XXXX-XXXX-XXXX; limited per IP (429).',
        params: ZCertificateVerifyParams,
        response: { 200: ZCertificateVerification },
      },
    },
    async (req) => service.verifyCertificate(ctxOf(req), req.params.code),
  );
};
