import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { services: ['main', 'lms', 'cms'] } });
});
afterAll(() => t.close());

it('the committed docs/openapi.json matches the contract (run `npm run openapi` after changing it)', () => {
  const committed = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../docs/openapi.json'), 'utf8'));
  expect(t.app.swagger()).toEqual(committed);
});
