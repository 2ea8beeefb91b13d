import {
  ZCloneCourseRequest,
  ZCourseDetails,
  ZCourseDetailsQuery,
  ZCourseIdParams,
  ZCourseLanguageParams,
  ZCourseListRequest,
  ZCoursePage,
  ZCreateCourseRequest,
  ZDeleteCourseQuery,
  ZDeleteCourseResult,
  ZReorderCourseRequest,
  ZReorderResult,
  ZSetCourseLanguagesRequest,
  ZSupportedLanguages,
  ZUpdateCourseRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './courses.service.ts';

/**
 * Courses (spec §7 "Learning (LMS)"), at `/lms/api`. The operator's catalogue routes are under
 * `admin/course/…` (platform host); the rest answer on the platform host for the catalogue and on a
 * workspace host for the workspace's own courses, the service choosing (authoring-scope.ts).
 */
const lms = { area: 'lms', policy: 'course' } as const;
const operator = { area: 'lms', host: 'platform', policy: 'authoring' } as const;
const tags = ['lms'];

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/course/create',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'createCatalogueCourse',
        summary: 'Create a catalogue course (operator): version 1, a draft in its primary language',
        body: ZCreateCourseRequest,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.createCourse(ctxOf(req), req.body, true),
  );
  app.post(
    '/admin/course/all',
    {
      config: { ...operator, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listCatalogueCourses',
        summary: 'One page of the catalogue (operator), newest change first',
        body: ZCourseListRequest,
        response: { 200: ZCoursePage },
      },
    },
    async (req) => service.listCourses(ctxOf(req), req.body, true),
  );
  app.get(
    '/admin/course/supported-languages',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'listCatalogueLanguages',
        summary: 'The six course languages, with how many catalogue courses list each (operator)',
        response: { 200: ZSupportedLanguages },
      },
    },
    async (req) => service.supportedLanguages(ctxOf(req), true),
  );
  app.post(
    '/course/create',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'createCourse',
        summary: 'Create one of the workspace’s own courses (authors: courses.manage, whole workspace)',
        body: ZCreateCourseRequest,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.createCourse(ctxOf(req), req.body, false),
  );
  app.post(
    '/course/all',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listCourses',
        summary:
          'One page of courses: the workspace’s own and the catalogue courses made available to it (drafts for authors only)',
        body: ZCourseListRequest,
        response: { 200: ZCoursePage },
      },
    },
    async (req) => service.listCourses(ctxOf(req), req.body, false),
  );
  app.get(
    '/course/details/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getCourseDetails',
        summary:
          'A course in a language (else its primary, marked `fallback`): the draft for authors, the published version for learners',
        params: ZCourseIdParams,
        querystring: ZCourseDetailsQuery,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.courseDetails(ctxOf(req), req.params.id, req.query),
  );
  app.post(
    '/course/update/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'updateCourse',
        summary:
          'Change a course’s title, description (in a language) or jurisdictions; a published course gets a new draft',
        params: ZCourseIdParams,
        body: ZUpdateCourseRequest,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.updateCourse(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/course/clone',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'cloneCourse',
        summary: 'Copy a course (own, or a catalogue course available to the workspace) into a new own draft',
        body: ZCloneCourseRequest,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.cloneCourse(ctxOf(req), req.body.courseId, req.body.title),
  );
  app.delete(
    '/course/delete/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'deleteCourse',
        summary:
          'Delete a course; one with enrolments or credits is archived instead. `draftOnly=true` discards the draft only',
        params: ZCourseIdParams,
        querystring: ZDeleteCourseQuery,
        response: { 200: ZDeleteCourseResult },
      },
    },
    async (req) => service.deleteCourse(ctxOf(req), req.params.id, req.query.draftOnly === 'true'),
  );
  app.post(
    '/course/publish/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'publishCourse',
        summary:
          'Publish the draft: refused (409 COURSE_INCOMPLETE) while a text of the primary language is missing; the version is then frozen',
        params: ZCourseIdParams,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.publishCourse(ctxOf(req), req.params.id),
  );
  app.get(
    '/course/supported-languages',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'listCourseLanguages',
        summary: 'The languages a course of this workspace can be written in (its country’s)',
        response: { 200: ZSupportedLanguages },
      },
    },
    async (req) => service.supportedLanguages(ctxOf(req), false),
  );
  app.post(
    '/course/language',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'setCourseLanguages',
        summary: 'Set the languages of a course’s draft (the primary always stays)',
        body: ZSetCourseLanguagesRequest,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.setCourseLanguages(ctxOf(req), req.body.courseId, req.body.languages),
  );
  app.post(
    '/course/:id/language/:lang/default',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'setCoursePrimaryLanguage',
        summary: 'Make a language the course’s primary (it must be complete)',
        params: ZCourseLanguageParams,
        response: { 200: ZCourseDetails },
      },
    },
    async (req) => service.setDefaultLanguage(ctxOf(req), req.params.id, req.params.lang),
  );
  app.post(
    '/course/:id/content/reorder',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'reorderCourseContent',
        summary: 'Set the order of a course’s lessons, quizzes and SCORM packages (the whole sequence)',
        params: ZCourseIdParams,
        body: ZReorderCourseRequest,
        response: { 200: ZReorderResult },
      },
    },
    async (req) => service.reorderContent(ctxOf(req), req.params.id, req.body.itemIds),
  );
};
