import {
  type TCourseDueReminderSettings,
  type TCourseReminderRequest,
  ZCourseDetails,
  ZCourseDueReminderSettings,
  ZCourseReminderResult,
} from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';

/** Calls of the course reminders screen (issue 14). */
export const remindersApi = {
  course: (courseId: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: `/course/details/${courseId}`, schema: ZCourseDetails, signal }),
  settings: (courseId: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/course/course-due-reminder',
      query: { courseId },
      schema: ZCourseDueReminderSettings,
      signal,
    }),
  saveSettings: (body: TCourseDueReminderSettings) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/course-due-reminder',
      body,
      schema: ZCourseDueReminderSettings,
    }),
  toggle: (courseId: string, enabled: boolean) =>
    apiClient.request({
      service: 'lms',
      method: 'PUT',
      path: `/course/${courseId}/reminder-toggle`,
      body: { enabled },
      schema: ZCourseDueReminderSettings,
    }),
  sendNow: (body: TCourseReminderRequest) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/course-reminder',
      body,
      schema: ZCourseReminderResult,
    }),
};
