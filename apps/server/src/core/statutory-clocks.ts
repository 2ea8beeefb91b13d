import type { DueRule } from './due-rules.ts';

/**
 * The statutory clocks of ../shared/LEGAL.md as due rules (docs/deadlines.md). The reference is the
 * section exactly as LEGAL.md gives it; the anchor says what the caller's date is. Every clock moves
 * a deadline that falls on a day the workplace is closed (a weekend day or a holiday of its calendar)
 * to the next working day, and the answer keeps the date before the move (`movedFrom`) so that a
 * screen can show both. Golden tests: statutory-clocks.test.ts.
 */

/** India: the POSH Act 2013 and Rules 2013. */
export const INDIA_POSH_CLOCKS = {
  /** A complaint within 3 months of the incident (or the last of a series). */
  complaint: {
    key: 'IN.POSH.S9_1',
    anchor: 'the incident, or the last incident of a series',
    offset: 3,
    unit: 'MONTH',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.9(1)',
  },
  /** The committee sends the respondent a copy of the complaint within 7 working days. */
  copyToRespondent: {
    key: 'IN.POSH.RULE_7_2',
    anchor: 'the committee received the complaint',
    offset: 7,
    unit: 'WORKING_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 'Rule 7(2)',
  },
  /** The respondent replies within 10 working days of receiving the copy. */
  respondentReply: {
    key: 'IN.POSH.RULE_7_3',
    anchor: 'the respondent received the copy of the complaint',
    offset: 10,
    unit: 'WORKING_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 'Rule 7(3)',
  },
  /** The inquiry is completed within 90 days; the Act does not say from when (the workspace records its start). */
  inquiry: {
    key: 'IN.POSH.S11_4',
    anchor: 'the inquiry started, as the workspace records it',
    offset: 90,
    unit: 'CALENDAR_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.11(4)',
  },
  /** The inquiry report goes to the employer within 10 days of the inquiry's end. */
  report: {
    key: 'IN.POSH.S13_1',
    anchor: 'the inquiry was completed',
    offset: 10,
    unit: 'CALENDAR_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.13(1)',
  },
  /** The employer acts on the recommendations within 60 (calendar) days of receiving the report. */
  employerAction: {
    key: 'IN.POSH.S13_4',
    anchor: 'the employer received the report',
    offset: 60,
    unit: 'CALENDAR_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.13(4)',
  },
  /** An appeal within 90 days of the recommendations. */
  appeal: {
    key: 'IN.POSH.S18_2',
    anchor: 'the recommendations were made',
    offset: 90,
    unit: 'CALENDAR_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.18(2)',
  },
} as const satisfies Record<string, DueRule>;

/** Canada: the Canada Labour Code Part II and SOR/2020-130. */
export const CANADA_CLC_CLOCKS = {
  /** The principal party is contacted within 7 days of the notice of an occurrence. */
  firstContact: {
    key: 'CA.SOR2020130.S20',
    anchor: 'the employer or designated recipient received the notice of an occurrence',
    offset: 7,
    unit: 'CALENDAR_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.20',
  },
  /** Negotiated resolution begins no later than 45 days after the notice. */
  negotiatedResolution: {
    key: 'CA.SOR2020130.S23_1',
    anchor: 'the notice of an occurrence was received',
    offset: 45,
    unit: 'CALENDAR_DAY',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.23(1)',
  },
  /** The resolution process is completed within one year of the notice (s.33(2) extensions are the case's). */
  completion: {
    key: 'CA.SOR2020130.S33_1',
    anchor: 'the notice of an occurrence was received',
    offset: 1,
    unit: 'YEAR',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.33(1)',
  },
  /** Monthly status updates to the principal and responding parties: the next one a month after the last. */
  statusUpdate: {
    key: 'CA.SOR2020130.S34',
    anchor: 'the notice was received, then each status update',
    offset: 1,
    unit: 'MONTH',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.34',
  },
  /**
   * The annual report on or before 1 March for the previous calendar year: the anchor is the first
   * day after the reporting year (1 January), two months on.
   */
  annualReport: {
    key: 'CA.SOR2020130.S36',
    anchor: '1 January after the reporting calendar year',
    offset: 2,
    unit: 'MONTH',
    onHoliday: 'NEXT_WORKING_DAY',
    reference: 's.36',
  },
} as const satisfies Record<string, DueRule>;
