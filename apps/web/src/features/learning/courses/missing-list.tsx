import { Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemPath, type TMissingEntry } from './course-logic.ts';

/** The texts still to write (or items a publish refused), each with a link to where it is edited. */
export function MissingList(props: {
  entries: TMissingEntry[];
  base: string;
  courseId: string;
  /** Opens the course's own settings (for the course title and description). */
  onOpenSettings?: () => void;
  label: string;
}) {
  const { t } = useTranslation('courses');
  return (
    <List spacing={4} size="sm" aria-label={props.label}>
      {props.entries.map((e) => {
        const title = e.item?.title || t('editor.translations.unknownItem');
        const text = e.problem
          ? t(`editor.publish.problem.${e.problem}`, { title })
          : t(`editor.translations.kind.${e.kind}`, { title });
        return (
          <List.Item key={`${e.kind}:${e.id}`}>
            {e.item ? (
              <Anchor
                component={Link}
                to={itemPath(props.base, props.courseId, e.item)}
                size="sm"
                c="inherit"
                underline="always"
              >
                {text}
              </Anchor>
            ) : e.kind === 'COURSE' && props.onOpenSettings ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="inherit"
                underline="always"
                onClick={props.onOpenSettings}
              >
                {text}
              </Anchor>
            ) : (
              <Text size="sm" span>
                {text}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
