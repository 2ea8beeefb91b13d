import {
  ZAssignableCourses,
  ZAssignableUsersPage,
  ZAssignableUsersRequest,
  ZAssignResult,
  ZAssignToUsersRequest,
  ZAttemptsExceededPage,
  ZAttemptsExceededRequest,
  ZBulkAssignFilter,
  ZBulkAssignResult,
  ZCourseExportQuery,
  ZCourseMembersPage,
  ZCourseMembersRequest,
  ZFileAssignResult,
  ZIncreaseAttemptsRequest,
  ZIncreaseAttemptsResult,
  ZUnassignRequest,
  ZUnassignResult,
  ZUserAttempts,
  ZUserAttemptsQuery,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { acceptSpreadsheetUploads, SPREADSHEET_FILE_DOC, withSpreadsheet } from '../../../core/spreadsheet-upload.ts';
import * as file from './assign-file.service.ts';
import * as service from './assignments.service.ts';
import * as attempts from './attempts.service.ts';
import * as members from './members.service.ts';

/**
 * Assigning courses and following learners (spec §7 "Learning (LMS)"; issue 14). Every route takes
 * `courses.assign`; a business unit admin works on its own unit's members only.
 */
const lms = { area: 'lms', host: 'workspace', policy: 'assignment' } as const;
const tags = ['lms'];
const SCOPE = ' Needs `courses.assign`; a business unit admin reaches the members of its own unit only.';

/** The file upload, in a plugin of its own (multipart is enabled there only). */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptSpreadsheetUploads(app);
  app.post(
    '/course/bulk-add-users',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'assignCoursesFromFile',
        summary: 'Assign courses to the people a file names (all or nothing)',
        description: `${SPREADSHEET_FILE_DOC} Row 1 names an Email or an Employee ID column. Text fields: \`courseList\` (1 to 20 course ids, separated by commas) and \`dueDate\` (YYYY-MM-DD, optional). Every row is checked first: any row that names nobody the caller can assign, or someone twice, → 400 \`ASSIGN_FILE_INVALID\` with one error per row and nobody enrolled; otherwise every course × person is enrolled in one transaction (source FILE; credits as for every assignment).${SCOPE}`,
        consumes: ['multipart/form-data'],
        response: { 200: ZFileAssignResult },
      },
    },
    async (req) =>
      withSpreadsheet(
        req,
        (received) =>
          file.assignFromFile(ctxOf(req), { path: received.file, limits: received.limits, fields: received.fields }),
        { fieldSize: 2000 },
      ),
  );
};

export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fileRoutes);
  app.post(
    '/course/assign-course-to-users',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'assignCourseToUsers',
        summary: 'Assign a course to people (source MANUAL)',
        description: `Enrols each person (already enrolled: skipped). \`dueDate\`: the end of that day in the workspace’s time zone; a day already past → 400 \`DUE_DATE_PAST\`. A catalogue course spends one credit per new enrolment, all or nothing (409 \`NO_CREDITS\`).${SCOPE}`,
        body: ZAssignToUsersRequest,
        response: { 200: ZAssignResult },
      },
    },
    async (req) => service.assignToUsers(ctxOf(req), req.body),
  );
  app.post(
    '/course/add-users',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'assignCourseByFilter',
        summary: 'Assign a course to every active member matching a filter (the bulk assign filter)',
        description: `Business unit, department, joining-date range and/or people. \`dryRun\`: answers how many match and the credits needed, writing nothing. Source FILTER.${SCOPE}`,
        body: ZBulkAssignFilter,
        response: { 200: ZBulkAssignResult },
      },
    },
    async (req) => service.assignByFilter(ctxOf(req), req.body),
  );
  app.post(
    '/course/unassign',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'unassignCourse',
        summary: 'Remove people from a course (their progress is kept)',
        description: `The enrolment ends (REMOVED). A catalogue course’s credit is given back only for a learner who had not started.${SCOPE}`,
        body: ZUnassignRequest,
        response: { 200: ZUnassignResult },
      },
    },
    async (req) => service.unassign(ctxOf(req), req.body),
  );
  app.post(
    '/course/members',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listCourseMembers',
        summary: 'A course’s learners: status, progress, attempts, score, due date; with counts per status',
        description: SCOPE.trim(),
        body: ZCourseMembersRequest,
        response: { 200: ZCourseMembersPage },
      },
    },
    async (req) => members.members(ctxOf(req), req.body),
  );
  app.get(
    '/course/members/export',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'exportCourseMembers',
        summary: 'A course’s learners as CSV (streamed)',
        description: SCOPE.trim(),
        querystring: ZCourseExportQuery,
        otherResponses: { 200: { description: '<course>-learners-<date>.csv', mediaType: 'text/csv' } },
      },
    },
    async (req, reply) => {
      const file = await members.exportMembers(ctxOf(req), req.query.courseId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.filename)}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  app.post(
    '/course/users',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listAssignableUsers',
        summary: 'Active members not enrolled in the course (the assign picker)',
        description: SCOPE.trim(),
        body: ZAssignableUsersRequest,
        response: { 200: ZAssignableUsersPage },
      },
    },
    async (req) => members.assignableUsers(ctxOf(req), req.body),
  );
  app.post(
    '/course/attempts/exceeded',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listAttemptsExceeded',
        summary: 'Learners who used every attempt of a quiz without passing it',
        description: SCOPE.trim(),
        body: ZAttemptsExceededRequest,
        response: { 200: ZAttemptsExceededPage },
      },
    },
    async (req) => attempts.attemptsExceeded(ctxOf(req), req.body),
  );
  app.get(
    '/course/user-attempts',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getUserAttempts',
        summary: 'A learner’s quiz attempts in the current cycle (number, score, passed, date; never answers)',
        description: SCOPE.trim(),
        querystring: ZUserAttemptsQuery,
        response: { 200: ZUserAttempts },
      },
    },
    async (req) => attempts.userAttempts(ctxOf(req), req.query),
  );
  app.post(
    '/course/increase/user-attempts',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'increaseUserAttempts',
        summary: 'Give a learner more attempts on a quiz (1–10 at a time, at most 100 extra in all; audited)',
        description: SCOPE.trim(),
        body: ZIncreaseAttemptsRequest,
        response: { 200: ZIncreaseAttemptsResult },
      },
    },
    async (req) => attempts.increaseAttempts(ctxOf(req), req.body),
  );
  app.get(
    '/workspace-course/all/brief',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'listAssignableCourses',
        summary: 'Every course the workspace can assign: its own published ones and the available catalogue',
        description: SCOPE.trim(),
        response: { 200: ZAssignableCourses },
      },
    },
    async (req) => service.assignableCourses(ctxOf(req)),
  );
};
