import {
  LANGUAGE_NAMES,
  type TLearnerCourse,
  type TLearnerItem,
  type TPreviewGradeResult,
  type TQuizAnswer,
} from '@app/contract';
import { Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LessonView } from './lesson-view.tsx';
import { QuizTitle, QuizView, ShownIn } from './quiz-view.tsx';
import { ScormFrame } from './scorm-frame.tsx';

/**
 * The learner's player of a course version (docs/learning-design.md §3): contents, then the chosen
 * lesson or quiz. Preview passes `onCheckQuiz` = preview grading (nothing recorded); issue 14 reuses
 * it with recording on. Lessons are drawn by the lessons module's LessonView.
 */
export function CoursePlayer({
  course,
  onCheckQuiz,
  learner,
}: {
  course: TLearnerCourse;
  onCheckQuiz: (quizId: string, answers: TQuizAnswer[]) => Promise<TPreviewGradeResult>;
  /**
   * Recording on (the learner's player, issue 14): where to start, which items are locked (until the
   * ones before are completed), a state tag per item, and the item drawn by the caller.
   */
  learner?: {
    current: number;
    onSelect: (index: number) => void;
    isLocked: (index: number) => boolean;
    tag: (index: number) => ReactNode;
    renderItem: (item: TLearnerItem, index: number) => ReactNode;
  };
}) {
  const { t } = useTranslation('quizzes');
  const [own, setOwn] = useState(0);
  const current = learner ? learner.current : own;
  const setCurrent = learner ? learner.onSelect : setOwn;
  const item = course.items[current];
  return (
    <Stack gap="md" p="md">
      <Group gap="xs">
        <Title order={1} size="h2">
          {course.title}
        </Title>
        <ShownIn fallback={course.fallback} language={course.language} />
      </Group>
      {course.items.length === 0 ? (
        <Text c="dimmed">{t('player.empty')}</Text>
      ) : (
        <nav aria-label={t('player.contents')}>
          {course.items.map((i, n) => {
            const locked = learner?.isLocked(n) ?? false;
            return (
              <NavLink
                key={i.id}
                component="button"
                label={`${n + 1}. ${i.title}`}
                rightSection={learner?.tag(n)}
                disabled={locked}
                aria-disabled={locked || undefined}
                active={n === current}
                aria-current={n === current ? 'step' : undefined}
                onClick={() => !locked && setCurrent(n)}
              />
            );
          })}
        </nav>
      )}
      {item && learner?.renderItem(item, current)}
      {item && !learner && (
        <ItemView
          key={item.id}
          item={item}
          primaryName={LANGUAGE_NAMES[course.primaryLanguage].nativeName}
          onCheckQuiz={onCheckQuiz}
        />
      )}
      {item && !learner && current < course.items.length - 1 && (
        <Group justify="flex-end">
          <Button variant="light" onClick={() => setCurrent(current + 1)}>
            {`${current + 2}. ${course.items[current + 1]!.title}`}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ItemView({
  item,
  primaryName,
  onCheckQuiz,
}: {
  item: TLearnerItem;
  primaryName: string;
  onCheckQuiz: (quizId: string, answers: TQuizAnswer[]) => Promise<TPreviewGradeResult>;
}) {
  if (item.kind === 'SCORM' && item.scormPackageId)
    return (
      <Stack component="article" gap="md">
        <QuizTitle item={item} />
        <ScormFrame packageId={item.scormPackageId} title={item.title} />
      </Stack>
    );
  if (item.kind === 'QUIZ')
    return (
      <Stack component="article" gap="md">
        <QuizTitle item={item} />
        <QuizView item={item} onCheck={(answers) => onCheckQuiz(item.id, answers)} />
      </Stack>
    );
  return (
    <Stack component="article" gap="md">
      <QuizTitle item={item} />
      <LessonView blocks={item.blocks} primaryLanguageName={primaryName} />
    </Stack>
  );
}
