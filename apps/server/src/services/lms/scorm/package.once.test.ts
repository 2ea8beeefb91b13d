import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipRefused } from '../../../core/zip-archive.ts';
import { buildScormPackage, goodEntries, hostilePackages, writeZip } from '../../../testing/scorm/build-package.ts';
import { readScormPackage } from './package.ts';

describe('readScormPackage', () => {
  it('reads a SCORM 1.2 package', async () => {
    const pkg = await readScormPackage(buildScormPackage('SCORM_12'));
    expect(pkg.standard).toBe('SCORM_12');
    expect(pkg.manifest).toEqual({
      identifier: 'com.example.fire12',
      title: 'Fire safety',
      organisation: 'org1',
      scos: [{ identifier: 'item1', title: 'Fire safety basics', href: 'sco/index.html', masteryScore: 70 }],
      launchHref: 'sco/index.html',
    });
    expect(pkg.files.map((f) => [f.path, f.contentType])).toEqual([
      ['imsmanifest.xml', 'application/xml'],
      ['sco/index.html', 'text/html; charset=utf-8'],
      ['sco/style.css', 'text/css; charset=utf-8'],
    ]);
    const page = pkg.files.find((f) => f.path === 'sco/index.html')!;
    expect((await page.read()).toString()).toContain("LMSSetValue('cmi.core.lesson_status', 'completed')");
    expect(page.size).toBe((await page.read()).length);
  });

  it('reads a SCORM 2004 package, from a file path', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'scorm-'));
    try {
      const file = path.join(dir, 'pkg.zip');
      await writeFile(file, buildScormPackage('SCORM_2004'));
      const pkg = await readScormPackage(file);
      expect(pkg.standard).toBe('SCORM_2004');
      expect(pkg.manifest.scos).toEqual([
        { identifier: 'item1', title: 'Fire safety basics', href: 'sco/index.html', masteryScore: 70 },
      ]);
      expect(pkg.manifest.identifier).toBe('com.example.fire2004');
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('keeps launch parameters and finds a file whose case differs from the manifest', async () => {
    const entries = goodEntries('SCORM_12').map((e) =>
      e.name === 'imsmanifest.xml'
        ? { ...e, data: String(e.data).replace('href="sco/index.html">', 'href="SCO/Index.html?lang=en">') }
        : e,
    );
    const pkg = await readScormPackage(writeZip(entries));
    expect(pkg.manifest.launchHref).toBe('sco/index.html?lang=en');
  });

  it.each(hostilePackages().map((h) => [h.name, h] as const))('refuses %s', async (_name, hostile) => {
    const refused = await readScormPackage(hostile.zip).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ZipRefused);
    expect((refused as ZipRefused).reason).toBe(hostile.reason);
  });
});
