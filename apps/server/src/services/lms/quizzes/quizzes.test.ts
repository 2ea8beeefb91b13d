import type { TAuthorQuestion, TLearnerCourse, TQuestionInput } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  type AMember,
  type AWorkspace,
  aBusinessUnit,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  type TestApp,
} from '../../../testing/index.ts';
import { keyFieldsIn } from '../../../testing/key-leak.ts';
import * as repo from './quizzes.repo.ts';

/**
 * Quizzes and questions through the HTTP interface (docs/learning-design.md §1.5, §2, §4): every
 * question type authored, keyed, translated, ordered and option-deleted; preview and preview
 * grading; no key in any learner-facing answer; authors only.
 */

let t: TestApp;
let ws: AWorkspace;
let author: string;
let employee: string;
let branchAdmin: string;
let otherAuthor: string;
let other: AWorkspace;

const call = (host: string, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.request(host, { method, url: `/lms/api${url}`, token, ...(payload ? { payload } : {}) });
const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  call(ws.host, token, method, url, payload);

async function newCourse(languages: string[] = ['en', 'hi']): Promise<string> {
  const res = await as(author, 'POST', '/course/create', { title: 'Quiz course', primaryLanguage: 'en', languages });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function newQuiz(courseId: string, passMark = 70): Promise<string> {
  const res = await as(author, 'POST', '/quiz/create', {
    courseId,
    title: 'Check your understanding',
    language: 'en',
    passMark,
    attemptLimit: 3,
    shuffleQuestions: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ kind: 'QUIZ', passMark, attemptLimit: 3, title: 'Check your understanding' });
  return res.json().id;
}

const base = { points: 1, language: 'en' as const, explanation: 'Because.' };
/** One question of each type, options given temporary references. */
const EVERY_TYPE: TQuestionInput[] = [
  {
    ...base,
    type: 'MULTIPLE_CHOICE',
    prompt: 'Time limit for a complaint?',
    options: [
      { id: 'a', label: '3 months' },
      { id: 'b', label: '1 year' },
    ],
    key: { correct: ['a'] },
  },
  {
    ...base,
    type: 'MULTIPLE_RESPONSE',
    prompt: 'Who sits on the committee?',
    options: [
      { id: 'a', label: 'A senior woman' },
      { id: 'b', label: 'An external member' },
      { id: 'c', label: 'The CEO' },
    ],
    key: { correct: ['a', 'b'] },
  },
  {
    ...base,
    type: 'SINGLE_SELECT',
    prompt: 'May conciliation include money?',
    options: [
      { id: 'y', label: 'Yes' },
      { id: 'n', label: 'No' },
    ],
    key: { correct: ['n'] },
  },
  {
    ...base,
    type: 'MULTI_SELECT',
    prompt: 'Interim reliefs?',
    options: [
      { id: 't', label: 'Transfer' },
      { id: 'l', label: 'Leave' },
      { id: 'p', label: 'Payment' },
    ],
    key: { correct: ['t', 'l'] },
  },
  {
    ...base,
    type: 'FILL_IN_BLANK',
    prompt: 'The inquiry ends within [[1]] days.',
    options: [],
    key: { blanks: { '1': { en: ['90', 'ninety'] } } },
  },
  {
    ...base,
    type: 'INPUT_BOX',
    prompt: 'Which committee for fewer than 10 workers?',
    options: [],
    key: { accepted: { en: ['Local Committee'] } },
  },
  {
    ...base,
    points: 2,
    type: 'MATCHING',
    prompt: 'Match the step with its limit.',
    options: [
      { id: 'l1', side: 'LEFT', label: 'Reply' },
      { id: 'l2', side: 'LEFT', label: 'Inquiry' },
      { id: 'r1', side: 'RIGHT', label: '10 working days' },
      { id: 'r2', side: 'RIGHT', label: '90 days' },
    ],
    key: {
      pairs: [
        ['l1', 'r1'],
        ['l2', 'r2'],
      ],
    },
  },
  {
    ...base,
    type: 'CHECKBOX_WITH_TEXT',
    prompt: 'Confirm.',
    options: [{ id: 's', label: 'I know how to reach our committee.' }],
    key: { mustBeChecked: true },
  },
];

async function addAll(quizId: string): Promise<TAuthorQuestion[]> {
  const out: TAuthorQuestion[] = [];
  for (const q of EVERY_TYPE) {
    const res = await as(author, 'POST', '/quiz-question/add', { ...q, quizId });
    expect(res.statusCode, res.body).toBe(200);
    out.push(res.json());
  }
  return out;
}

const list = async (quizId: string, language = 'en', token = author) => {
  const res = await as(token, 'POST', '/quiz-question/all', { quizId, language, pageNo: 0, pageSize: 100 });
  return res;
};

/** Right answers to `questions` (author shapes, with keys). */
function rightAnswers(questions: TAuthorQuestion[]) {
  return questions.map((q) => {
    const k = q.key as Record<string, unknown>;
    if ('correct' in k) return { questionId: q.id, selected: k.correct };
    if ('pairs' in k) return { questionId: q.id, matches: k.pairs };
    if ('mustBeChecked' in k) return { questionId: q.id, checked: true };
    if ('accepted' in k) return { questionId: q.id, text: ' local  committee ' };
    return { questionId: q.id, filled: { '1': 'Ninety' } };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t);
  other = await aWorkspace(t);
  const m = async (w: AWorkspace, role: AMember['role'], unit?: Awaited<ReturnType<typeof aBusinessUnit>>) =>
    (await aMember(w, { role, ...(unit ? { unit } : {}) })).session();
  author = await m(ws, 'WORKSPACE_ADMIN');
  employee = await m(ws, 'EMPLOYEE');
  branchAdmin = await m(ws, 'BRANCH_ADMIN', await aBusinessUnit(ws));
  otherAuthor = await m(other, 'WORKSPACE_ADMIN');
});
afterAll(() => t.close());

describe('quiz questions', () => {
  it('authors every question type with its key; keys use option ids; the quiz item counts them', async () => {
    const courseId = await newCourse();
    const quizId = await newQuiz(courseId);
    const added = await addAll(quizId);
    expect(added.map((q) => q.type)).toEqual(EVERY_TYPE.map((q) => q.type));
    const mc = added[0]!;
    expect(mc.key).toEqual({ correct: [mc.options[0]!.id] });
    expect(mc.options.map((o) => o.label)).toEqual(['3 months', '1 year']);
    const matching = added[6]!;
    const byLabel = new Map(matching.options.map((o) => [o.label, o.id]));
    expect(matching.key).toEqual({
      pairs: [
        [byLabel.get('Reply'), byLabel.get('10 working days')],
        [byLabel.get('Inquiry'), byLabel.get('90 days')],
      ],
    });
    expect(added.every((q) => q.complete)).toBe(true);

    const en = (await list(quizId)).json();
    expect(en.totalElements).toBe(8);
    expect(en.content.map((q: TAuthorQuestion) => q.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Nothing is written in Hindi yet: incomplete there, with the English words as reference.
    const hi = (await list(quizId, 'hi')).json();
    expect(hi.content.every((q: TAuthorQuestion) => !q.complete && q.prompt === '')).toBe(true);
    expect(hi.content[0].reference).toMatchObject({ language: 'en', prompt: 'Time limit for a complaint?' });

    const details = (await as(author, 'GET', `/course/details/${courseId}?language=hi`)).json();
    expect(details.items[0]).toMatchObject({ kind: 'QUIZ', questionCount: 8 });
    expect(details.translations.find((x: { language: string }) => x.language === 'hi').missing).toBe(10);
  });

  it('translates a question: labels per language, and typed answers per language make it complete', async () => {
    const courseId = await newCourse();
    const quizId = await newQuiz(courseId);
    const [mc, , , , , input] = await addAll(quizId);
    const hiMc = await as(author, 'POST', `/quiz-question/edit/${mc!.id}`, {
      type: mc!.type,
      points: 1,
      language: 'hi',
      prompt: 'शिकायत की समय-सीमा?',
      explanation: 'क्योंकि।',
      options: mc!.options.map((o, i) => ({ id: o.id, label: ['3 महीने', '1 साल'][i] })),
      key: mc!.key,
    });
    expect(hiMc.statusCode, hiMc.body).toBe(200);
    expect(hiMc.json()).toMatchObject({ complete: true, prompt: 'शिकायत की समय-सीमा?' });
    // Option ids and the key are shared: English is untouched.
    const en = (await list(quizId)).json().content[0];
    expect(en).toMatchObject({ prompt: 'Time limit for a complaint?', key: mc!.key, complete: true });

    const hiInput = (accepted: Record<string, string[]>) =>
      as(author, 'POST', `/quiz-question/edit/${input!.id}`, {
        type: 'INPUT_BOX',
        points: 1,
        language: 'hi',
        prompt: 'कौन-सी समिति?',
        explanation: '',
        options: [],
        key: { accepted },
      });
    const missing = await hiInput({ en: ['Local Committee'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      params: { reason: 'QUESTION_KEY_INVALID' },
      details: [{ code: 'NO_ACCEPTED_ANSWER', path: 'key.accepted.hi' }],
    });
    const ok = await hiInput({ en: ['Local Committee'], hi: ['स्थानीय समिति'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().complete).toBe(true);
  });

  it('refuses options and keys that do not fit the type (400 QUESTION_KEY_INVALID with details)', async () => {
    const quizId = await newQuiz(await newCourse());
    const bad = async (q: Partial<TQuestionInput>) => {
      const res = await as(author, 'POST', '/quiz-question/add', { ...EVERY_TYPE[0], ...q, quizId });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().details as { code: string }[]).map((d) => d.code);
    };
    expect(await bad({ key: { correct: ['a', 'b'] } })).toContain('CORRECT_COUNT');
    expect(await bad({ key: { correct: ['zz'] } })).toContain('UNKNOWN_OPTION');
    expect(await bad({ options: [{ id: 'a', label: 'only one' }] })).toContain('OPTION_COUNT');
    expect(await bad({ key: { mustBeChecked: true } })).toContain('KEY_SHAPE');
    expect(await bad({ ...EVERY_TYPE[6], options: EVERY_TYPE[6]!.options.slice(0, 3) })).toContain('OPTION_COUNT');
    expect(await bad({ ...EVERY_TYPE[4], prompt: 'No blank here' })).toContain('NO_BLANKS');
    expect(await bad({ ...EVERY_TYPE[7], options: [] })).toContain('OPTION_COUNT');
    expect((await list(quizId)).json().totalElements).toBe(0);
  });

  it('deletes an option unless the type’s minimum or the key would break (409)', async () => {
    const quizId = await newQuiz(await newCourse());
    const add = await as(author, 'POST', '/quiz-question/add', {
      ...EVERY_TYPE[0],
      quizId,
      options: [
        { id: 'a', label: 'Right' },
        { id: 'b', label: 'Wrong' },
        { id: 'c', label: 'Also wrong' },
      ],
      key: { correct: ['a'] },
    });
    const q: TAuthorQuestion = add.json();
    const [right, wrong, also] = q.options;
    const inKey = await as(author, 'DELETE', `/quiz-question/option/delete/${right!.id}`);
    expect(inKey.statusCode).toBe(409);
    expect(inKey.json()).toMatchObject({
      params: { reason: 'QUESTION_KEY_INVALID' },
      details: expect.arrayContaining([expect.objectContaining({ code: 'IN_KEY' })]),
    });
    const ok = await as(author, 'DELETE', `/quiz-question/option/delete/${also!.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().options.map((o: { label: string }) => o.label)).toEqual(['Right', 'Wrong']);
    const min = await as(author, 'DELETE', `/quiz-question/option/delete/${wrong!.id}`);
    expect(min.statusCode).toBe(409);
    expect(min.json().details.map((d: { code: string }) => d.code)).toContain('OPTION_COUNT');
    expect((await as(author, 'DELETE', `/quiz-question/option/delete/${also!.id}`)).statusCode).toBe(404);
  });

  it('orders and deletes questions', async () => {
    const quizId = await newQuiz(await newCourse());
    const added = await addAll(quizId);
    const reversed = added.map((q) => q.id).reverse();
    const res = await as(author, 'POST', '/quiz-question/order', { quizId, questionIds: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(quizId)).json().content.map((q: TAuthorQuestion) => q.id)).toEqual(reversed);
    const mismatch = await as(author, 'POST', '/quiz-question/order', { quizId, questionIds: reversed.slice(1) });
    expect(mismatch.statusCode).toBe(400);
    expect((await as(author, 'DELETE', `/quiz-question/delete/${reversed[0]}`)).statusCode).toBe(200);
    const after = (await list(quizId)).json().content as TAuthorQuestion[];
    expect(after.map((q) => q.id)).toEqual(reversed.slice(1));
    expect(after.map((q) => q.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('edits into a new draft after publishing: the published question stays, ids followed by stable id', async () => {
    const courseId = await newCourse(['en']);
    const quizId = await newQuiz(courseId);
    const [mc] = await addAll(quizId);
    expect((await as(author, 'POST', `/course/publish/${courseId}`, {})).statusCode).toBe(200);
    const edit = await as(author, 'POST', `/quiz-question/edit/${mc!.id}`, {
      ...EVERY_TYPE[0],
      prompt: 'Changed?',
      options: mc!.options.map((o) => ({ id: o.id, label: `${o.label}!` })),
      key: mc!.key,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const draftQ: TAuthorQuestion = edit.json();
    expect(draftQ.id).not.toBe(mc!.id);
    expect(draftQ.stableId).toBe(mc!.stableId);
    expect(draftQ.options.map((o) => o.label)).toEqual(['3 months!', '1 year!']);
    expect(draftQ.key).toEqual({ correct: [draftQ.options[0]!.id] });
    // The published version is unchanged (read by its own quiz id).
    const published = (await list(quizId)).json().content[0];
    expect(published).toMatchObject({ id: mc!.id, prompt: 'Time limit for a complaint?' });
    const frozenQuiz = await as(author, 'POST', `/quiz/update/${quizId}`, { language: 'en', passMark: 80 });
    expect(frozenQuiz.statusCode, frozenQuiz.body).toBe(200);
    expect(frozenQuiz.json()).toMatchObject({ passMark: 80 });
    expect(frozenQuiz.json().id).not.toBe(quizId);
  });

  it('updates and deletes a quiz', async () => {
    const courseId = await newCourse();
    const quizId = await newQuiz(courseId);
    const up = await as(author, 'POST', `/quiz/update/${quizId}`, {
      language: 'hi',
      title: 'समझ की जांच',
      attemptLimit: null,
      shuffleQuestions: true,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ title: 'समझ की जांच', attemptLimit: null, shuffleQuestions: true, passMark: 70 });
    expect((await as(author, 'POST', `/quiz/update/${quizId}`, { language: 'en', passMark: 101 })).statusCode).toBe(
      400,
    );
    expect((await as(author, 'DELETE', `/quiz/delete/${quizId}`)).statusCode).toBe(200);
    expect((await as(author, 'GET', `/course/details/${courseId}`)).json().items).toEqual([]);
  });
});

describe('preview as a learner', () => {
  it('shows the draft in learner shapes, falls back to the primary and marks it, and grades without a key', async () => {
    const courseId = await newCourse();
    const quizId = await newQuiz(courseId);
    const added = await addAll(quizId);
    const res = await as(author, 'GET', `/course/preview/${courseId}?language=hi`);
    expect(res.statusCode, res.body).toBe(200);
    const course: TLearnerCourse = res.json();
    expect(keyFieldsIn(course)).toEqual([]);
    expect(course).toMatchObject({ language: 'en', fallback: true, primaryLanguage: 'en' });
    const quiz = course.items[0]!;
    expect(quiz).toMatchObject({ kind: 'QUIZ', passMark: 70, fallback: true });
    expect(quiz.questions).toHaveLength(8);
    const matching = quiz.questions[6]!;
    expect(matching.left.map((o) => o.label)).toEqual(['Reply', 'Inquiry']);
    expect(matching.right.map((o) => o.label).sort()).toEqual(['10 working days', '90 days']);
    expect(quiz.questions[4]!.blanks).toEqual(['1']);
    expect(res.body).not.toContain('Because.');

    const grade = async (answers: object[]) => {
      const r = await as(author, 'POST', `/quiz/preview-grade/${quizId}`, { language: 'hi', answers });
      expect(r.statusCode, r.body).toBe(200);
      expect(keyFieldsIn(r.json())).toEqual([]);
      return r.json();
    };
    const all = await grade(rightAnswers(added));
    expect(all).toMatchObject({ score: 100, passed: true, passMark: 70 });
    expect(all.perQuestion.every((p: { answeredCorrectly: boolean }) => p.answeredCorrectly)).toBe(true);
    expect(all.perQuestion[0].explanation).toBe('Because.');
    // The matching question is worth 2 of 9 points: without it, 77 %.
    const noMatching = await grade(rightAnswers(added).filter((a) => a.questionId !== added[6]!.id));
    expect(noMatching).toMatchObject({ score: 77, passed: true });
    const none = await grade([]);
    expect(none).toMatchObject({ score: 0, passed: false });
  });

  it('answers learner-facing routes without any key field (employee details, preview, grading)', async () => {
    const courseId = await newCourse(['en']);
    const quizId = await newQuiz(courseId);
    await addAll(quizId);
    expect((await as(author, 'POST', `/course/publish/${courseId}`, {})).statusCode).toBe(200);
    const bodies = [
      await as(employee, 'GET', `/course/details/${courseId}`),
      await as(employee, 'POST', '/course/all', { pageNo: 0, pageSize: 20 }),
      await as(author, 'GET', `/course/preview/${courseId}`),
      await as(author, 'GET', `/course/details/${courseId}`),
      await as(author, 'POST', `/quiz/preview-grade/${quizId}`, { language: 'en', answers: [] }),
    ];
    for (const b of bodies) {
      expect(b.statusCode, b.body).toBe(200);
      expect(keyFieldsIn(b.json())).toEqual([]);
    }
    // The walker does find keys where they are (authors' question list).
    expect(keyFieldsIn((await list(quizId)).json()).length).toBeGreaterThan(0);
  });
});

describe('who may author questions', () => {
  it('refuses another workspace, an employee and a business unit admin', async () => {
    const courseId = await newCourse();
    const quizId = await newQuiz(courseId);
    const [mc] = await addAll(quizId);
    const add = { ...EVERY_TYPE[0], quizId };
    const cases: [string, string, number][] = [
      ['employee', employee, 403],
      ['branch admin', branchAdmin, 403],
    ];
    for (const [who, token, status] of cases) {
      expect((await list(quizId, 'en', token)).statusCode, who).toBe(status);
      expect((await as(token, 'POST', '/quiz-question/add', add)).statusCode, who).toBe(status);
      expect((await as(token, 'POST', `/quiz-question/edit/${mc!.id}`, EVERY_TYPE[0])).statusCode, who).toBe(status);
      expect((await as(token, 'DELETE', `/quiz-question/delete/${mc!.id}`)).statusCode, who).toBe(status);
      expect((await as(token, 'GET', `/course/preview/${courseId}`)).statusCode, who).toBe(status);
      expect(
        (await as(token, 'POST', `/quiz/preview-grade/${quizId}`, { language: 'en', answers: [] })).statusCode,
        who,
      ).toBe(status);
      expect(
        (await as(token, 'POST', '/quiz/create', { courseId, title: 'x', language: 'en', passMark: 1 })).statusCode,
        who,
      ).toBe(status);
    }
    // Another workspace's author does not see the quiz at all.
    const o = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      call(other.host, otherAuthor, method, `${url}`, payload);
    expect((await o('POST', '/quiz-question/all', { quizId, language: 'en' })).statusCode).toBe(404);
    expect((await o('POST', '/quiz-question/add', add)).statusCode).toBe(404);
    expect((await o('POST', `/quiz-question/edit/${mc!.id}`, EVERY_TYPE[0])).statusCode).toBe(404);
    expect((await o('DELETE', `/quiz-question/option/delete/${mc!.options[1]!.id}`)).statusCode).toBe(404);
    expect((await o('GET', `/course/preview/${courseId}`)).statusCode).toBe(404);
    expect((await o('POST', `/quiz/preview-grade/${quizId}`, { language: 'en', answers: [] })).statusCode).toBe(404);
    expect((await list(quizId)).json().totalElements).toBe(8);
  });
  it('the operator, whose platform path bypasses row-level security, reaches no workspace’s question or option', async () => {
    const courseId = await newCourse();
    const quizId = await newQuiz(courseId);
    const [mc] = await addAll(quizId);
    const operator = await (await anOperator(t)).signIn(t);
    const op = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      call(t.config.platformHost, operator, method, url, payload);
    expect((await op('POST', `/quiz-question/edit/${mc!.id}`, EVERY_TYPE[1])).statusCode).toBe(404);
    expect((await op('DELETE', `/quiz-question/option/delete/${mc!.options[1]!.id}`)).statusCode).toBe(404);
    expect((await op('DELETE', `/quiz-question/delete/${mc!.id}`)).statusCode).toBe(404);
    const [still] = (await list(quizId)).json().content as TAuthorQuestion[];
    expect(still).toMatchObject({ id: mc!.id, type: mc!.type, prompt: mc!.prompt });
    expect(still!.options).toHaveLength(mc!.options.length);
    // The lookups themselves keep to the owner on the platform path (row-level security bypassed).
    const lookup = (owner: string | null) =>
      withPlatform(t.database.db, { action: 'test.find-question', audit: false }, async (tx) => [
        (await repo.findQuestion(tx, owner, mc!.id))?.id,
        (await repo.findOption(tx, owner, mc!.options[1]!.id))?.id,
      ]);
    expect(await lookup(null)).toEqual([undefined, undefined]);
    expect(await lookup(ws.id)).toEqual([mc!.id, mc!.options[1]!.id]);
  });
});
