export * from './courses.ts';
export * from './quizzes.ts';
