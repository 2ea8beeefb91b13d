/** What the benchmarks in bench/ use of the server's internals (the same code the routes run). */
export { hashPassword } from './core/crypto.ts';
export { openDatabase, queryRows } from './core/db/database.ts';
export { withPlatform, withTenant } from './core/db/tenant.ts';
export { demoHosts, seedDemoData } from './seed/demo.ts';
export { listUsers } from './services/main/users/users.repo.ts';
