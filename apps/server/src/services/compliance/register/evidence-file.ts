import { AppError } from '../../../core/errors.ts';
import { safeFileName } from '../../../core/storage.ts';
import { openZip, ZipRefused } from '../../../core/zip-archive.ts';

/**
 * What an evidence file is, decided from its bytes alone (never its name or the type the browser
 * claims): a PDF, a PNG or JPEG image, or a Word or Excel document (an Office Open XML zip, read
 * through core/zip-archive.ts's checked reader so that a zip bomb, a path outside the archive or a
 * damaged archive is refused before anything else happens). Anything else is refused with a code
 * the web translates: `UNSUPPORTED_FILE_TYPE` (415) with `params.reason`.
 */

export type EvidenceType = { ext: 'pdf' | 'png' | 'jpg' | 'docx' | 'xlsx'; contentType: string };

const MB = 1024 * 1024;

/** An office document is small once unpacked: tighter limits than a SCORM package's. */
const OFFICE_LIMITS = {
  maxEntries: 2000,
  maxTotalInflated: 100 * MB,
  maxEntryInflated: 60 * MB,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024,
  maxPathLength: 260,
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const starts = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

function unsupported(reason: string, message: string): AppError {
  return new AppError(415, 'UNSUPPORTED_FILE_TYPE', message, { params: { reason } });
}

const ACCEPTED = 'Upload a PDF, a PNG or JPEG image, or a Word (.docx) or Excel (.xlsx) document.';

/** The type of `data` (see above), or a 415 refusal. */
export async function evidenceTypeOf(data: Buffer): Promise<EvidenceType> {
  if (starts(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    // `%PDF-` at the very start, and an end-of-file marker near the end, as a real PDF has.
    if (!data.subarray(Math.max(0, data.length - 2048)).includes(Buffer.from('%%EOF')))
      throw unsupported('DAMAGED_PDF', 'The PDF is incomplete or damaged.');
    return { ext: 'pdf', contentType: 'application/pdf' };
  }
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (starts(data, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (starts(data, [0x50, 0x4b, 0x03, 0x04])) return officeTypeOf(data);
  throw unsupported('NOT_ACCEPTED', ACCEPTED);
}

async function officeTypeOf(data: Buffer): Promise<EvidenceType> {
  let zip: Awaited<ReturnType<typeof openZip>>;
  try {
    zip = await openZip(data, OFFICE_LIMITS);
  } catch (err) {
    if (err instanceof ZipRefused) {
      const reason =
        err.reason === 'TOO_LARGE_INFLATED' || err.reason === 'TOO_MANY_ENTRIES' ? 'ZIP_BOMB' : 'BAD_ARCHIVE';
      throw new AppError(
        415,
        'UNSUPPORTED_FILE_TYPE',
        reason === 'ZIP_BOMB'
          ? 'The document unpacks far larger than a document does; it is refused.'
          : 'The document is damaged or is not a document.',
        { params: { reason } },
      );
    }
    throw err;
  }
  const types = zip.find('[Content_Types].xml');
  if (!types) throw unsupported('NOT_OFFICE_DOCUMENT', ACCEPTED);
  const declared = (await zip.read(types)).toString('utf8');
  if (/macroEnabled/i.test(declared) || zip.files.some((f) => /(^|\/)vbaProject\.bin$/i.test(f.path)))
    throw unsupported('MACROS', 'Documents with macros are refused: save it as .docx or .xlsx without macros.');
  if (zip.find('word/document.xml') && declared.includes(`${DOCX}.main+xml`)) return { ext: 'docx', contentType: DOCX };
  if (zip.find('xl/workbook.xml') && declared.includes('spreadsheetml.sheet.main+xml'))
    return { ext: 'xlsx', contentType: XLSX };
  throw unsupported('NOT_OFFICE_DOCUMENT', ACCEPTED);
}

/**
 * The name a file is kept and shown under: the sent name without any folder part, reduced to a
 * safe alphabet, with the extension of the type its bytes have (a `.pdf` that is really an image
 * is shown as `.png`).
 */
export function evidenceFileName(sent: string, type: EvidenceType): string {
  const base = safeFileName(sent).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${base.slice(0, 70) || 'evidence'}.${type.ext}`;
}
