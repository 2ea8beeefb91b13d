import { chromium } from 'playwright-core';

const base = (h: string) => `http://${h}.localhost:3900`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function shoot(host: string, login: string, paths: string[], lang: string, width: number, tag: string) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 } });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const origin = host ? base(host) : 'http://localhost:3900';
  await page.goto(`${origin}/signin-password`);
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/dashboard/, { timeout: 15000 });
  await page.evaluate((l) => localStorage.setItem('compliance.language', l), lang);
  for (const p of paths) {
    await page.goto(`${origin}${p}`);
    await page.waitForTimeout(2500);
    const name = `${tag}-${lang}-${width}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
    console.log(name, errors.splice(0).join(' | '));
  }
  await ctx.close();
}
const [who, lang, width, ...paths] = process.argv.slice(2);
const map: Record<string, [string, string]> = {
  admin: ['acme', 'admin@acme.test'],
  emp: ['acme', 'employee@acme.test'],
  op: ['', 'operator@platform.test'],
  globex: ['globex', 'admin@globex.test'],
};
const [h, l] = map[who!]!;
await shoot(h, l, paths, lang!, Number(width), who!);
await browser.close();
