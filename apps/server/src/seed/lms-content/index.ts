import { CANADA_HVP_COURSE } from './canada-hvp.ts';
import { INDIA_POSH_COURSE } from './india-posh.ts';
import type { DemoCourse } from './types.ts';

export { CANADA_HVP_COURSE } from './canada-hvp.ts';
export { INDIA_POSH_COURSE } from './india-posh.ts';
export type * from './types.ts';
export { ALLOWED_HTML_TAGS } from './types.ts';

/** The operator's demo catalogue courses (docs/learning-design.md §5), written by the seed. */
export const DEMO_COURSES: readonly DemoCourse[] = [INDIA_POSH_COURSE, CANADA_HVP_COURSE];
