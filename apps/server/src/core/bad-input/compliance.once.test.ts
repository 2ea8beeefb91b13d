// Bad input to the compliance routes (SHARDS in routes.ts); one engine only: see docs/testing.md.
import { badInputCases } from '../../testing/bad-input/harness.ts';

badInputCases('compliance');
