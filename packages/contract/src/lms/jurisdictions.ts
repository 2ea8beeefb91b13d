import { z } from 'zod';
import { ZPagedResult, ZUuid } from '../common.ts';

/** Jurisdictions courses are tagged with (platform-owned; docs/learning-design.md §2, WP5). */

export const ZJurisdictionSort = z.enum(['NAME', 'CODE', 'ADDED']);
export type TJurisdictionSort = z.infer<typeof ZJurisdictionSort>;

/** Jurisdiction lists: zero-based `pageNo`, 20 a page. */
export const JURISDICTION_PAGE_SIZE = 20;

export const ZJurisdictionListQuery = z.object({
  pageNo: z.coerce.number().int().min(0).max(100_000).default(0),
  sortBy: ZJurisdictionSort.default('NAME'),
});
export type TJurisdictionListQuery = z.infer<typeof ZJurisdictionListQuery>;

export const ZJurisdictionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{0,31}$/, 'Letters, digits and dashes (e.g. IN-KA), at most 32');
export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A two-letter country code (e.g. IN)');

export const ZJurisdictionInput = z.object({
  code: ZJurisdictionCode,
  name: z.string().trim().min(1).max(120),
  country: ZCountryCode,
  parentId: ZUuid.nullable().optional(),
  /** The holiday calendar its deadlines count with (issue 24), a `holiday_calendars` code; absent: unchanged on update, none on create. */
  holidayCalendar: ZJurisdictionCode.nullable().optional(),
});
export type TJurisdictionInput = z.infer<typeof ZJurisdictionInput>;

export const ZJurisdictionAction = z.enum(['edit', 'delete']);
export type TJurisdictionAction = z.infer<typeof ZJurisdictionAction>;

export const ZJurisdiction = z.object({
  id: ZUuid,
  code: z.string(),
  name: z.string(),
  country: z.string(),
  parentId: ZUuid.nullable(),
  /** The holiday calendar its deadlines count with (a `holiday_calendars` code), if any. */
  holidayCalendar: z.string().nullable(),
  /** How many courses are tagged with it (a tagged jurisdiction cannot be deleted). */
  courseCount: z.number().int(),
  createdAt: z.string(),
  actions: z.array(ZJurisdictionAction),
});
export type TJurisdiction = z.infer<typeof ZJurisdiction>;
export const ZJurisdictionPage = ZPagedResult(ZJurisdiction);

export const ZJurisdictionIdParams = z.object({ id: ZUuid });
export const ZJurisdictionDeleted = z.object({ deleted: z.literal(true) });

/** A holiday calendar as the operator picks one for a jurisdiction: `GET /lms/api/admin/holiday-calendar/all`. */
export const ZHolidayCalendarSummary = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  parentCode: z.string().nullable(),
  holidayCount: z.number().int(),
  completeYears: z.array(z.number().int()),
});
export type THolidayCalendarSummary = z.infer<typeof ZHolidayCalendarSummary>;
export const ZHolidayCalendarList = z.object({ calendars: z.array(ZHolidayCalendarSummary) });
