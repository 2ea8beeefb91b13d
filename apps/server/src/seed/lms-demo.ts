import { randomUUID } from 'node:crypto';
import type { TAnswerKey } from '@app/contract';
import type { Tx } from '../core/db/database.ts';
import * as courses from '../services/lms/courses/courses.repo.ts';
import * as quizzes from '../services/lms/quizzes/quizzes.repo.ts';
import { questionComplete } from '../services/lms/quizzes/rules.ts';
import {
  DEMO_COURSES,
  type DemoCourse,
  type DemoItem,
  type DemoKey,
  type Lang,
  type Texts,
} from './lms-content/index.ts';
import * as repo from './lms-demo.repo.ts';

/**
 * The learning demo data (docs/learning-design.md §5): jurisdictions, the operator's two catalogue
 * courses (published v1), India available to Acme with 50 credits and Canada to Globex with 20, and
 * one Acme-owned draft. Idempotent: a course found by its English title is left alone.
 */

const JURISDICTIONS = [
  { code: 'IN', name: 'India', country: 'IN', parent: null },
  { code: 'IN-KA', name: 'Karnataka', country: 'IN', parent: 'IN' },
  { code: 'CA', name: 'Canada', country: 'CA', parent: null },
  { code: 'CA-FED', name: 'Canada (federal)', country: 'CA', parent: 'CA' },
] as const;

/** Acme's own draft course, so that the workspace-authoring screens are not empty. */
export const ACME_DRAFT_COURSE: DemoCourse = {
  key: 'acme-code-of-conduct',
  primaryLanguage: 'en',
  languages: ['en'],
  jurisdictionCodes: [],
  title: { en: 'Code of conduct acknowledgement' },
  description: { en: 'Read our code of conduct and confirm that you will follow it.' },
  items: [
    {
      kind: 'LESSON',
      title: { en: 'Our code of conduct' },
      blocks: [
        {
          type: 'TEXT',
          html: {
            en: '<h3>How we work together</h3><p>We treat colleagues, customers and partners with respect. We speak up when something is wrong, and we never retaliate against someone who does.</p><ul><li>Be honest in what you record and report.</li><li>Protect the information people trust us with.</li><li>Avoid conflicts of interest, and declare them when they arise.</li></ul>',
          },
        },
        {
          type: 'NOTIFY',
          tone: 'INFO',
          html: { en: '<p>Questions about the code? Ask HR or your manager.</p>' },
        },
      ],
    },
  ],
};

const words = (t: Texts, l: Lang) => t[l] ?? '';

function mapKey(key: DemoKey, ids: Map<string, string>): TAnswerKey {
  const id = (ref: string) => ids.get(ref)!;
  if ('correct' in key) return { correct: key.correct.map(id) };
  if ('pairs' in key) return { pairs: key.pairs.map(([l, r]) => [id(l), id(r)] as [string, string]) };
  return key as TAnswerKey;
}

async function writeItem(tx: Tx, versionId: string, owner: string | null, languages: Lang[], item: DemoItem) {
  const row = await courses.insertItem(tx, {
    versionId,
    owner,
    kind: item.kind,
    ...(item.kind === 'QUIZ'
      ? { passMark: item.passMark, attemptLimit: item.attemptLimit, shuffleQuestions: item.shuffleQuestions }
      : {}),
  });
  for (const l of languages)
    await courses.upsertText(tx, {
      versionId,
      entityId: row.id,
      language: l,
      owner,
      kind: 'ITEM',
      body: { title: words(item.title, l) },
      complete: words(item.title, l).trim().length > 0,
    });
  if (item.kind === 'LESSON') {
    for (const [position, block] of item.blocks.entries()) {
      const blockId = await repo.insertBlock(tx, {
        itemId: row.id,
        versionId,
        owner,
        type: block.type,
        position,
        settings: block.type === 'NOTIFY' ? { tone: block.tone } : {},
      });
      for (const l of languages) {
        const body =
          block.type === 'BUTTON' ? { label: words(block.label, l), url: block.url } : { html: words(block.html, l) };
        const complete = block.type === 'BUTTON' ? body.label!.length > 0 : (body.html ?? '').length > 0;
        await courses.upsertText(tx, {
          versionId,
          entityId: blockId,
          language: l,
          owner,
          kind: 'BLOCK',
          body,
          complete,
        });
      }
    }
    return;
  }
  for (const question of item.questions) {
    const q = await quizzes.insertQuestion(tx, {
      itemId: row.id,
      versionId,
      owner,
      type: question.type,
      points: question.points,
    });
    const ids = new Map(question.options.map((o) => [o.ref, randomUUID()]));
    await quizzes.setOptions(
      tx,
      { questionId: q.id, versionId, owner },
      question.options.map((o) => ({ id: ids.get(o.ref)!, side: o.side ?? null, isNew: true })),
    );
    const key = mapKey(question.key, ids);
    await quizzes.upsertKey(tx, { questionId: q.id, versionId, owner, key });
    const optionIds = [...ids.values()];
    for (const l of languages) {
      const body = {
        prompt: words(question.prompt, l),
        explanation: words(question.explanation, l),
        options: Object.fromEntries(question.options.map((o) => [ids.get(o.ref)!, words(o.label, l)])),
      };
      await courses.upsertText(tx, {
        versionId,
        entityId: q.id,
        language: l,
        owner,
        kind: 'QUESTION',
        body,
        complete: questionComplete(question.type, body, optionIds, key, l),
      });
    }
  }
}

