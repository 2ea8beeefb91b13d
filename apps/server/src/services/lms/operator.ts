/** Whether `err` (or the driver error it wraps) is PostgreSQL error `code`. */
export function isPgError(err: unknown, code: string): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === code || e?.cause?.code === code;
}
