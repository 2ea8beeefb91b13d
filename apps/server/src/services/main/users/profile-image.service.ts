import {
  PROFILE_IMAGE_MAX_BYTES,
  type TProfileImage,
  type TProfileImageUploadUrl,
  type TProfileImageUploadUrlRequest,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { authorize } from '../../../core/policy.ts';
import { deleteStoredFile, fileUrlOrNull } from '../../../core/storage.ts';
import { storeImage, type Upload } from '../../../core/uploads.ts';
import * as repo from './profile-image.repo.ts';
import { usersPolicy } from './users.policy.ts';
import * as users from './users.repo.ts';
import { manager } from './users.service.ts';

/** How long an upload URL works. */
const UPLOAD_URL_TTL_SECONDS = 300;
/** Profile images are stored at most this many pixels on either side. */
const PROFILE_IMAGE_MAX_PIXELS = 256;

/**
 * The member whose picture the caller wants to change, checked: anyone may change their own; someone
 * else's needs `users.manage` and that user within the caller's reach (outside it: 404, as the user
 * routes answer). Locks the membership for the command.
 */
async function targetOf(ctx: Ctx, tx: Tx, userId: string): Promise<users.UserRow> {
  const scope = ctx.member();
  const m = userId === scope.accountId ? null : manager(ctx);
  const target = await users.findUser(tx, scope.workspaceId, userId, true);
  if (!target) throw errors.notFound('USER');
  if (m) authorize(m, usersPolicy, 'setPicture', target);
  return target;
}

/**
 * `POST /api/user/generate-profile-image-upload-url`: a single-use URL, valid for 5 minutes, to which
 * the caller may send one image for its own picture or (with `users.manage`) for a user in its scope.
 * The image goes through this server in both storage modes, so that it is checked and resized
 * before anyone can see it.
 */
export async function createUploadUrl(ctx: Ctx, input: TProfileImageUploadUrlRequest): Promise<TProfileImageUploadUrl> {
  const scope = ctx.member();
  const token = newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
  await ctx.tenant(async (tx) => {
    const target = await targetOf(ctx, tx, input.userId ?? scope.accountId);
    await repo.insertUpload(tx, {
      workspaceId: scope.workspaceId,
      tokenHash: hashToken(token),
      accountId: scope.accountId,
      targetAccountId: target.userId,
      expiresAt,
    });
  });
  return {
    uploadUrl: `/api/user/profile-image-upload/${token}`,
    method: 'PUT',
    expiresAt: expiresAt.toISOString(),
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
  };
}

const uploadUrlRefused = (status: number, code: string, message: string) => new AppError(status, code, message);

/**
 * `PUT /api/user/profile-image-upload/{token}`: checks the URL (this workspace's, the caller's own, unused,
 * unexpired) before reading the upload, then checks the image by content, resizes it, stores it and
 * records it on the target's membership, using up the URL in the same transaction. A refused image
 * leaves the URL usable until it expires. Audited as `user.profile_image.updated`.
 */
export async function uploadProfileImage(ctx: Ctx, token: string, read: () => Promise<Upload>): Promise<TProfileImage> {
  const scope = ctx.member();
  const tokenHash = hashToken(token);
  const pending = await ctx.tenant((tx) => repo.findUpload(tx, scope.workspaceId, tokenHash));
  if (!pending) {
    throw uploadUrlRefused(404, 'UPLOAD_URL_NOT_FOUND', 'This upload link is not valid here. Ask for a new one.');
  }
  if (pending.accountId !== scope.accountId) throw errors.forbidden('USE_OTHERS_UPLOAD_LINK');
  if (pending.usedAt) {
    throw uploadUrlRefused(409, 'UPLOAD_URL_USED', 'This upload link has been used already. Ask for a new one.');
  }
  if (pending.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw uploadUrlRefused(410, 'UPLOAD_URL_EXPIRED', 'This upload link has expired. Ask for a new one.');
  }
  const upload = await read();
  const saved = await storeImage(
    ctx,
    { workspaceId: scope.workspaceId, area: 'profile-image', upload, maxPixels: PROFILE_IMAGE_MAX_PIXELS },
    (image) =>
      ctx.tenant(async (tx) => {
        const claimed = await repo.claimUpload(tx, scope.workspaceId, tokenHash, scope.accountId);
        if (!claimed) {
          throw uploadUrlRefused(409, 'UPLOAD_URL_USED', 'This upload link has been used already. Ask for a new one.');
        }
        // The caller's reach is checked again: it may have changed since the URL was made.
        const target = await targetOf(ctx, tx, claimed.targetAccountId);
        await users.updateMembership(
          tx,
          scope.workspaceId,
          target.userId,
          { profileImageKey: image.key },
          scope.accountId,
        );
        await ctx.audit('user.profile_image.updated', target.userId, {
          before: { profileImageKey: target.profileImageKey },
          after: { profileImageKey: image.key, width: image.width, height: image.height, bytes: image.bytes },
        });
        return { result: { userId: target.userId, key: image.key }, replaced: target.profileImageKey };
      }),
  );
  return { userId: saved.userId, profileImageUrl: await fileUrlOrNull(ctx.storage, saved.key) };
}

/**
 * `DELETE /api/user/profile-image/{userId}`: removes a picture (own, or with `users.manage` one in
 * scope); the file is deleted once the membership no longer names it. Removing none is fine.
 * Audited as `user.profile_image.removed`.
 */
export async function removeProfileImage(ctx: Ctx, userId: string): Promise<TProfileImage> {
  const scope = ctx.member();
  const removed = await ctx.tenant(async (tx) => {
    const target = await targetOf(ctx, tx, userId);
    if (!target.profileImageKey) return null;
    await users.updateMembership(tx, scope.workspaceId, target.userId, { profileImageKey: null }, scope.accountId);
    await ctx.audit('user.profile_image.removed', target.userId, {
      before: { profileImageKey: target.profileImageKey },
      after: { profileImageKey: null },
    });
    return target.profileImageKey;
  });
  if (removed) await deleteStoredFile(ctx, removed);
  return { userId, profileImageUrl: null };
}
