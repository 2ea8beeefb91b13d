import type { TCaseFile } from '@app/contract';
import type { OpenCase } from './case-core.ts';
import * as repo from './cases.repo.ts';

/*
 * A case's files (db/cases-schema.ts `case_files`): the body in storage, encrypted with the data key
 * of the file's audience; its name and content type sealed in `sealed_meta` (context
 * workspace/case/case_files/<id>/meta); size and the plaintext's SHA-256 in clear.
 */

export type FileMeta = { name: string; contentType: string };

export const fileMetaContext = (c: OpenCase, fileId: string) => c.ring!.context('case_files', fileId, 'meta');
export const fileBodyContext = (c: OpenCase, fileId: string) => c.ring!.context('case_files', fileId, 'body');

/** A file row as its reader sees it; null when the caller does not hold its key. */
export function fileView(c: OpenCase, f: repo.FileRow): TCaseFile | null {
  if (!c.ring) throw new Error('fileView: open the case with keys');
  const meta = c.ring.openJson<FileMeta>(f.dataKeyId, fileMetaContext(c, f.id), Buffer.from(f.sealedMeta, 'hex'));
  if (!meta) return null;
  return {
    id: f.id,
    name: meta.name,
    contentType: meta.contentType,
    size: f.sizeBytes,
    sha256: f.sha256,
    uploadedAt: new Date(f.createdAt).toISOString(),
    mine: f.uploadedBy === c.caller.accountId,
  };
}

/** The files the caller may read (RLS by audience), opened. */
export async function listFiles(c: OpenCase): Promise<Array<TCaseFile & { itemId: string | null }>> {
  const rows = await repo.files(c.tx, c.row.workspaceId, c.row.id);
  const out: Array<TCaseFile & { itemId: string | null }> = [];
  for (const r of rows) {
    const v = fileView(c, r);
    if (v) out.push({ ...v, itemId: r.itemId });
  }
  return out;
}
