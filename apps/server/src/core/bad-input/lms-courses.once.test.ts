// Bad input to the lms-courses routes (SHARDS in routes.ts); one engine only: see docs/testing.md.
import { badInputCases } from '../../testing/bad-input/harness.ts';

badInputCases('lms-courses');
