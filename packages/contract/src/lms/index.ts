export * from './courses.ts';
export * from './scorm.ts';
