import {
  type TScormImportResult,
  ZCourseDetails,
  ZScormImportResult,
  ZScormLaunchResult,
  ZScormPackage,
} from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';
import { uploadForm } from '../../../lib/api/upload.ts';

/** SCORM calls of the LMS service (docs/learning-design.md §2). */
export const scormApi = {
  /** Uploads a package (to a new course, or as an item of `courseId`'s draft), reporting progress. */
  importPackage: (file: File, opts: { courseId?: string; onProgress?: (fraction: number) => void }) => {
    const form = new FormData();
    if (opts.courseId) form.append('courseId', opts.courseId);
    form.append('file', file);
    return uploadForm<TScormImportResult>({
      service: 'lms',
      path: '/course/scorm/import',
      form,
      as: 'json',
      schema: ZScormImportResult,
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    });
  },
  getPackage: (packageId: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: `/course/scorm/${packageId}`, schema: ZScormPackage, signal }),
  /** The course's draft (or published version) with its items, to find an item's package. */
  courseDetails: (courseId: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: `/course/details/${courseId}`, schema: ZCourseDetails, signal }),
  launch: (packageId: string, parentOrigin: string) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/course/scorm/${packageId}/launch`,
      body: { parentOrigin },
      schema: ZScormLaunchResult,
    }),
};
