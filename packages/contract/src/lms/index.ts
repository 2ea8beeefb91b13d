export * from './courses.ts';
export * from './lessons.ts';
