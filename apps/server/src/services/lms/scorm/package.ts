import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  type CheckedZip,
  normaliseZipPath,
  openZip,
  ZIP_LIMITS,
  type ZipFile,
  type ZipLimits,
  ZipRefused,
} from '../../../core/zip-archive.ts';

/**
 * Reading an uploaded SCORM package (design §4 "SCORM zip"): the archive is checked by
 * core/zip-archive.ts (limits, names, counting inflater), `imsmanifest.xml` must be at its root and
 * is parsed by fast-xml-parser with entities left alone and any DOCTYPE refused (so no external or
 * expanding entity is ever seen by the parser), the schema version decides 1.2 or 2004, and every
 * SCO's resource `href` must name a file of the archive. Refusals are ZipRefused with the reason.
 */

export type ScormStandard = 'SCORM_12' | 'SCORM_2004';

export type ScormSco = {
  identifier: string;
  title: string;
  /** The launch address relative to the package root (with its parameters, if any). */
  href: string;
  /** 0–100 (1.2 `adlcp:masteryscore`; 2004 `imsss:minNormalizedMeasure` × 100). */
  masteryScore?: number;
};

export type ScormManifest = {
  identifier: string;
  title: string;
  organisation: string;
  scos: ScormSco[];
  launchHref: string;
};

export type ScormPackageFile = {
  path: string;
  size: number;
  contentType: string;
  read(): Promise<Buffer>;
  zip: ZipFile;
};

export type ScormPackage = {
  standard: ScormStandard;
  manifest: ScormManifest;
  files: ScormPackageFile[];
  inflatedBytes: number;
  archive: CheckedZip;
};

