import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import type { TCourseScope } from './courses.api.ts';
import { courseKeys } from './courses.queries.ts';

/**
 * A write of the course editor. Afterwards the course's details are loaded again: a write to a
 * published course made a new draft (new version and item ids), and a 409 VERSION_FROZEN means the
 * page showed a version that is no longer the draft. Failures are shown as a toast unless `quiet`.
 */
export function useCourseWrite<TVars, TResult>(
  scope: TCourseScope,
  courseId: string,
  fn: (vars: TVars) => Promise<TResult>,
  opts: { success?: (result: TResult) => string | null; quiet?: boolean } = {},
) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      const message = opts.success?.(result);
      if (message) notify(message);
      void queryClient.invalidateQueries({ queryKey: courseKeys.course(scope, courseId) });
      void queryClient.invalidateQueries({ queryKey: [...courseKeys.all(scope), 'list'] });
    },
    onError: (error) => {
      if (isApiError(error, 409) && error.params?.reason === 'VERSION_FROZEN')
        void queryClient.invalidateQueries({ queryKey: courseKeys.course(scope, courseId) });
      if (!opts.quiet) notify(errorText(t, error), 'error');
    },
  });
}
