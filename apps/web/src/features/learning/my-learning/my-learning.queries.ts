import type { TLanguage, TLearnerStatus } from '@app/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { myLearningApi } from './my-learning.api.ts';

/** Query keys of the learner's screens (under the session, so sign-out drops them). */
export const myLearningKeys = { all: ['session', 'lms', 'my-learning'] as const };

export function useMyStats(enabled = true) {
  return useQuery({
    queryKey: [...myLearningKeys.all, 'stats'],
    queryFn: ({ signal }) => myLearningApi.stats(signal),
    enabled,
    staleTime: 0,
  });
}

export function useMyCourses(status: TLearnerStatus | null, pageNo: number, language: TLanguage, enabled = true) {
  return useQuery({
    queryKey: [...myLearningKeys.all, 'courses', status, pageNo, language],
    queryFn: ({ signal }) => myLearningApi.courses({ pageNo, language, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

export function useOutline(enrolmentId: string, language: TLanguage | undefined) {
  return useQuery({
    queryKey: [...myLearningKeys.all, 'outline', enrolmentId, language ?? null],
    queryFn: ({ signal }) => myLearningApi.metadata(enrolmentId, language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyLesson(itemId: string, enrolmentId: string, language: TLanguage | undefined) {
  return useQuery({
    queryKey: [...myLearningKeys.all, 'lesson', enrolmentId, itemId, language ?? null],
    queryFn: ({ signal }) => myLearningApi.lesson(itemId, enrolmentId, language, signal),
    // The saved positions are read once, when the lesson opens (heartbeats move on from there).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useMyQuiz(itemId: string, enrolmentId: string, language: TLanguage | undefined) {
  return useQuery({
    queryKey: [...myLearningKeys.all, 'quiz', enrolmentId, itemId, language ?? null],
    queryFn: ({ signal }) => myLearningApi.quiz(itemId, enrolmentId, language, signal),
  });
}

/** After progress: the outline, the list and the home counts are read again. */
export function useRefreshLearning() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: myLearningKeys.all });
}
