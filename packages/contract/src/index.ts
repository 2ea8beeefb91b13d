export * from './auth.ts';
export * from './bulk-invites.ts';
export * from './common.ts';
export * from './invites.ts';
export * from './organisation.ts';
export * from './platform.ts';
export * from './users.ts';
export * from './workspace.ts';
