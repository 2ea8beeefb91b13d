/**
 * `npm run bench:lms-details`: the course details call (GET /lms/api/course/details/{id}?language=hi)
 * for a course of 40 items (20 lessons of 5 blocks, 20 quizzes of 5 questions) written in English
 * and Hindi, issue 13's benchmark. Measures, in one run:
 *   1. the server's own `details` function (its SQL and the assembly of the answer), called directly
 *      in the transaction setup the server uses (app role, workspace set, row-level security), and
 *   2. the same call through the real server, as the author (the draft view, with the translation
 *      status and the missing texts) and as a learner (the published version),
 * with p50/p95 latency, and appends the section to bench/RESULTS.md. PGlite when DATABASE_URL is
 * unset, PostgreSQL otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  courseDetails,
  DEFAULT_PERMISSIONS,
  demoHosts,
  openDatabase,
  queryRows,
  seedDemoData,
  withPlatform,
  withTenant,
} from '@app/server/bench';
import { sql } from 'drizzle-orm';
import { load, type Result } from './load.ts';
import { type BenchServer, freePort, signIn, startServer, writeResults } from './server.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';

const port = await freePort();
const platformHost = `localhost:${port}`;
const host = demoHosts(platformHost).acme;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-lms-bench-'));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let server: BenchServer | undefined;
try {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDemoData(database.db, platformHost);
  // A published 40-item course of Acme's own, then a draft of it (version 2) for the author's view.
  const seeded = await withPlatform(database.db, { action: 'bench.lms-seed', audit: false }, async (tx) => {
    const [ws] = await queryRows<{ id: string; admin: string }>(
      tx,
      sql`select w.id, (select m.account_id from memberships m join accounts a on a.id = m.account_id
                         where m.workspace_id = w.id and a.email = 'admin@acme.test') as admin
            from workspaces w where w.host = ${host}`,
    );
    const [course] = await queryRows<{ id: string }>(
      tx,
      sql`insert into courses (workspace_id) values (${ws!.id}) returning id`,
    );
    const [version] = await queryRows<{ id: string }>(
      tx,
      sql`insert into course_versions (course_id, workspace_id, number, primary_language, languages)
          values (${course!.id}, ${ws!.id}, 1, 'en', '{en,hi}') returning id`,
    );
    const v = version!.id;
    await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
        select ${v}, ${v}, l, ${ws!.id}, 'COURSE', jsonb_build_object('title', 'Bench course ' || l, 'description', 'Forty items'), true
          from unnest('{en,hi}'::text[]) l`);
    await tx.execute(sql`insert into course_items (id, stable_id, course_version_id, workspace_id, kind, position, pass_mark)
        select id, id, ${v}, ${ws!.id}, case when g % 2 = 0 then 'LESSON' else 'QUIZ' end, g,
               case when g % 2 = 0 then null else 70 end
          from (select gen_random_uuid() as id, g from generate_series(0, 39) g) s`);
    await tx.execute(sql`insert into lesson_blocks (item_id, course_version_id, workspace_id, stable_id, type, position)
        select i.id, ${v}, ${ws!.id}, gen_random_uuid(), 'TEXT', b from course_items i, generate_series(0, 4) b
         where i.course_version_id = ${v} and i.kind = 'LESSON'`);
    await tx.execute(sql`insert into quiz_questions (item_id, course_version_id, workspace_id, stable_id, type, position)
        select i.id, ${v}, ${ws!.id}, gen_random_uuid(), 'INPUT_BOX', q from course_items i, generate_series(0, 4) q
         where i.course_version_id = ${v} and i.kind = 'QUIZ'`);
    await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
        select ${v}, e.id, l, ${ws!.id}, e.kind, e.body, true
          from (select id, 'ITEM' as kind, jsonb_build_object('title', 'Item ' || position) as body from course_items where course_version_id = ${v}
                union all select id, 'BLOCK', jsonb_build_object('html', '<p>' || repeat('Lesson text. ', 40) || '</p>') from lesson_blocks where course_version_id = ${v}
                union all select id, 'QUESTION', jsonb_build_object('prompt', 'Question?', 'explanation', '', 'options', '{}'::jsonb) from quiz_questions where course_version_id = ${v}) e,
               unnest('{en,hi}'::text[]) l
         where not (l = 'hi' and e.kind = 'BLOCK' and random() < 0.1)`);
    await tx.execute(sql`update course_versions set status = 'PUBLISHED', published_at = app_now() where id = ${v}`);
    await tx.execute(sql`update courses set published_version_id = ${v} where id = ${course!.id}`);
    const [draft] = await queryRows<{ id: string }>(
      tx,
      sql`select app_copy_course_version(${v}, ${course!.id}, ${ws!.admin}) as id`,
    );
    await tx.execute(sql`update courses set draft_version_id = ${draft!.id} where id = ${course!.id}`);
    return { workspaceId: ws!.id, adminId: ws!.admin, courseId: course!.id };
  });
  await database.db.execute(sql`analyze`);

  const loadAtStart = os.loadavg()[0] ?? 0;
  // 1. Direct: the service's `details` in a tenant transaction, as the author and as a learner.
  const scopes = {
    author: {
      owner: seeded.workspaceId,
      accountId: seeded.adminId,
      actor: {
        workspaceId: seeded.workspaceId,
        accountId: seeded.adminId,
        role: 'WORKSPACE_ADMIN' as const,
        scope: { kind: 'workspace' as const },
        permissions: DEFAULT_PERMISSIONS.WORKSPACE_ADMIN,
      },
    },
    learner: {
      owner: seeded.workspaceId,
      accountId: seeded.adminId,
      actor: {
        workspaceId: seeded.workspaceId,
        accountId: seeded.adminId,
        role: 'EMPLOYEE' as const,
        scope: { kind: 'self' as const },
        permissions: DEFAULT_PERMISSIONS.EMPLOYEE,
      },
    },
  };
  const direct: Record<string, { p50: number; p95: number; items: number }> = {};
  for (const who of ['author', 'learner'] as const) {
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < ITERATIONS + 10; i++) {
      const t0 = performance.now();
      const d = await withTenant(database.db, { workspaceId: seeded.workspaceId, accountId: seeded.adminId }, (tx) =>
        courseDetails(tx, scopes[who], seeded.courseId, { language: 'hi' }),
      );
      if (i >= 10) times.push(performance.now() - t0);
      items = d.items.length;
    }
    times.sort((a, b) => a - b);
    direct[who] = { p50: percentile(times, 50), p95: percentile(times, 95), items };
  }
  await database.close();

  // 2. Through the server.
  server = await startServer({ port, dataDir });
  const tokens = {
    author: await signIn(port, host, 'admin@acme.test', 'Demo@12345'),
    learner: await signIn(port, host, 'employee@acme.test', 'Demo@12345'),
  };
  const served: Record<string, Result> = {};
  for (const who of ['author', 'learner'] as const) {
    const common = {
      port,
      concurrency: CONCURRENCY,
      path: `/lms/api/course/details/${seeded.courseId}?language=hi`,
      headers: { host, authorization: `Bearer ${tokens[who]}` },
    };
    await load({ ...common, name: 'warm-up', seconds: 1 });
    served[who] = await load({ ...common, name: who, seconds: SECONDS });
  }
  const rows = (['author', 'learner'] as const).map((who) => {
    const d = direct[who]!;
    const r = served[who]!;
    return `| ${who === 'author' ? 'author (draft v2, translation status and missing texts)' : 'learner (published v1)'} | ${d.items} | ${d.p50.toFixed(1)} | ${d.p95.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rps.toFixed(0)} |`;
  });
  const heading = `## Course details: a 40-item course in Hindi (${engine})`;
  const section = `${heading}

Written by \`npm run bench:lms-details\` (bench/lms-course-details.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. The course: 20 lessons of 5 blocks and 20 quizzes of 5 questions, every text in English and Hindi (about 10% of the Hindi block texts left out, so the author's view has missing texts to list), published as version 1, with a draft version 2 copied from it by \`app_copy_course_version\`. "Direct" calls the server's own \`details\` (its five SQL statements and the assembly of the answer) in a tenant transaction, ${ITERATIONS} times one after another; "server" sends \`GET /lms/api/course/details/{id}?language=hi\` with ${CONCURRENCY} connections for ${SECONDS} s (session check, the same function, JSON).

| caller | items | direct p50 ms | direct p95 ms | server p50 ms | server p95 ms | server req/s |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Machine load (1-minute load average) when the measurements began: ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores${loadAtStart > os.cpus().length ? ': other work was running, so these figures are noisy' : ''}. The server's latency is measured under ${CONCURRENCY} concurrent requests, the direct call one at a time, so the difference includes queueing.
`;
  writeResults({ heading, section });
  console.log(section);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
