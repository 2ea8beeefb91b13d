/**
 * `npm test`: builds the web app, then runs every test project (contract, server, server-once, web,
 * and the browser journeys in Chromium); `npm test -- --project server` builds nothing (only the
 * browser journeys load the built app). Without Chromium the browser journeys are left out and this says
 * so plainly; under CI (or REQUIRE_BROWSER=1) a missing browser is a failure instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = process.env.CI === 'true' || process.env.REQUIRE_BROWSER === '1';
const hasBrowser = existsSync(chromium);
const engine = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';

if (!hasBrowser && requireBrowser) {
  console.error(
    `Chromium was not found at ${chromium}, and browser tests are required here (CI or REQUIRE_BROWSER=1).`,
  );
  process.exit(1);
}

const run = (cmd: string, args: string[]) => {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return res.status ?? 1;
};

const extra = process.argv.slice(2);
/** The projects asked for (`--project x` or `--project=x`); none means all of them. */
const asked = extra.flatMap((arg, i) =>
  arg.startsWith('--project=') ? [arg.slice('--project='.length)] : extra[i - 1] === '--project' ? [arg] : [],
);
// Only the browser journeys load the built web app (the server tests serve a folder of their own).
const needsWeb = hasBrowser && (asked.length === 0 || asked.includes('e2e'));

console.log(`\nTests on ${engine}.`);
if (needsWeb && run('npm', ['run', 'build', '--silent', '--workspace', 'apps/web']) !== 0) process.exit(1);

const projects = hasBrowser
  ? []
  : ['--project', 'contract', '--project', 'server', '--project', 'server-once', '--project', 'web'];
const status = run(path.join(root, 'node_modules/.bin/vitest'), ['run', ...projects, ...extra]);

if (!hasBrowser) {
  console.log(
    `\nBrowser tests were SKIPPED: Chromium was not found at ${chromium}.\n` +
      'To run them: install Chromium (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.\n',
  );
}
process.exit(status);
