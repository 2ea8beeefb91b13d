/**
 * Where the test time went, per vitest project (contract, server, server-once, web, e2e).
 *
 * As a vitest reporter (listed in vitest.config.ts) it prints, at the end of a run, per project the
 * number of files, the sum of the files' own durations and the span from the project's first file
 * starting to its last ending, then the slowest files. The sum is what a project costs one worker; the
 * span is what it adds to the wall clock while the projects share the workers (the browser journeys
 * run one file at a time, so their span is close to their sum). With `TEST_TIMES_JSON=<file>` it also
 * writes all of it there.
 *
 * As a script, `node scripts/time-per-project.ts <label>=<file> …` prints one table of several such
 * files (`.ci/run` prints its two runs, PGlite and PostgreSQL, at its end).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** `importMs`: of `ms`, importing the file and what it imports (what `isolate: false` saves after the first file). */
type FileTime = { project: string; file: string; ms: number; importMs: number };
type ProjectTime = { project: string; files: number; ms: number; spanMs: number | null };
export type RunTimes = { projects: ProjectTime[]; files: FileTime[] };

const SLOWEST = 12;
const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)}s`);
const row = (cells: string[]) =>
  `  ${cells[0]!.padEnd(26)}${cells
    .slice(1)
    .map((c) => c.padStart(10))
    .join('')}`;

/** What a file kept a worker busy for: importing it (collect), its setup files, its tests and hooks. */
function busy(m: TestModule): number {
  const d = m.diagnostic();
  return d.collectDuration + d.setupDuration + d.duration;
}

export default class TimePerProject implements Reporter {
  private readonly started = new Map<TestModule['moduleId'], number>();
  private readonly ended = new Map<TestModule['moduleId'], number>();
  private readonly key = (m: TestModule) => `${m.project.name} ${m.moduleId}`;

  onTestModuleStart(module: TestModule) {
    this.started.set(this.key(module), Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(this.key(module), Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length === 0) return;
    const files: FileTime[] = modules.map((m) => ({
      project: m.project.name || '(root)',
      file: m.relativeModuleId,
      ms: Math.round(busy(m)),
      importMs: Math.round(m.diagnostic().collectDuration),
    }));
    const byProject = new Map<string, { files: number; ms: number; from: number; to: number }>();
    for (const m of modules) {
      const name = m.project.name || '(root)';
      const p = byProject.get(name) ?? { files: 0, ms: 0, from: Number.POSITIVE_INFINITY, to: 0 };
      p.files += 1;
      p.ms += busy(m);
      p.from = Math.min(p.from, this.started.get(this.key(m)) ?? Number.POSITIVE_INFINITY);
      p.to = Math.max(p.to, this.ended.get(this.key(m)) ?? 0);
      byProject.set(name, p);
    }
    const times: RunTimes = {
      projects: [...byProject].map(([project, p]) => ({
        project,
        files: p.files,
        ms: Math.round(p.ms),
        spanMs: p.to > 0 && Number.isFinite(p.from) ? p.to - p.from : null,
      })),
      files,
    };
    console.log(['', ...table([['', times]]), '', ...slowest(files)].join('\n'));
    const out = process.env.TEST_TIMES_JSON;
    if (out) writeFileSync(out, `${JSON.stringify(times, null, 1)}\n`);
  }
}

/** The per-project table of one or more runs. */
function table(runs: [string, RunTimes][]): string[] {
  const lines = [
    '== Time per test project (sum: of the files’ durations, on one worker; span: first file start to last end)',
    row(['run / project', 'files', 'sum', 'span']),
  ];
  for (const [label, run] of runs) {
    let files = 0;
    let ms = 0;
    for (const p of [...run.projects].sort((a, b) => b.ms - a.ms)) {
      files += p.files;
      ms += p.ms;
      lines.push(row([`${label ? `${label} / ` : ''}${p.project}`, String(p.files), seconds(p.ms), seconds(p.spanMs)]));
    }
    lines.push(row([`${label ? `${label} / ` : ''}all`, String(files), seconds(ms), '']));
  }
  return lines;
}

function slowest(files: FileTime[]): string[] {
  return [
    `== The ${Math.min(SLOWEST, files.length)} slowest test files`,
    ...[...files]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST)
      .map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(12)} ${f.file}`),
  ];
}

if (import.meta.main) {
  const runs: [string, RunTimes][] = [];
  for (const arg of process.argv.slice(2)) {
    const [label, file] = arg.split('=') as [string, string];
    try {
      runs.push([label, JSON.parse(readFileSync(file, 'utf8')) as RunTimes]);
    } catch {
      // That run did not finish (an earlier phase failed): nothing to print for it.
    }
  }
  if (runs.length > 0) console.log(table(runs).join('\n'));
}
