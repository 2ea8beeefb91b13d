/** The platform host of the test suite; demo workspaces are `acme.` and `globex.` in front of it. */
export const TEST_PLATFORM_HOST = 'localhost:3000';
export const ACME_HOST = `acme.${TEST_PLATFORM_HOST}`;
export const GLOBEX_HOST = `globex.${TEST_PLATFORM_HOST}`;
