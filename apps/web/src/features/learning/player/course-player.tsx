import type { TLearnerBlock, TLearnerCourse, TLearnerItem, TPreviewGradeResult, TQuizAnswer } from '@app/contract';
import { Alert, Anchor, Button, Group, NavLink, Stack, Text, Title, Typography } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuizTitle, QuizView, ShownIn } from './quiz-view.tsx';

/**
 * The learner's player of a course version (docs/learning-design.md §3): contents, then the chosen
 * lesson or quiz. Preview passes `onCheckQuiz` = preview grading (nothing recorded); issue 14 reuses
 * it with recording on. Lesson blocks are rendered here until the lessons module's LessonView is
 * merged (WP2); block HTML is the server's stored, sanitised HTML.
 */
export function CoursePlayer({
  course,
  onCheckQuiz,
}: {
  course: TLearnerCourse;
  onCheckQuiz: (quizId: string, answers: TQuizAnswer[]) => Promise<TPreviewGradeResult>;
}) {
  const { t } = useTranslation('quizzes');
  const [current, setCurrent] = useState(0);
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
          {course.items.map((i, n) => (
            <NavLink
              key={i.id}
              component="button"
              label={`${n + 1}. ${i.title}`}
              active={n === current}
              aria-current={n === current ? 'step' : undefined}
              onClick={() => setCurrent(n)}
            />
          ))}
        </nav>
      )}
      {item && <ItemView key={item.id} item={item} onCheckQuiz={onCheckQuiz} />}
      {item && current < course.items.length - 1 && (
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
  onCheckQuiz,
}: {
  item: TLearnerItem;
  onCheckQuiz: (quizId: string, answers: TQuizAnswer[]) => Promise<TPreviewGradeResult>;
}) {
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
      {item.blocks.map((b) => (
        <BlockView key={b.id} block={b} />
      ))}
    </Stack>
  );
}

const TONES = { INFO: 'blue', WARNING: 'orange', LEGAL: 'gray' } as const;

function BlockView({ block }: { block: TLearnerBlock }) {
  const tag = <ShownIn fallback={block.fallback} language={block.language} />;
  const html = (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML, sanitised by the server (sanitizeLessonHtml)
    <Typography>{<div dangerouslySetInnerHTML={{ __html: block.html ?? '' }} />}</Typography>
  );
  switch (block.type) {
    case 'TEXT':
      return (
        <div style={{ textAlign: block.alignment ?? 'left' }}>
          {tag}
          {html}
        </div>
      );
    case 'NOTIFY':
      return (
        <Alert color={TONES[block.tone ?? 'INFO']} variant="light">
          {tag}
          {html}
        </Alert>
      );
    case 'BUTTON':
      return (
        <Group
          justify={block.alignment === 'center' ? 'center' : block.alignment === 'right' ? 'flex-end' : 'flex-start'}
        >
          <Button component="a" href={block.url} target="_blank" rel="noopener noreferrer nofollow">
            {block.label}
          </Button>
          {tag}
        </Group>
      );
    default:
      return (
        <Text>
          {block.url ? <Anchor href={block.url}>{block.label}</Anchor> : block.label}
          {tag}
        </Text>
      );
  }
}
