import { LANGUAGE_NAMES, offeredLanguages, type TCountry, type TLanguage, ZCountry } from '@app/contract';
import type { Tx } from './db/database.ts';
import { AppError } from './errors.ts';
import { workspaceCountry } from './time-zone.repo.ts';

/**
 * The country whose languages a workspace offers (`COUNTRY_LANGUAGES` in the contract); null on
 * the platform host, where every language may be used (the operator's catalogue).
 */
export async function languageCountry(tx: Tx, workspaceId: string | null): Promise<TCountry | null> {
  if (workspaceId === null) return null;
  return ZCountry.catch('IN').parse(await workspaceCountry(tx, workspaceId));
}

/**
 * Refuses with 400 `LANGUAGE_NOT_OFFERED` a language the workspace's country does not offer (a
 * Canadian workspace offers English and French; an Indian one the six languages of India), named at
 * `path`. Nothing is changed by the request.
 */
export function assertOfferedLanguages(languages: readonly string[], country: TCountry | null, path: string): void {
  const offered = offeredLanguages(country) as readonly string[];
  const refused = languages.find((l) => !offered.includes(l));
  if (refused === undefined) return;
  const names = offered.map((l) => LANGUAGE_NAMES[l as TLanguage].name).join(', ');
  const name = LANGUAGE_NAMES[refused as TLanguage]?.name ?? refused;
  const message = `${name} is not offered in this workspace. Choose one of: ${names}.`;
  const params = { language: refused, offered: offered.join(', ') };
  throw new AppError(400, 'LANGUAGE_NOT_OFFERED', message, {
    params,
    details: [{ path, message, code: 'LANGUAGE_NOT_OFFERED', params }],
  });
}
