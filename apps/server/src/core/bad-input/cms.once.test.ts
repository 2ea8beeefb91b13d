// Bad input to the case-management routes (SHARDS in routes.ts); one engine only: see docs/testing.md.
import { badInputCases } from '../../testing/bad-input/harness.ts';

badInputCases('cms');
