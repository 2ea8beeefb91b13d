import zlib from 'node:zlib';

/**
 * SCORM packages built in code for tests (nothing downloaded): a one-SCO course for SCORM 1.2 and
 * for 2004 whose page has a "Complete" button (status completed, score 80, suspend data "page=2",
 * commit, finish), and hostile variants, each with the refusal reason it must get.
 */

/** One entry of a hand-made zip; the options make the archive lie or misbehave on purpose. */
export type RawZipEntry = {
  name: string;
  data?: Buffer | string;
  /** 8 deflate (default), 0 stored, anything else written as is (with the data stored). */
  method?: number;
  /** The uncompressed size the headers claim (defaults to the true size). */
  claimedSize?: number;
  /** Unix mode written into the external attributes (made by Unix); 0o120777 makes a symbolic link. */
  unixMode?: number;
  /** General-purpose flags (bit 0: encrypted). */
  flags?: number;
  /** The name's bytes, when they should not be UTF-8 of `name`. */
  nameBytes?: Buffer;
};

/** A zip archive of these entries: local headers, data, central directory, end record. */
export function writeZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = typeof e.data === 'string' ? Buffer.from(e.data) : (e.data ?? Buffer.alloc(0));
    const method = e.method ?? 8;
    const bytes = method === 8 ? zlib.deflateRawSync(data) : data;
    const crc = zlib.crc32(data);
    const size = e.claimedSize ?? data.length;
    const name = e.nameBytes ?? Buffer.from(e.name, 'utf8');
    const flags = (e.flags ?? 0) | (e.nameBytes ? 0 : 0x800);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(bytes.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, bytes);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(e.unixMode !== undefined ? (3 << 8) | 20 : 20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(bytes.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(e.unixMode !== undefined ? (e.unixMode << 16) >>> 0 : 0, 38);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += 30 + name.length + bytes.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export type ScormStandardName = 'SCORM_12' | 'SCORM_2004';

/** What the test SCO reports when its "Complete" button is pressed. */
export const TEST_SCO_RESULT = { status: 'completed', score: 80, suspendData: 'page=2' } as const;

/** The SCO page: finds the API in its parents, initialises, and on "Complete" records the result. */
export function scoPage(standard: ScormStandardName, title = 'Fire safety basics'): string {
  const calls =
    standard === 'SCORM_12'
      ? `var api = findApi('API');
  api.LMSInitialize('');
  function complete() {
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    api.LMSSetValue('cmi.core.score.min', '0');
    api.LMSSetValue('cmi.core.score.max', '100');
    api.LMSSetValue('cmi.core.score.raw', '80');
    api.LMSSetValue('cmi.suspend_data', 'page=2');
    api.LMSCommit('');
    api.LMSFinish('');
    document.getElementById('done').textContent = 'Done';
  }`
      : `var api = findApi('API_1484_11');
  api.Initialize('');
  function complete() {
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('cmi.success_status', 'passed');
    api.SetValue('cmi.score.min', '0');
    api.SetValue('cmi.score.max', '100');
    api.SetValue('cmi.score.raw', '80');
    api.SetValue('cmi.score.scaled', '0.8');
    api.SetValue('cmi.suspend_data', 'page=2');
    api.Commit('');
    api.Terminate('');
    document.getElementById('done').textContent = 'Done';
  }`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<h1>${title}</h1>
<p>Keep exits clear.</p>
<button id="complete" type="button" onclick="complete()">Complete</button>
<p id="done"></p>
<script>
  function findApi(name) {
    var w = window;
    for (var i = 0; i < 10 && w; i++) {
      if (w[name]) return w[name];
      if (w === w.parent) break;
      w = w.parent;
    }
    throw new Error('no ' + name);
  }
  ${calls}
</script>
</body></html>
`;
}

/** An imsmanifest.xml with one SCO at `href` (mastery score 70); `extra` goes before `<manifest>`. */
export function manifestXml(
  standard: ScormStandardName,
  opts: { href?: string; title?: string; identifier?: string; prolog?: string } = {},
): string {
  const href = opts.href ?? 'sco/index.html';
  const title = opts.title ?? 'Fire safety';
  const identifier = opts.identifier ?? (standard === 'SCORM_12' ? 'com.example.fire12' : 'com.example.fire2004');
  const prolog = `<?xml version="1.0" encoding="UTF-8"?>\n${opts.prolog ?? ''}`;
  if (standard === 'SCORM_12') {
    return `${prolog}<manifest identifier="${identifier}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org1">
    <organization identifier="org1">
      <title>${title}</title>
      <item identifier="item1" identifierref="res1">
        <title>Fire safety basics</title>
        <adlcp:masteryscore>70</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="${href}">
      <file href="${href}"/>
      <file href="sco/style.css"/>
    </resource>
  </resources>
</manifest>
`;
  }
  return `${prolog}<manifest identifier="${identifier}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org1">
    <organization identifier="org1">
      <title>${title}</title>
      <item identifier="item1" identifierref="res1">
        <title>Fire safety basics</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res1" type="webcontent" adlcp:scormType="sco" href="${href}">
      <file href="${href}"/>
      <file href="sco/style.css"/>
    </resource>
  </resources>
</manifest>
`;
}

/** The entries of a good one-SCO package. */
export function goodEntries(standard: ScormStandardName): RawZipEntry[] {
  return [
    { name: 'imsmanifest.xml', data: manifestXml(standard) },
    { name: 'sco/', data: '', method: 0 },
    { name: 'sco/index.html', data: scoPage(standard) },
    { name: 'sco/style.css', data: 'body { font-family: sans-serif; }\n' },
  ];
}

/** A good one-SCO package of this standard. */
export function buildScormPackage(standard: ScormStandardName): Buffer {
  return writeZip(goodEntries(standard));
}

/** The reason each hostile package must be refused with (ZipRefusal). */
export type HostilePackage = { name: string; zip: Buffer; reason: string };

/** Packages that must be refused, each with its reason code. */
export function hostilePackages(): HostilePackage[] {
  const good = goodEntries('SCORM_12');
  const withEntries = (...extra: RawZipEntry[]) => writeZip([...good, ...extra]);
  const manifest = (xml: string) =>
    writeZip([{ name: 'imsmanifest.xml', data: xml }, ...good.filter((e) => e.name !== 'imsmanifest.xml')]);
  return [
    // 20 MB of zeros packed into ~20 KB: a ratio of ~1000:1.
    {
      name: 'ratio bomb',
      zip: withEntries({ name: 'sco/zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }),
      reason: 'TOO_LARGE_INFLATED',
    },
    // The same bomb, declaring 1 KB: the counting inflater stops it.
    {
      name: 'bomb that lies about its size',
      zip: withEntries({ name: 'sco/zeros.bin', data: Buffer.alloc(20 * 1024 * 1024), claimedSize: 1024 }),
      reason: 'TOO_LARGE_INFLATED',
    },
    {
      name: 'more than 5,000 entries',
      zip: withEntries(...Array.from({ length: 5000 }, (_, i) => ({ name: `sco/f${i}.txt`, data: 'x', method: 0 }))),
      reason: 'TOO_MANY_ENTRIES',
    },
    { name: '../ name', zip: withEntries({ name: '../evil.html', data: 'x' }), reason: 'BAD_PATH' },
    { name: 'nested ../ name', zip: withEntries({ name: 'sco/../../evil.html', data: 'x' }), reason: 'BAD_PATH' },
    { name: 'absolute name', zip: withEntries({ name: '/etc/evil.html', data: 'x' }), reason: 'BAD_PATH' },
    { name: 'drive letter', zip: withEntries({ name: 'C:/evil.html', data: 'x' }), reason: 'BAD_PATH' },
    { name: 'backslash', zip: withEntries({ name: 'sco\\evil.html', data: 'x' }), reason: 'BAD_PATH' },
    {
      name: 'name not UTF-8',
      zip: withEntries({ name: 'x', nameBytes: Buffer.from([0x73, 0x2f, 0xff, 0xfe, 0x2e, 0x68]), data: 'x' }),
      reason: 'BAD_PATH',
    },
    {
      name: 'symbolic link',
      zip: withEntries({ name: 'sco/link', data: '/etc/passwd', unixMode: 0o120777 }),
      reason: 'BAD_PATH',
    },
    {
      name: 'duplicate name, case-folded',
      zip: withEntries({ name: 'sco/Index.HTML', data: 'x' }),
      reason: 'DUPLICATE_PATH',
    },
    {
      name: 'unsupported compression',
      zip: withEntries({ name: 'sco/a.bz2', data: 'BZh9', method: 12 }),
      reason: 'UNSUPPORTED_COMPRESSION',
    },
    {
      name: 'encrypted entry',
      zip: withEntries({ name: 'sco/secret.txt', data: 'x', flags: 1 }),
      reason: 'UNSUPPORTED_COMPRESSION',
    },
    {
      name: 'missing manifest',
      zip: writeZip(good.filter((e) => e.name !== 'imsmanifest.xml')),
      reason: 'NO_MANIFEST',
    },
    {
      name: 'manifest in a folder only',
      zip: writeZip([
        ...good.filter((e) => e.name !== 'imsmanifest.xml'),
        { name: 'pkg/imsmanifest.xml', data: manifestXml('SCORM_12') },
      ]),
      reason: 'NO_MANIFEST',
    },
    {
      name: 'manifest with an external entity',
      zip: manifest(
        manifestXml('SCORM_12', {
          prolog: '<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n',
          title: '&xxe;',
        }),
      ),
      reason: 'BAD_MANIFEST',
    },
    {
      name: 'manifest with entity expansion (billion laughs)',
      zip: manifest(
        manifestXml('SCORM_12', {
          prolog: '<!DOCTYPE manifest [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n',
          title: '&b;',
        }),
      ),
      reason: 'BAD_MANIFEST',
    },
    { name: 'manifest that is not XML', zip: manifest('<manifest><organizations></manifest'), reason: 'BAD_MANIFEST' },
    {
      name: 'manifest of no SCORM version',
      zip: manifest('<?xml version="1.0"?><manifest identifier="x"><organizations/><resources/></manifest>'),
      reason: 'BAD_MANIFEST',
    },
    {
      name: 'resource naming a missing file',
      zip: manifest(manifestXml('SCORM_12', { href: 'sco/missing.html' })),
      reason: 'MISSING_RESOURCE',
    },
    {
      name: 'resource naming a path outside',
      zip: manifest(manifestXml('SCORM_12', { href: '../index.html' })),
      reason: 'BAD_PATH',
    },
    { name: 'not a zip at all', zip: Buffer.from('this is not a zip archive'), reason: 'DAMAGED_ARCHIVE' },
  ];
}