/** Writes `course` as a new course of `owner` (null: the catalogue) with version 1; publishes it when asked. */
async function writeCourse(
  tx: Tx,
  course: DemoCourse,
  o: { owner: string | null; actor: string; jurisdictions: Map<string, string>; publish: boolean },
): Promise<string> {
  const existing = await repo.findCourseByTitle(tx, o.owner, course.title.en);
  if (existing) return existing;
  const courseId = await courses.insertCourse(tx, o.owner, o.actor);
  const versionId = await courses.insertVersion(tx, {
    courseId,
    owner: o.owner,
    number: 1,
    primaryLanguage: course.primaryLanguage,
    languages: course.languages,
    actor: o.actor,
  });
  await courses.setPointers(tx, courseId, { draftVersionId: versionId, actor: o.actor });
  for (const l of course.languages)
    await courses.upsertText(tx, {
      versionId,
      entityId: versionId,
      language: l,
      owner: o.owner,
      kind: 'COURSE',
      body: { title: words(course.title, l), description: words(course.description, l) },
      complete: words(course.title, l).length > 0,
    });
  await courses.setJurisdictions(
    tx,
    courseId,
    o.owner,
    course.jurisdictionCodes.map((c) => o.jurisdictions.get(c)!),
  );
  for (const item of course.items) await writeItem(tx, versionId, o.owner, course.languages, item);
  if (o.publish) {
    const missing = await courses.missingTexts(tx, versionId, course.primaryLanguage);
    if (missing.length > 0)
      throw new Error(`Demo course "${course.title.en}" is incomplete: ${missing.length} text(s)`);
    await courses.publishVersion(tx, courseId, versionId, o.actor);
  }
  return courseId;
}

/** Seeds the learning demo data inside the demo seed's platform transaction. */
export async function seedLmsDemo(
  tx: Tx,
  ids: { operatorId: string; acmeId: string; acmeAdminId: string; globexId: string; globexAdminId: string },
): Promise<void> {
  const jurisdictions = new Map<string, string>();
  for (const j of JURISDICTIONS)
    jurisdictions.set(
      j.code,
      await repo.upsertJurisdiction(tx, {
        code: j.code,
        name: j.name,
        country: j.country,
        parentId: j.parent ? jurisdictions.get(j.parent)! : null,
        actor: ids.operatorId,
      }),
    );
  const written = new Map<string, string>();
  for (const course of DEMO_COURSES)
    written.set(
      course.key,
      await writeCourse(tx, course, { owner: null, actor: ids.operatorId, jurisdictions, publish: true }),
    );
  const india = DEMO_COURSES.find((c) => c.jurisdictionCodes.includes('IN'))!;
  const canada = DEMO_COURSES.find((c) => c.jurisdictionCodes.includes('CA-FED'))!;
  await repo.makeAvailableWithCredits(tx, {
    workspaceId: ids.acmeId,
    courseId: written.get(india.key)!,
    credits: 50,
    operatorId: ids.operatorId,
    requestedBy: ids.acmeAdminId,
  });
  await repo.makeAvailableWithCredits(tx, {
    workspaceId: ids.globexId,
    courseId: written.get(canada.key)!,
    credits: 20,
    operatorId: ids.operatorId,
    requestedBy: ids.globexAdminId,
  });
  await writeCourse(tx, ACME_DRAFT_COURSE, {
    owner: ids.acmeId,
    actor: ids.acmeAdminId,
    jurisdictions,
    publish: false,
  });
}
