export * from './workflows.ts';
