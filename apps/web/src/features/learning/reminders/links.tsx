import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The course editor's way to the course's reminders page (the page's route loads the `reminders` texts). */
export function CourseRemindersButton({ courseId }: { courseId: string }) {
  const { t } = useTranslation('reminders');
  return (
    <Button component={Link} to={`/courses/${courseId}/reminders`} variant="default">
      {t('course.link')}
    </Button>
  );
}