/** At most this much manifest is parsed. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

const badManifest = (why: string) => new ZipRefused('BAD_MANIFEST', `imsmanifest.xml ${why}`);

/** Content types by extension; anything else is application/octet-stream. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.xhtml': 'application/xhtml+xml',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xsd': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.vtt': 'text/vtt',
  '.pdf': 'application/pdf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.swf': 'application/x-shockwave-flash',
};

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.posix.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

type XmlNode = Record<string, unknown>;
const list = (v: unknown): XmlNode[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) as XmlNode[];
const text = (v: unknown): string => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
  if (v && typeof v === 'object' && '#text' in v) return text((v as XmlNode)['#text']);
  if (Array.isArray(v)) return text(v[0]);
  return '';
};
const attr = (node: XmlNode | undefined, name: string): string | undefined => {
  if (!node) return undefined;
  const key = Object.keys(node).find((k) => k.toLowerCase() === `@_${name.toLowerCase()}`);
  const v = key ? node[key] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};

/** Parses the manifest's XML safely: DOCTYPE (and so every entity declaration) refused, entities not processed. */
export function parseManifestXml(xml: string): XmlNode {
  const body = xml.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(body) || /<!ENTITY/i.test(body)) throw badManifest('declares a DOCTYPE');
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw badManifest(`is not well-formed XML (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    allowBooleanAttributes: false,
  });
  const doc = parser.parse(body) as XmlNode;
  const manifest = doc.manifest as XmlNode | undefined;
  if (!manifest || typeof manifest !== 'object') throw badManifest('has no <manifest> element');
  return manifest;
}

/** The SCORM version the manifest declares (schemaversion, else the adlcp namespace). */
function standardOf(manifest: XmlNode, xml: string): ScormStandard {
  const metadata = list(manifest.metadata)[0];
  const version = text(metadata?.schemaversion).toLowerCase();
  if (version === '1.2') return 'SCORM_12';
  if (version.includes('2004') || version === 'cam 1.3') return 'SCORM_2004';
  if (/adlcp_rootv1p2/i.test(xml)) return 'SCORM_12';
  if (/adlcp_v1p3/i.test(xml)) return 'SCORM_2004';
  throw badManifest('declares no SCORM version (1.2 or 2004)');
}

/** A manifest href (relative to the root, after xml:base), as a normalised archive path and the full launch href. */
function resolveHref(base: string, href: string): { filePath: string; launch: string } {
  const joined = `${base}${href}`;
  const cut = joined.search(/[?#]/);
  const filePart = cut >= 0 ? joined.slice(0, cut) : joined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(filePart);
  } catch {
    throw new ZipRefused('BAD_PATH', `the manifest names ${JSON.stringify(href)}, which is not a valid address`);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(decoded) || decoded.startsWith('//')) {
    throw new ZipRefused('BAD_PATH', `the manifest launches ${JSON.stringify(href)}, outside the package`);
  }
  const filePath = normaliseZipPath(decoded, undefined, ZIP_LIMITS.maxPathLength);
  return { filePath, launch: filePath + (cut >= 0 ? joined.slice(cut) : '') };
}

/** The manifest's organisation, SCOs and launch address; every SCO's file must be in the archive. */
function readManifest(manifest: XmlNode, standard: ScormStandard, archive: CheckedZip): ScormManifest {
  const identifier = attr(manifest, 'identifier') ?? '';
  const organizations = list(manifest.organizations)[0];
  const orgs = list(organizations?.organization);
  const defaultOrg = attr(organizations, 'default');
  const org = orgs.find((o) => attr(o, 'identifier') === defaultOrg) ?? orgs[0];
  if (!org) throw badManifest('has no organisation');
  const resourcesNode = list(manifest.resources)[0];
  const resourcesBase = attr(resourcesNode, 'base') ?? '';
  const resources = new Map(list(resourcesNode?.resource).map((r) => [attr(r, 'identifier') ?? '', r]));
  const scos: ScormSco[] = [];
  const walk = (items: XmlNode[]) => {
    for (const item of items) {
      const ref = attr(item, 'identifierref');
      if (ref !== undefined) {
        const resource = resources.get(ref);
        if (!resource) throw badManifest(`refers to a resource ${JSON.stringify(ref)} it does not define`);
        const href = attr(resource, 'href');
        const type = (attr(resource, 'scormtype') ?? '').toLowerCase();
        if (href && type === 'sco') {
          const base = `${resourcesBase}${attr(resource, 'base') ?? ''}`;
          const { filePath, launch } = resolveHref(base, href + (attr(item, 'parameters') ?? ''));
          // Exact, else ignoring case (packages made on Windows); the launch names the archive's own path.
          const file = archive.files.find((f) => f.path === filePath) ?? archive.find(filePath);
          if (!file) {
            throw new ZipRefused('MISSING_RESOURCE', `the manifest launches ${filePath}, which is not in the package`);
          }
          const href2 = file.path + launch.slice(filePath.length);
          const sco: ScormSco = { identifier: attr(item, 'identifier') ?? ref, title: text(item.title), href: href2 };
          const mastery =
            standard === 'SCORM_12'
              ? Number.parseFloat(text(item.masteryscore))
              : Number.parseFloat(
                  text(list(list(list(item.sequencing)[0]?.objectives)[0]?.primaryObjective)[0]?.minNormalizedMeasure),
                ) * 100;
          if (Number.isFinite(mastery) && mastery >= 0 && mastery <= 100)
            sco.masteryScore = Math.round(mastery * 100) / 100;
          scos.push(sco);
        }
      }
      walk(list(item.item));
    }
  };
  walk(list(org.item));
  if (scos.length === 0) throw badManifest('launches no SCO');
  return {
    identifier,
    title: text(org.title) || scos[0]!.title,
    organisation: attr(org, 'identifier') ?? '',
    scos,
    launchHref: scos[0]!.href,
  };
}

/**
 * Reads and checks a SCORM package (the zip's bytes, or a path to it). Throws ZipRefused with the
 * reason: NO_MANIFEST, BAD_MANIFEST, TOO_MANY_ENTRIES, TOO_LARGE_INFLATED, BAD_PATH, DUPLICATE_PATH,
 * UNSUPPORTED_COMPRESSION, MISSING_RESOURCE, DAMAGED.
 */
export async function readScormPackage(source: Buffer | string, limits: ZipLimits = ZIP_LIMITS): Promise<ScormPackage> {
  const bytes = typeof source === 'string' ? await readFile(source) : source;
  const archive = await openZip(bytes, limits);
  const manifestFile = archive.files.find((f) => f.path === 'imsmanifest.xml');
  if (!manifestFile) throw new ZipRefused('NO_MANIFEST', 'there is no imsmanifest.xml at the root of the package');
  if (manifestFile.size > MAX_MANIFEST_BYTES) throw badManifest('is too large');
  const xml = (await archive.read(manifestFile)).toString('utf8');
  const root = parseManifestXml(xml);
  const standard = standardOf(root, xml);
  const manifest = readManifest(root, standard, archive);
  return {
    standard,
    manifest,
    inflatedBytes: archive.inflatedBytes,
    archive,
    files: archive.files.map((f) => ({
      path: f.path,
      size: f.size,
      contentType: contentTypeOf(f.path),
      read: () => archive.read(f),
      zip: f,
    })),
  };
}
