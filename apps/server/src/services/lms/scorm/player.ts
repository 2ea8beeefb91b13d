import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ScormStandard } from './package.ts';

/**
 * The player page served on the content origin at `/scorm-player/<token>` (design §4 "SCORM
 * isolation"): it loads the scorm-again runtime, creates `window.API` (SCORM 1.2) or
 * `window.API_1484_11` (2004), loads the SCO in a nested iframe of the same origin (where the SCO
 * finds the API in its parent), and on every commit or finish posts `{ type: 'scorm.commit',
 * standard, cmi }` to the parent origin only. Nothing is stored from here: the app decides what
 * to do with a commit (preview shows it; issue 14 records it).
 */

const require = createRequire(import.meta.url);

/** The scorm-again builds the page loads (`/scorm-runtime/<file>`), read once from node_modules. */
export const SCORM_RUNTIME_FILES = { 'scorm12.min.js': 'SCORM_12', 'scorm2004.min.js': 'SCORM_2004' } as const;
export type ScormRuntimeFile = keyof typeof SCORM_RUNTIME_FILES;

const runtimeCache = new Map<ScormRuntimeFile, Promise<Buffer>>();

/** The bytes of a scorm-again bundle (UMD: defines the global `Scorm12API` / `Scorm2004API`). */
export function scormRuntime(file: ScormRuntimeFile): Promise<Buffer> {
  let cached = runtimeCache.get(file);
  if (!cached) {
    const entry = require.resolve(file === 'scorm12.min.js' ? 'scorm-again/scorm12/min' : 'scorm-again/scorm2004/min');
    cached = readFile(entry);
    runtimeCache.set(file, cached);
  }
  return cached;
}

/** A value as a JavaScript literal that is safe inside an inline `<script>`. */
const js = (v: unknown) =>
  JSON.stringify(v)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

const html = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The launch address of a SCO under a token: each path segment escaped, parameters kept. */
export function contentUrl(token: string, launchHref: string): string {
  const cut = launchHref.search(/[?#]/);
  const file = cut >= 0 ? launchHref.slice(0, cut) : launchHref;
  const rest = cut >= 0 ? launchHref.slice(cut) : '';
  return `/scorm/${token}/${file.split('/').map(encodeURIComponent).join('/')}${rest}`;
}

/** The player page's HTML. */
export function scormPlayerHtml(opts: {
  standard: ScormStandard;
  token: string;
  launchHref: string;
  parentOrigin: string;
  title: string;
  /** The SCO's mastery score (0–100): 1.2's `cmi.student_data.mastery_score`, 2004's `cmi.scaled_passing_score`. */
  masteryScore?: number | undefined;
}): string {
  const twelve = opts.standard === 'SCORM_12';
  const settings = {
    standard: opts.standard,
    parentOrigin: opts.parentOrigin,
    launchUrl: contentUrl(opts.token, opts.launchHref),
    events: twelve ? ['LMSCommit', 'LMSFinish'] : ['Commit', 'Terminate'],
    initial:
      opts.masteryScore === undefined
        ? {}
        : twelve
          ? { student_data: { mastery_score: String(opts.masteryScore) } }
          : { scaled_passing_score: String(opts.masteryScore / 100) },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${html(opts.title)}</title>
<style>html,body{margin:0;height:100%;background:#fff}iframe{border:0;width:100%;height:100%;display:block}</style>
<script src="/scorm-runtime/${twelve ? 'scorm12.min.js' : 'scorm2004.min.js'}"></script>
</head>
<body>
<script>
(function () {
  var settings = ${js(settings)};
  var api = settings.standard === 'SCORM_12'
    ? new window.Scorm12API({ lmsCommitUrl: false, autocommit: false, logLevel: 5 })
    : new window.Scorm2004API({ lmsCommitUrl: false, autocommit: false, logLevel: 5 });
  api.loadFromJSON(settings.initial, '');
  if (settings.standard === 'SCORM_12') window.API = api; else window.API_1484_11 = api;
  function report() {
    var cmi = api.renderCMIToJSONObject().cmi;
    window.parent.postMessage({ type: 'scorm.commit', standard: settings.standard, cmi: cmi }, settings.parentOrigin);
  }
  settings.events.forEach(function (name) { api.on(name, function () { setTimeout(report, 0); }); });
  var frame = document.createElement('iframe');
  frame.title = document.title;
  frame.src = settings.launchUrl;
  document.body.appendChild(frame);
})();
</script>
</body>
</html>
`;
}
