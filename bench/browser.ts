/** What the browser benchmarks share: Debian's Chromium, the demo employee's session, a table of labelled runs. */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's Chromium (`apt-get install -y chromium fonts-noto-core`), or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium quiet and self-contained on a closed network (as e2e/browser.ts). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The slow-4G profile of issue 11: 1.6 Mbps down, 750 kbps up, 150 ms round trip (Lighthouse's mobile preset). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** The demo employee of Acme (created on the server's first start). */
export const EMPLOYEE = { email: 'employee@acme.test', password: 'Demo@12345' };

/** Signs in through the API as the page would and returns what the web app keeps in localStorage. */
export async function employeeSession(port: number, host: string): Promise<{ key: string; value: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/user/signin`, {
    method: 'POST',
    headers: { origin: `http://${host}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: EMPLOYEE.email, userPassword: EMPLOYEE.password }),
  });
  const body = (await res.json()) as { accessToken?: string; expiresAt?: string };
  if (res.status !== 200 || !body.accessToken) throw new Error(`sign-in failed: ${res.status}`);
  // apps/web/src/lib/auth-token.store.ts: SESSION_STORAGE_KEY and TStoredSession.
  return {
    key: 'compliance.session',
    value: JSON.stringify({ accessToken: body.accessToken, expiresAt: body.expiresAt }),
  };
}

/** "2 × Intel(R) Xeon(R) Processor, Node v24…": the machine a figure was measured on. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}`;
}

/** The rows of the markdown table under `heading` in RESULTS.md whose first cell is a run label. */
export function previousRows(heading: string, resultsFile = path.join(import.meta.dirname, 'RESULTS.md')): string[] {
  let text = '';
  try {
    text = readFileSync(resultsFile, 'utf8');
  } catch {
    return [];
  }
  const start = text.indexOf(heading);
  if (start < 0) return [];
  const end = text.indexOf('\n## ', start + heading.length);
  const section = text.slice(start, end < 0 ? undefined : end);
  const marker = '<!-- runs -->';
  const from = section.indexOf(marker);
  if (from < 0) return [];
  const rows: string[] = [];
  for (const line of section
    .slice(from + marker.length)
    .split('\n')
    .slice(1)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows.slice(2); // header and separator
}

/** `rows` with the row whose label (first cell) is `label` replaced by `row`, or `row` added. */
export function upsertRow(rows: string[], label: string, row: string): string[] {
  const cell = (r: string) => r.split('|')[1]?.trim();
  const kept = rows.filter((r) => cell(r) !== label);
  return [...kept, row];
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
