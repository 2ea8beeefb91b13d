export * from './cases.ts';
export * from './workflows.ts';
