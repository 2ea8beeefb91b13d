/**
 * `npm run bench:heartbeats` (issue 14's benchmark): 1,000 learners watching a video at once, each
 * sending the player's heartbeat (POST /lms/api/user-course-content/video-progress) every 5 s for
 * 60 s, through the real server on PostgreSQL (DATABASE_URL; PGlite works too, for a quick look).
 * Measures, in one run:
 *   1. the paced load: errors (must be 0), latency p50/p95/p99 and the writes per second it made;
 *   2. the ceiling through the server: the same heartbeats as fast as 64 connections send them;
 *   3. the same write run directly (the module's own heartbeat statement in a tenant transaction,
 *      as the route runs it, on 16 connections without HTTP): the database's writes per second.
 * Appends its section to bench/RESULTS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  demoHosts,
  insertSession,
  openDatabase,
  queryRows,
  recordVideoHeartbeat,
  seedDemoData,
  withPlatform,
  withTenant,
} from '@app/server/bench';
import { sql } from 'drizzle-orm';
import { type BenchServer, freePort, startServer, writeResults } from './server.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1000);
const EVERY_SECONDS = Number(process.env.BENCH_EVERY ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 10);
const CEILING_CONNECTIONS = 64;
const DIRECT_CONNECTIONS = 16;
const VIDEO_SECONDS = 3600;
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';

const port = await freePort();
const platformHost = `localhost:${port}`;
const host = demoHosts(platformHost).acme;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-heartbeat-bench-'));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Learner = { accountId: string; enrolmentId: string; token: string; at: number };

let server: BenchServer | undefined;
try {
  // 1. Seed: Acme (demo data), a published course of Acme's own with one lesson holding one video,
  //    LEARNERS employees enrolled on it, and a session each (no password hashing: not measured here).
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDemoData(database.db, platformHost);
  const seeded = await withPlatform(database.db, { action: 'bench.heartbeat-seed', audit: false }, async (tx) => {
    const [ws] = await queryRows<{ id: string; hq: string }>(
      tx,
      sql`select w.id, (select id from branches where workspace_id = w.id order by created_at limit 1) as hq
            from workspaces w where w.host = ${host}`,
    );
    const workspaceId = ws!.id;
    const [course] = await queryRows<{ id: string }>(
      tx,
      sql`insert into courses (workspace_id) values (${workspaceId}) returning id`,
    );
    const [version] = await queryRows<{ id: string }>(
      tx,
      sql`insert into course_versions (course_id, workspace_id, number, primary_language, languages)
          values (${course!.id}, ${workspaceId}, 1, 'en', '{en}') returning id`,
    );
    const v = version!.id;
    const [item] = await queryRows<{ id: string }>(
      tx,
      sql`insert into course_items (id, stable_id, course_version_id, workspace_id, kind, position)
          select g, g, ${v}, ${workspaceId}, 'LESSON', 0 from gen_random_uuid() g returning id`,
    );
    const [block] = await queryRows<{ id: string }>(
      tx,
      sql`insert into lesson_blocks (item_id, course_version_id, workspace_id, stable_id, type, position)
          values (${item!.id}, ${v}, ${workspaceId}, gen_random_uuid(), 'VIDEO', 0) returning id`,
    );
    await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
        values (${v}, ${v}, 'en', ${workspaceId}, 'COURSE', '{"title":"Heartbeat bench","description":""}', true),
               (${v}, ${item!.id}, 'en', ${workspaceId}, 'ITEM', '{"title":"The video"}', true),
               (${v}, ${block!.id}, 'en', ${workspaceId}, 'BLOCK', ${JSON.stringify({ fileKey: 'bench.mp4', mime: 'video/mp4', durationSeconds: VIDEO_SECONDS })}::jsonb, true)`);
    await tx.execute(sql`update course_versions set status = 'PUBLISHED', published_at = app_now() where id = ${v}`);
    await tx.execute(sql`update courses set published_version_id = ${v} where id = ${course!.id}`);
    await tx.execute(sql`
      insert into accounts (email, first_name, last_name, email_verified)
      select 'watcher-' || g || '@bench.test', 'Watcher', 'No ' || g, true from generate_series(1, ${LEARNERS}) g
      on conflict do nothing`);
    await tx.execute(sql`
      insert into memberships (workspace_id, account_id, role, branch_id, is_default, active)
      select ${workspaceId}, a.id, 'EMPLOYEE', ${ws!.hq}, true, true from accounts a where a.email like 'watcher-%@bench.test'
      on conflict do nothing`);
    const enrolled = await queryRows<{ accountId: string; enrolmentId: string }>(
      tx,
      sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, started_at)
          select ${workspaceId}, ${course!.id}, ${v}, a.id, app_now() from accounts a where a.email like 'watcher-%@bench.test'
          returning account_id as "accountId", id as "enrolmentId"`,
    );
    const learners: Learner[] = [];
    for (const e of enrolled) {
      const s = await insertSession(tx, { accountId: e.accountId, workspaceId, ip: '127.0.0.1', now: new Date() });
      learners.push({ ...e, token: s.token, at: 0 });
    }
    return { workspaceId, blockId: block!.id, itemId: item!.id, learners };
  });
  await database.db.execute(sql`analyze`);

  // 3 (first, while this process holds the database): the heartbeat write, directly. Each direct
  //    "learner" plays 5 s more of its video per write, as the server would record it.
  const directSeconds = 10;
  const directLatencies: number[] = [];
  let directErrors = 0;
  let directRate = 0;
  {
    const deadline = performance.now() + directSeconds * 1000;
    const positions = new Map<string, number>();
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (performance.now() < deadline) {
        const l = seeded.learners[next++ % seeded.learners.length]!;
        const from = positions.get(l.enrolmentId) ?? 0;
        const to = Math.min(VIDEO_SECONDS, from + EVERY_SECONDS);
        positions.set(l.enrolmentId, to >= VIDEO_SECONDS ? 0 : to);
        const t0 = performance.now();
        try {
          await withTenant(database.db, { workspaceId: seeded.workspaceId, accountId: l.accountId }, (tx) =>
            recordVideoHeartbeat(tx, {
              enrolmentId: l.enrolmentId,
              accountId: l.accountId,
              blockId: seeded.blockId,
              duration: VIDEO_SECONDS,
              position: to,
              from,
              to,
              share: 0.9,
            }),
          );
          directLatencies.push(performance.now() - t0);
        } catch (err) {
          directErrors++;
          if (directErrors < 3) console.error(err);
        }
      }
    };
    await Promise.all(Array.from({ length: databaseUrl ? DIRECT_CONNECTIONS : 1 }, worker));
    const elapsed = (performance.now() - started) / 1000;
    directLatencies.sort((a, b) => a - b);
    directRate = directLatencies.length / elapsed;
  }
  // The direct run's rows would give the paced run a head start: start from nothing.
  await database.db.execute(sql`delete from video_progress`);
  await database.close();

  // 1. The paced load through the server.
  server = await startServer({ port, dataDir });
  const agent = new http.Agent({ keepAlive: true, maxSockets: LEARNERS + CEILING_CONNECTIONS });
  const beat = (l: Learner, from: number, to: number) =>
    new Promise<{ ms: number; status: number }>((resolve) => {
      const payload = JSON.stringify({
        enrolmentId: l.enrolmentId,
        blockId: seeded.blockId,
        duration: VIDEO_SECONDS,
        position: to,
        from,
        to,
      });
      const t0 = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/lms/api/user-course-content/video-progress',
          method: 'POST',
          headers: { host, authorization: `Bearer ${l.token}`, 'content-type': 'application/json' },
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0 }));
        },
      );
      req.on('error', () => resolve({ ms: performance.now() - t0, status: 0 }));
      req.end(payload);
    });

  const loadAtStart = os.loadavg()[0] ?? 0;
  const paced: number[] = [];
  const statuses = new Map<number, number>();
  const pacedStart = performance.now();
  await Promise.all(
    seeded.learners.map(async (l, i) => {
      // Learners start spread over the first interval, as people press play at different moments.
      await sleep((i / seeded.learners.length) * EVERY_SECONDS * 1000);
      const until = pacedStart + SECONDS * 1000;
      let from = 0;
      let tick = performance.now();
      while (tick < until) {
        await sleep(Math.max(0, tick + EVERY_SECONDS * 1000 - performance.now()));
        tick += EVERY_SECONDS * 1000;
        const to = from + EVERY_SECONDS;
        const r = await beat(l, from, to);
        from = to;
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 200 && r.status < 300) paced.push(r.ms);
      }
    }),
  );
  const pacedSeconds = (performance.now() - pacedStart) / 1000;
  const errors = [...statuses].filter(([s]) => s < 200 || s >= 300).reduce((n, [, c]) => n + c, 0);
  paced.sort((a, b) => a - b);

  // 2. The ceiling through the server: 64 connections, back to back, each request a learner's next 5 s
  //    (learners taken in turn, so that each one's pace stays within what its time allows is NOT
  //    guaranteed: refused segments still cost a write and count as answered).
  const ceiling: number[] = [];
  let ceilingErrors = 0;
  let ceilingRate = 0;
  {
    const deadline = performance.now() + CEILING_SECONDS * 1000;
    const positions = new Map<string, number>();
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (performance.now() < deadline) {
        const l = seeded.learners[next++ % seeded.learners.length]!;
        const from = positions.get(l.enrolmentId) ?? SECONDS + EVERY_SECONDS * 2;
        const to = Math.min(VIDEO_SECONDS, from + 1);
        positions.set(l.enrolmentId, to >= VIDEO_SECONDS ? 0 : to);
        const r = await beat(l, from, to);
        if (r.status >= 200 && r.status < 300) ceiling.push(r.ms);
        else ceilingErrors++;
      }
    };
    await Promise.all(Array.from({ length: CEILING_CONNECTIONS }, worker));
    ceilingRate = ceiling.length / ((performance.now() - started) / 1000);
  }
  ceiling.sort((a, b) => a - b);
  agent.destroy();

  const heading = `## Video heartbeats: ${LEARNERS} learners every ${EVERY_SECONDS} s (${engine})`;
  const f = (n: number) => n.toFixed(1);
  const section = `${heading}

Written by \`npm run bench:heartbeats\` (bench/lms-video-heartbeats.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. The server, the database and this load generator share the machine. ${LEARNERS} employees of Acme, each with an enrolment and a session, watch the same one-hour video: each sends \`POST /lms/api/user-course-content/video-progress\` every ${EVERY_SECONDS} s for ${SECONDS} s (the next ${EVERY_SECONDS} s played), on a connection of its own, starting spread over the first ${EVERY_SECONDS} s. Each heartbeat is authenticated (session, membership) and written in one statement (the played seconds OR-ed into the video's bit string, limited by the time since the last heartbeat).

| run | requests | errors | writes/s | p50 ms | p95 ms | p99 ms |
|---|---|---|---|---|---|---|
| paced: ${LEARNERS} learners × every ${EVERY_SECONDS} s, ${SECONDS} s | ${paced.length + errors} | ${errors} | ${f(paced.length / pacedSeconds)} | ${f(percentile(paced, 50))} | ${f(percentile(paced, 95))} | ${f(percentile(paced, 99))} |
| ceiling through the server: ${CEILING_CONNECTIONS} connections back to back, ${CEILING_SECONDS} s | ${ceiling.length + ceilingErrors} | ${ceilingErrors} | ${f(ceilingRate)} | ${f(percentile(ceiling, 50))} | ${f(percentile(ceiling, 95))} | ${f(percentile(ceiling, 99))} |
| the same write run directly (tenant transaction, no HTTP), ${databaseUrl ? DIRECT_CONNECTIONS : 1} connections, ${directSeconds} s | ${directLatencies.length + directErrors} | ${directErrors} | ${f(directRate)} | ${f(percentile(directLatencies, 50))} | ${f(percentile(directLatencies, 95))} | ${f(percentile(directLatencies, 99))} |

Status codes of the paced run: ${[...statuses].map(([s, c]) => `${s}: ${c}`).join(', ')}. The paced load offers ${f(LEARNERS / EVERY_SECONDS)} writes/s; the server's ceiling is ${f((ceilingRate / directRate) * 100)}% of the direct writes/s. Machine load (1-minute load average) when the server runs began: ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores.
`;
  writeResults({ heading, section });
  console.log(section);
  if (errors > 0) process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
