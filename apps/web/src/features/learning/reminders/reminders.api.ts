import {
  type TCourseDueReminderSettings,
  type TCourseReminderRequest,
  type TEscalationSettingSave,
  ZCourseDetails,
  ZCourseDueReminderSettings,
  ZCourseReminderResult,
  ZEscalationRecipients,
  ZEscalationSetting,
  ZEscalationSettingList,
} from '@app/contract';
import { z } from 'zod';
import { apiClient } from '../../../lib/api/index.ts';

/** Calls of the reminders and escalation screens (issue 14). */
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
  escalations: (signal?: AbortSignal) =>
    apiClient.request({
      path: '/escalation-setting/all',
      query: { escalationType: 'COURSE' },
      schema: ZEscalationSettingList,
      signal,
    }),
  /** Who an overdue course would reach, per unit and department (with a course: its unfinished learners counted). */
  recipients: (courseId: string | undefined, signal?: AbortSignal) =>
    apiClient.request({
      path: '/escalation-setting/recipients',
      query: { escalationType: 'COURSE', ...(courseId ? { courseId } : {}) },
      schema: ZEscalationRecipients,
      signal,
    }),
  saveEscalation: (body: TEscalationSettingSave) =>
    apiClient.request({ method: 'POST', path: '/escalation-setting/save', body, schema: ZEscalationSetting }),
  deleteEscalation: (id: string) =>
    apiClient.request({
      method: 'DELETE',
      path: `/escalation-setting/${id}`,
      schema: z.object({ deleted: z.literal(true) }),
    }),
};
