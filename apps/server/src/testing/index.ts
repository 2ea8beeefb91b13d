export * from './capture.ts';
export * from './constants.ts';
export * from './factories.ts';
export * from './lms.ts';
export * from './multipart.ts';
export * from './test-app.ts';
