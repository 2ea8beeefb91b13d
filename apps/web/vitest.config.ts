import { defineConfig } from 'vitest/config';

/** Unit tests for the web app's pure logic; they run in Node (no DOM is installed). */
export default defineConfig({
  test: {
    environment: 'node',
    name: 'web',
    include: ['src/**/*.test.ts'],
  },
});
