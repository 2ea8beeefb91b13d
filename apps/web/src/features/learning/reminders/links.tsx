import { Anchor, Button, Paper, Text } from '@mantine/core';
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

/** The settings page's way to the escalation settings. */
export function EscalationSettingsLink() {
  const { t } = useTranslation('reminders');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Anchor component={Link} to="/settings/escalation" fw={600}>
        {t('escalation.link')}
      </Anchor>
      <Text size="sm" c="dimmed" mt={4}>
        {t('escalation.firstHint')} {t('escalation.secondHint')}
      </Text>
    </Paper>
  );
}
