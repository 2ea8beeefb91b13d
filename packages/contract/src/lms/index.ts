export * from './courses.ts';
export * from './quizzes.ts';
export * from './scorm.ts';
