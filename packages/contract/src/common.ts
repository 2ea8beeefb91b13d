import { z } from 'zod';

/** Values that go into an error's translated text: names, counts, limits. */
export const ZErrorParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type TErrorParams = z.infer<typeof ZErrorParams>;

/** One problem of an error: the field (or file row) it is about, in English, and its code for translation. */
export const ZErrorDetail = z.object({
  path: z.string(),
  message: z.string(),
  /** Stable code of this problem, e.g. `ROW_UNKNOWN_UNIT`; translated by the web like an error's code. */
  code: z.string().optional(),
  params: ZErrorParams.optional(),
});
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

/** The one shape of every error response, whatever the service. */
export const ZErrorResponse = z.object({
  /** HTTP status, repeated in the body for clients that only see the body. */
  status: z.number().int(),
  /** Stable machine-readable code, e.g. `VALIDATION_FAILED`, `UNKNOWN_HOST`. */
  code: z.string(),
  /** A sentence a person can act on. */
  message: z.string(),
  /** Per-field (or per-row) problems, each with its own code and parameters when it has one. */
  details: z.array(ZErrorDetail).optional(),
  /**
   * Values for translating the error (for example `{ count: 3 }`), and, under a generic `code` such
   * as `CONFLICT`, `reason`: a stable code of the case. The web shows `reason ?? code` in the
   * reader's language and `message` (English) for a code it does not know.
   */
  params: ZErrorParams.optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Ids are UUIDs sent as strings. */
export const ZUuid = z.uuid();

/** Colours travel as six hex digits without the leading `#`. */
export const ZHexColor = z
  .string()
  .regex(/^[0-9A-Fa-f]{6}$/, 'A colour is six hexadecimal digits without #, e.g. 1F6FEB')
  .transform((v) => v.toUpperCase());

/** Roles a person can hold in a workspace. */
export const ZWorkspaceRole = z.enum(['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN']);
export type TWorkspaceRole = z.infer<typeof ZWorkspaceRole>;

/** The operator's role, held on the platform host only. */
export const ZPlatformRole = z.enum(['PLATFORM_ADMIN']);

/** Sort description of a page, Spring-style, as the spec's paged result carries it. */
export const ZSort = z.object({ empty: z.boolean(), sorted: z.boolean(), unsorted: z.boolean() });

/** Query of a paged list: `pageNo` is zero-based (the browser sends page minus one). */
export const ZPageQuery = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** The spec's paged result around a list of `item`. */
export function ZPagedResult<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    empty: z.boolean(),
    first: z.boolean(),
    last: z.boolean(),
    number: z.number().int(),
    numberOfElements: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    pageable: z.object({
      pageNumber: z.number().int(),
      pageSize: z.number().int(),
      offset: z.number().int(),
      sort: ZSort,
    }),
    sort: ZSort,
  });
}
export type TPagedResult<T> = {
  content: T[];
  empty: boolean;
  first: boolean;
  last: boolean;
  number: number;
  numberOfElements: number;
  size: number;
  totalElements: number;
  totalPages: number;
  pageable: { pageNumber: number; pageSize: number; offset: number; sort: z.infer<typeof ZSort> };
  sort: z.infer<typeof ZSort>;
};

/** Builds a paged result from one page of rows and the total count. */
export function toPagedResult<T>(
  content: T[],
  totalElements: number,
  page: { pageNo: number; pageSize: number },
  sorted = true,
): TPagedResult<T> {
  const totalPages = Math.ceil(totalElements / page.pageSize);
  const sort = { empty: !sorted, sorted, unsorted: !sorted };
  return {
    content,
    empty: content.length === 0,
    first: page.pageNo === 0,
    last: page.pageNo >= totalPages - 1,
    number: page.pageNo,
    numberOfElements: content.length,
    size: page.pageSize,
    totalElements,
    totalPages,
    pageable: { pageNumber: page.pageNo, pageSize: page.pageSize, offset: page.pageNo * page.pageSize, sort },
    sort,
  };
}

/** Business constants of the spec (section 9). */
export const LIMITS = {
  defaultPageSize: 20,
  compliancePageSize: 60,
  complianceCategoryPageSize: 100,
  lessonContentPageSize: 100,
  quizQuestionPageSize: 100,
  departmentPageSize: 300,
  branchPageSize: 20,
  featureFlagPollMs: 20_000,
  accessTokenDays: 120,
} as const;

/**
 * Languages the product is written in (the operator's catalogue may use all of them); a workspace
 * offers only its country's (`COUNTRY_LANGUAGES` in `languages.ts`).
 */
export const LANGUAGES = ['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr'] as const;
/** One of the seven languages: English, Hindi, Kannada, Telugu, Tamil, Marathi, (Canadian) French. */
export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;
