import { buildScormPackage } from '../scorm/build-package.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzTable, NotApplicable, Prepared, Req } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/** A 1×1 PNG, for the image and cover uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Authoring gives nobody anything: access to a course is given by assigning it (the learners' table). */
const EDITS_ONLY = na("edits the workspace's own content; access to a course is given by assigning it");

/** Sends as A's workspace admin (the author) on A's host; fails the preparation on any other answer. */
async function asAuthor(f: AuthzFixture, method: Req['method'], url: string, payload?: unknown) {
  const res = await f.t.request(f.a.host, {
    method,
    url: `/lms/api${url}`,
    token: f.people.adminA.token,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A draft course of A written through the API by its author: a lesson with a text block, a quiz
 * with one multiple-choice question (options a, b). Answers every id.
 */
async function aDraft(f: AuthzFixture): Promise<Prepared> {
  const course = await asAuthor(f, 'POST', '/course/create', {
    title: 'An authz draft',
    primaryLanguage: 'en',
    languages: ['en', 'hi'],
  });
  const lesson = await asAuthor(f, 'POST', '/lesson/create', { courseId: course.id, title: 'Lesson', language: 'en' });
  const block = await asAuthor(f, 'POST', '/lesson-content/create', {
    lessonId: lesson.id,
    type: 'TEXT',
    language: 'en',
    body: { html: '<p>Read me.</p>' },
  });
  const quiz = await asAuthor(f, 'POST', '/quiz/create', {
    courseId: course.id,
    title: 'Quiz',
    language: 'en',
    passMark: 70,
  });
  const question = await asAuthor(f, 'POST', '/quiz-question/add', QUESTION(quiz.id));
  const options = question.options as { id: string }[];
  return {
    courseId: course.id,
    versionId: course.version.id,
    lessonId: lesson.id,
    blockId: block.id,
    quizId: quiz.id,
    questionId: question.id,
    optionA: options[0]!.id,
    optionB: options[1]!.id,
  };
}

/** A multiple-choice question with three options (one may be deleted). */
const QUESTION = (quizId?: string) => ({
  ...(quizId ? { quizId } : {}),
  type: 'MULTIPLE_CHOICE',
  points: 1,
  language: 'en',
  prompt: 'Time limit for a complaint?',
  explanation: 'Because.',
  options: [
    { id: 'a', label: '3 months' },
    { id: 'b', label: '1 year' },
    { id: 'c', label: 'Never' },
  ],
  key: { correct: ['a'] },
});

/** A draft with an image block whose upload ticket is issued (and, with `put`, the bytes sent). */
async function anImageUpload(f: AuthzFixture, put: boolean): Promise<Prepared> {
  const draft = await aDraft(f);
  const block = await asAuthor(f, 'POST', '/lesson-content/create', {
    lessonId: draft.lessonId,
    type: 'IMAGE',
    language: 'en',
  });
  const ticket = await asAuthor(f, 'POST', '/lesson-content/generate-upload-url', {
    blockId: block.id,
    language: 'en',
    kind: 'IMAGE',
    fileName: 'a.png',
    contentType: 'image/png',
    size: PNG.length,
  });
  if (put) await putBytes(f, ticket.uploadId);
  return { ...draft, imageBlockId: block.id, uploadId: ticket.uploadId };
}

/** A draft whose cover upload ticket is issued and its bytes sent. */
async function aCoverUpload(f: AuthzFixture): Promise<Prepared> {
  const draft = await aDraft(f);
  const ticket = await asAuthor(f, 'POST', `/course/generate-upload-url-for-update/${draft.courseId}`, {
    fileName: 'cover.png',
    contentType: 'image/png',
    size: PNG.length,
  });
  await putBytes(f, ticket.uploadId);
  return { ...draft, uploadId: ticket.uploadId };
}

async function putBytes(f: AuthzFixture, uploadId: string) {
  const res = await f.t.request(f.a.host, {
    method: 'PUT',
    url: `/lms/api/lesson-content/upload/${uploadId}`,
    token: f.people.adminA.token,
    headers: { 'content-type': 'application/octet-stream' },
    payload: PNG,
  });
  if (res.statusCode >= 300) throw new Error(`upload: ${res.statusCode} ${res.body}`);
}

/** A SCORM package imported into a new course of A by its author (extraction may still run). */
async function aScormImport(f: AuthzFixture): Promise<Prepared> {
  const body = multipartZip(buildScormPackage('SCORM_12'));
  const res = await f.t.request(f.a.host, {
    method: 'POST',
    url: '/lms/api/course/scorm/import',
    token: f.people.adminA.token,
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
  return { packageId: res.json().packageId ?? res.json().id, courseId: res.json().courseId };
}

function multipartZip(zip: Buffer) {
  const boundary = '----authz-scorm';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="package.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      zip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The standard cases of an authoring route acting on one of A's drafts. */
const AUTHORING = {
  anotherWorkspace: 'refused',
  lowerRole: 'employee',
  unitAdminOutside: 'refused',
} as const;

/** The same request on a catalogue course A was given (read-only to it): refused. */
const onCatalogue = (why: string, request: (f: AuthzFixture) => Req) => ({
  as: 'adminA' as const,
  why,
  request: (f: AuthzFixture) => request(f),
  status: [403, 404, 409],
});

/**
 * Learning, the authors' side (issue 13): courses, lessons and their blocks, quizzes and questions,
 * previews, uploads and SCORM imports. A workspace member holding `courses.manage` for the whole
 * workspace authors the workspace's own courses; a business-unit admin does not author.
 */
export const LMS_AUTHORING_ROUTES: AuthzTable = {
  'POST /lms/api/course/create': {
    rule: 'courses.manage for the whole workspace (its own courses)',
    as: 'adminA',
    request: () => ({
      method: 'POST',
      url: '/lms/api/course/create',
      payload: { title: 'A new course', primaryLanguage: 'en', languages: [] },
    }),
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/all': {
    rule: 'learning.view: published courses; drafts to authors only',
    as: 'adminA',
    prepare: aDraft,
    request: () => ({ method: 'POST', url: '/lms/api/course/all', payload: { pageNo: 0, pageSize: 100 } }),
    hides: (_f, p) => p.courseId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: EDITS_ONLY,
  },
  'GET /lms/api/course/details/:id': {
    rule: 'learning.view for a published version; a draft to authors only',
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/course/details/${p.courseId}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/update/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/course/update/${p.courseId}`,
      payload: { language: 'en', title: 'Renamed' },
    }),
    ...AUTHORING,
    moreThanHeld: onCatalogue('rewriting a catalogue course A was only given to use', (f) => ({
      method: 'POST',
      url: `/lms/api/course/update/${f.catalogue.withCredits}`,
      payload: { language: 'en', title: 'Mine now' },
    })),
  },
  'POST /lms/api/course/clone': {
    rule: 'courses.manage for the whole workspace; a course the workspace may read',
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'POST', url: '/lms/api/course/clone', payload: { courseId: p.courseId } }),
    ...AUTHORING,
    moreThanHeld: onCatalogue('copying a catalogue course A has not been given', (f) => ({
      method: 'POST',
      url: '/lms/api/course/clone',
      payload: { courseId: f.catalogue.unavailable },
    })),
  },
  'DELETE /lms/api/course/delete/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'DELETE', url: `/lms/api/course/delete/${p.courseId}` }),
    ...AUTHORING,
    moreThanHeld: onCatalogue('deleting a catalogue course A was given', (f) => ({
      method: 'DELETE',
      url: `/lms/api/course/delete/${f.catalogue.withCredits}`,
    })),
  },
  'POST /lms/api/course/publish/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'POST', url: `/lms/api/course/publish/${p.courseId}` }),
    ...AUTHORING,
    moreThanHeld: onCatalogue('publishing a catalogue course', (f) => ({
      method: 'POST',
      url: `/lms/api/course/publish/${f.catalogue.noCredits}`,
    })),
  },
  'GET /lms/api/course/supported-languages': {
    rule: "learning.view: the languages of the workspace's country",
    as: 'employee',
    request: () => ({ method: 'GET', url: '/lms/api/course/supported-languages' }),
    anotherWorkspace: 'own-scope',
    lowerRole: na('every member reads the languages courses may be written in; there is no lower role'),
    unitAdminOutside: na('the same list for every unit'),
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/language': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/course/language',
      payload: { courseId: p.courseId, languages: ['en', 'hi', 'ta'] },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/:id/language/:lang/default': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'POST', url: `/lms/api/course/${p.courseId}/language/en/default` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/:id/content/reorder': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/course/${p.courseId}/content/reorder`,
      payload: { itemIds: [p.quizId, p.lessonId] },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/scorm/import': {
    rule: 'courses.manage for the whole workspace (a new course, or its own)',
    as: 'adminA',
    request: () => ({
      method: 'POST',
      url: '/lms/api/course/scorm/import',
      ...multipartZip(buildScormPackage('SCORM_12')),
    }),
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: EDITS_ONLY,
  },
  'GET /lms/api/course/scorm/:packageId': {
    rule: "courses.manage for the whole workspace; the workspace's own package",
    as: 'adminA',
    prepare: aScormImport,
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/course/scorm/${p.packageId}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },

  // Quizzes and questions.
  'POST /lms/api/quiz/create': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/quiz/create',
      payload: { courseId: p.courseId, title: 'Another quiz', language: 'en', passMark: 70 },
    }),
    ...AUTHORING,
    moreThanHeld: onCatalogue('adding a quiz to a catalogue course A was given', (f) => ({
      method: 'POST',
      url: '/lms/api/quiz/create',
      payload: { courseId: f.catalogue.withCredits, title: 'Mine', language: 'en', passMark: 70 },
    })),
  },
  'POST /lms/api/quiz/update/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/quiz/update/${p.quizId}`,
      payload: { language: 'en', passMark: 80 },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'DELETE /lms/api/quiz/delete/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'DELETE', url: `/lms/api/quiz/delete/${p.quizId}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/quiz-question/all': {
    rule: "courses.manage for the whole workspace (the answer keys are the authors')",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/quiz-question/all',
      payload: { quizId: p.quizId, language: 'en', pageNo: 0, pageSize: 100 },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/quiz-question/add': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'POST', url: '/lms/api/quiz-question/add', payload: QUESTION(p.quizId) }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/quiz-question/edit/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/quiz-question/edit/${p.questionId}`,
      payload: {
        ...QUESTION(),
        options: [
          { id: p.optionA, label: '3 months' },
          { id: p.optionB, label: '2 years' },
        ],
        key: { correct: [p.optionA] },
      },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'DELETE /lms/api/quiz-question/delete/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'DELETE', url: `/lms/api/quiz-question/delete/${p.questionId}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'DELETE /lms/api/quiz-question/option/delete/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'DELETE', url: `/lms/api/quiz-question/option/delete/${p.optionB}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/quiz-question/order': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/quiz-question/order',
      payload: { quizId: p.quizId, questionIds: [p.questionId] },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'GET /lms/api/course/preview/:id': {
    rule: 'courses.manage for the whole workspace: an author previews its draft',
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/course/preview/${p.courseId}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/quiz/preview-grade/:id': {
    rule: 'courses.manage for the whole workspace: an author tries its quiz',
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/quiz/preview-grade/${p.quizId}`,
      payload: { language: 'en', answers: [{ questionId: p.questionId, selected: [p.optionA] }] },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },

  // Lessons and their blocks.
  'POST /lms/api/lesson/create': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/lesson/create',
      payload: { courseId: p.courseId, title: 'Another lesson', language: 'en' },
    }),
    ...AUTHORING,
    moreThanHeld: onCatalogue('adding a lesson to a catalogue course A was given', (f) => ({
      method: 'POST',
      url: '/lms/api/lesson/create',
      payload: { courseId: f.catalogue.withCredits, title: 'Mine', language: 'en' },
    })),
  },
  'POST /lms/api/lesson/update/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/lesson/update/${p.lessonId}`,
      payload: { title: 'Renamed', language: 'en' },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'DELETE /lms/api/lesson/delete/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'DELETE', url: `/lms/api/lesson/delete/${p.lessonId}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/lesson-content/all': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/lesson-content/all',
      payload: { lessonId: p.lessonId, language: 'en' },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/lesson-content/create': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/lesson-content/create',
      payload: { lessonId: p.lessonId, type: 'TEXT', language: 'en', body: { html: '<p>More.</p>' } },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/lesson-content/update/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/lesson-content/update/${p.blockId}`,
      payload: { language: 'en', body: { html: '<p>Changed.</p>' } },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'DELETE /lms/api/lesson-content/delete/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({ method: 'DELETE', url: `/lms/api/lesson-content/delete/${p.blockId}` }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/lesson-content/generate-upload-url': {
    rule: "courses.manage for the whole workspace; the workspace's own block",
    as: 'adminA',
    prepare: async (f) => {
      const draft = await aDraft(f);
      const block = await asAuthor(f, 'POST', '/lesson-content/create', {
        lessonId: draft.lessonId,
        type: 'IMAGE',
        language: 'en',
      });
      return { ...draft, imageBlockId: block.id };
    },
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/lesson-content/generate-upload-url',
      payload: {
        blockId: p.imageBlockId,
        language: 'en',
        kind: 'IMAGE',
        fileName: 'a.png',
        contentType: 'image/png',
        size: PNG.length,
      },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'PUT /lms/api/lesson-content/upload/:id': {
    rule: 'courses.manage for the whole workspace; the upload was issued to this workspace',
    as: 'adminA',
    prepare: (f) => anImageUpload(f, false),
    request: (_f, p) => ({
      method: 'PUT',
      url: `/lms/api/lesson-content/upload/${p.uploadId}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: PNG,
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/lesson-content/confirm-upload/:id': {
    rule: 'courses.manage for the whole workspace; the upload was issued to this workspace',
    as: 'adminA',
    prepare: (f) => anImageUpload(f, true),
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/lesson-content/confirm-upload/${p.uploadId}?language=en`,
      payload: {},
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/generate-upload-url-for-update/:id': {
    rule: "courses.manage for the whole workspace; the workspace's own course",
    as: 'adminA',
    prepare: aDraft,
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/course/generate-upload-url-for-update/${p.courseId}`,
      payload: { fileName: 'cover.png', contentType: 'image/png', size: PNG.length },
    }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
  'POST /lms/api/course/confirm-cover-upload/:id': {
    rule: 'courses.manage for the whole workspace; the upload was issued to this workspace',
    as: 'adminA',
    prepare: aCoverUpload,
    request: (_f, p) => ({ method: 'POST', url: `/lms/api/course/confirm-cover-upload/${p.uploadId}`, payload: {} }),
    ...AUTHORING,
    moreThanHeld: EDITS_ONLY,
  },
};
