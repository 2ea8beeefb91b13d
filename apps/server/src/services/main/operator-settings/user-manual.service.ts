import type { TUserManual } from '@app/contract';
import { adminScope } from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import { operatorOf } from '../../../core/policy.ts';
import { deleteStoredFile, newFileKey, safeFileName } from '../../../core/storage.ts';
import * as repo from './operator-settings.repo.ts';
import { requireOperator } from './operator-settings.service.ts';

type Audience = 'EMPLOYEE' | 'ADMINISTRATOR';

/** The largest manual accepted. */
export const USER_MANUAL_MAX_BYTES = 20 * 1024 * 1024;
/** How long the link to a manual works. */
const MANUAL_URL_TTL_SECONDS = 15 * 60;

/**
 * Whose manual the caller reads: administrators' for anyone who administers other people (scope
 * `workspace` or `units`, core/admin-scope.ts: the same rule as elevate-IP mode's), employees'
 * otherwise.
 */
function audienceOf(ctx: Ctx): Audience {
  const scope = adminScope(principalOf(ctx));
  return scope && scope.scope.kind !== 'self' ? 'ADMINISTRATOR' : 'EMPLOYEE';
}

/**
 * `GET /api/user-manual`: the manuals of the caller's audience, every language (the web picks the
 * reader's, else English); the operator gets all. Each with a short-lived link to the private file.
 */
export async function listUserManuals(ctx: Ctx): Promise<TUserManual[]> {
  const audiences: Audience[] = operatorOf(ctx) ? ['ADMINISTRATOR', 'EMPLOYEE'] : [audienceOf(ctx)];
  const read = (tx: Parameters<typeof repo.listManuals>[0]) => repo.listManuals(tx, audiences);
  const rows =
    principalOf(ctx).workspaceId === null
      ? await ctx.platform({ action: 'user-manual.list', audit: false }, read)
      : await ctx.tenant(read);
  return Promise.all(
    rows.map(async (r) => ({
      audience: r.audience as Audience,
      language: r.language as TUserManual['language'],
      fileName: r.fileName,
      url: await ctx.storage.downloadUrl(r.storageKey, MANUAL_URL_TTL_SECONDS),
      uploadedAt: r.uploadedAt.toISOString(),
    })),
  );
}

/** Whether the bytes are a PDF (its header within the first kilobyte, as readers accept it). */
export function isPdf(data: Buffer): boolean {
  return data.subarray(0, 1024).includes(Buffer.from('%PDF-'));
}

/**
 * `POST /api/user-manual`: stores the PDF privately and makes it the manual of that audience and
 * language; the one it replaces is deleted once the database points at the new one. Audited (on
 * the platform's log: audience, language, size).
 */
export async function uploadUserManual(
  ctx: Ctx,
  input: { audience: Audience; language: TUserManual['language']; data: Buffer; fileName: string },
): Promise<TUserManual> {
  const operator = requireOperator(ctx);
  if (!isPdf(input.data)) {
    throw new AppError(415, 'NOT_A_PDF', 'The user manual must be a PDF file.', { params: { reason: 'NOT_A_PDF' } });
  }
  const name = safeFileName(input.fileName.toLowerCase().endsWith('.pdf') ? input.fileName : `${input.fileName}.pdf`);
  const key = newFileKey(
    'platform',
    'user-manuals',
    `${input.audience.toLowerCase()}-${input.language}.pdf`,
    ctx.clock.now(),
  );
  await ctx.storage.put(key, input.data, { contentType: 'application/pdf' });
  let replaced: string | null = null;
  let saved: Awaited<ReturnType<typeof repo.upsertManual>>;
  try {
    saved = await ctx.platform(
      {
        action: 'user-manual.upload',
        details: { audience: input.audience, language: input.language, sizeBytes: input.data.length },
      },
      async (tx) => {
        const before = await repo.findManual(tx, input.audience, input.language);
        replaced = before?.storageKey ?? null;
        return repo.upsertManual(tx, {
          audience: input.audience,
          language: input.language,
          storageKey: key,
          fileName: name,
          sizeBytes: input.data.length,
          uploadedBy: operator.accountId,
        });
      },
    );
  } catch (err) {
    await deleteStoredFile(ctx, key);
    throw err;
  }
  if (replaced && replaced !== key) await deleteStoredFile(ctx, replaced);
  return {
    audience: input.audience,
    language: input.language,
    fileName: saved.fileName,
    url: await ctx.storage.downloadUrl(saved.storageKey, MANUAL_URL_TTL_SECONDS),
    uploadedAt: saved.uploadedAt.toISOString(),
  };
}
