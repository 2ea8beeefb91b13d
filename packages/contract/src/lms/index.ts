export * from './automation.ts';
export * from './courses.ts';
export * from './credits.ts';
export * from './enrolments.ts';
export * from './jurisdictions.ts';
export * from './lessons.ts';
export * from './quizzes.ts';
export * from './scorm.ts';
