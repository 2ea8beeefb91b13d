import { PHONE_EXAMPLES, parsePhone, type TCountry, ZCountry } from '@app/contract';
import type { Tx } from './db/database.ts';
import { AppError } from './errors.ts';
import { workspaceCountry } from './time-zone.repo.ts';

/**
 * The country whose national way a phone number typed for `workspaceId` is read in: the
 * workspace's, and India's on the platform host (where no workspace is known).
 */
export async function phoneCountry(tx: Tx, workspaceId: string | null): Promise<TCountry> {
  if (workspaceId === null) return 'IN';
  return ZCountry.catch('IN').parse(await workspaceCountry(tx, workspaceId));
}

/** The 400 for a phone number that is not one in `country`; its detail says it at `path` with an example. */
export function invalidPhone(path: string, country: TCountry): AppError {
  const example = PHONE_EXAMPLES[country];
  const message = `Enter a phone number such as ${example.national}, or with its country code such as ${example.international}`;
  return new AppError(400, 'VALIDATION_FAILED', message, {
    details: [{ path, message, code: 'PHONE_INVALID', params: { example: example.national } }],
  });
}

/**
 * A phone number as typed (national in `country`, or with a country code) in E.164, the one form
 * stored and compared; a 400 naming `path` otherwise.
 */
export function phoneOrThrow(typed: string, country: TCountry, path: string): string {
  const parsed = parsePhone(typed, country);
  if (!parsed.ok) throw invalidPhone(path, country);
  return parsed.e164;
}
