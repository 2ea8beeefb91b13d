import { type Ctx, principalOf } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';

/**
 * The platform operator's account (PLATFORM_ADMIN on the platform host), else 403
 * `FORBIDDEN_MANAGE_CATALOGUE`: the LMS's operator routes (jurisdictions, availability, credit
 * grants) are the operator's alone.
 */
export function requireOperator(ctx: Ctx): string {
  const me = principalOf(ctx);
  if (me.workspaceId !== null || me.platformRole !== 'PLATFORM_ADMIN' || ctx.workspaceId !== null)
    throw errors.forbidden('MANAGE_CATALOGUE');
  return me.accountId;
}

/** Whether the caller is the operator on the platform host. */
export function isOperatorCall(ctx: Ctx): boolean {
  const me = principalOf(ctx);
  return me.workspaceId === null && me.platformRole === 'PLATFORM_ADMIN' && ctx.workspaceId === null;
}

/** Whether `err` (or the driver error it wraps) is PostgreSQL error `code`. */
export function isPgError(err: unknown, code: string): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === code || e?.cause?.code === code;
}
