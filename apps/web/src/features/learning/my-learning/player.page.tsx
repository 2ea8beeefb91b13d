import {
  LANGUAGE_NAMES,
  type TAnswerKey,
  type TEnrolmentMetadata,
  type TLanguage,
  type TLearnerCourse,
  type TLearnerItem,
  type TLearnerQuestion,
  type TOutlineItem,
  type TPreviewGradeResult,
  type TQuestionReview,
  type TQuizAnswer,
  type TScormCommitMessage,
  type TVideoState,
} from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { CertificateDownloadButton } from '../certificates/certificate-download-button.tsx';
import { CoursePlayer } from '../player/course-player.tsx';
import { LessonView } from '../player/lesson-view.tsx';
import { QuizView, type TQuizResult } from '../player/quiz-view.tsx';
import { ScormFrame } from '../player/scorm-frame.tsx';
import { formatDay } from './dates.ts';
import { myLearningApi } from './my-learning.api.ts';
import { useMyLesson, useMyQuiz, useOutline, useRefreshLearning } from './my-learning.queries.ts';
import { recordVideo } from './video-recorder.ts';

/** An alert's title in the text colour, which keeps its contrast on every tint (axe). */
const READABLE_ALERT = { title: { color: 'var(--mantine-color-text)' } };

/** A tinted badge keeps the text colour, which has its contrast on every tint (axe). */
const READABLE = { root: { color: 'var(--mantine-color-text)' } };

/** The outline in the player's shape (items' contents are fetched one at a time, when opened). */
function asCourse(m: TEnrolmentMetadata): TLearnerCourse {
  return {
    id: m.courseId,
    title: m.title,
    description: m.description,
    language: m.language,
    fallback: m.fallback,
    primaryLanguage: m.primaryLanguage,
    languages: m.languages,
    version: { id: m.enrolmentId, number: 1, status: 'PUBLISHED' },
    items: m.items.map((i) => ({
      id: i.id,
      stableId: i.id,
      kind: i.kind,
      title: i.title,
      language: i.language,
      fallback: i.fallback,
      blocks: [],
      questions: [],
      passMark: i.passMark,
      attemptLimit: null,
      scormPackageId: i.scormPackageId,
    })),
  };
}

const noGrade = (): Promise<TPreviewGradeResult> => Promise.reject(new Error('not in the learner’s player'));

/** `/learning/:enrolmentId`: the learner takes a course, recording on (docs/learning-design.md §7). */
export function LearnerPlayerPage() {
  const { t, i18n } = useTranslation('learner');
  const errorText = useErrorText();
  const { enrolmentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = (params.get('language') ?? i18n.language) as TLanguage;
  const outline = useOutline(enrolmentId, asked);
  usePageTitle(outline.data?.title || t('learner.pageTitle'));
  const [current, setCurrent] = useState<number | null>(null);
  const moved = useRef(false);
  const data = outline.data;
  useEffect(() => {
    if (!data || current !== null) return;
    const resume = data.items.findIndex((i) => i.id === data.resumeItemId);
    setCurrent(resume >= 0 ? resume : Math.max(0, data.items.length - 1));
  }, [data, current]);

  if (outline.isPending) return <Loader aria-label={t('learner.pageTitle')} />;
  if (outline.isError)
    return (
      <Stack gap="md">
        <Anchor component={Link} to="/learning">
          {t('player.back')}
        </Anchor>
        <Alert styles={READABLE_ALERT} color="red" role="alert">
          {errorText(outline.error)}
        </Alert>
      </Stack>
    );
  const m = outline.data;
  const index = current ?? 0;
  const language = m.language;
  // An item the learner moves to opens at its top, its heading focused (not the first one shown on arrival).
  const open = (n: number) => {
    moved.current = true;
    setCurrent(n);
  };
  const next = () => open(Math.min(index + 1, m.items.length - 1));
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to="/learning">
        {t('player.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px' }}>
          <Text size="sm" c="dimmed">
            {m.completedAt
              ? t('learner.completedOn', { date: formatDay(m.completedAt, m.timeZone, i18n.language) })
              : m.dueAt
                ? t('learner.due', { date: formatDay(m.dueAt, m.timeZone, i18n.language) })
                : t('learner.noDue')}
          </Text>
          <Progress value={m.progressPercent} aria-label={t('learner.progressLabel', { title: m.title })} />
          <Text size="sm">{t('player.progress', { percent: m.progressPercent })}</Text>
        </Stack>
        {m.languages.length > 1 && (
          <Select
            label={t('player.language')}
            allowDeselect={false}
            w={180}
            data={m.languages.map((l) => ({ value: l.language, label: LANGUAGE_NAMES[l.language].nativeName }))}
            value={language}
            onChange={(v) =>
              v &&
              setParams((p) => {
                const out = new URLSearchParams(p);
                out.set('language', v);
                return out;
              })
            }
          />
        )}
      </Group>
      {m.completedAt && (
        <Alert styles={READABLE_ALERT} color="teal" title={t('player.courseDone')} role="status">
          <Stack gap="xs">
            <Text size="sm">
              {m.score !== null ? t('player.courseDoneScore', { score: m.score }) : t('player.courseDoneNoScore')}
            </Text>
            {m.certificateAvailable && (
              <Group>
                <CertificateDownloadButton enrolmentId={m.enrolmentId} />
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" p={0}>
        <CoursePlayer
          course={asCourse(m)}
          onCheckQuiz={noGrade}
          learner={{
            current: index,
            onSelect: open,
            isLocked: (n) => m.items[n]?.state === 'LOCKED',
            tag: (n) => <ItemTag item={m.items[n]!} />,
            renderItem: (item, n) => (
              <ItemPanel
                key={`${item.id}-${language}`}
                enrolmentId={m.enrolmentId}
                item={item}
                outline={m.items[n]!}
                language={language}
                nextTitle={m.items[n + 1] && m.items[n + 1]!.state !== 'LOCKED' ? m.items[n + 1]!.title : null}
                onNext={next}
                focusOnOpen={moved.current}
              />
            ),
          }}
        />
      </Paper>
    </Stack>
  );
}

function ItemTag({ item }: { item: TOutlineItem }) {
  const { t } = useTranslation('learner');
  if (item.state === 'COMPLETED')
    return (
      <Badge styles={READABLE} color="teal" variant="light" size="sm">
        {t('player.completed')}
      </Badge>
    );
  if (item.state === 'LOCKED')
    return (
      <Badge styles={READABLE} color="gray" variant="outline" size="sm">
        {t('player.locked')}
      </Badge>
    );
  return null;
}

type PanelProps = {
  enrolmentId: string;
  item: TLearnerItem;
  outline: TOutlineItem;
  language: TLanguage;
  nextTitle: string | null;
  onNext: () => void;
  /** Bring the item's top into view and focus its heading when it opens (the learner moved to it). */
  focusOnOpen?: boolean;
};

function ItemPanel(props: PanelProps) {
  const { t } = useTranslation('learner');
  const { item, outline, focusOnOpen } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const completedOnOpen = useRef(outline.state === 'COMPLETED');
  useEffect(() => {
    if (!focusOnOpen || !heading.current) return;
    heading.current.scrollIntoView({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [focusOnOpen]);
  // A lesson just completed: its "Next" button takes the focus its "complete" button had.
  useEffect(() => {
    if (outline.state !== 'COMPLETED' || completedOnOpen.current) return;
    completedOnOpen.current = true;
    if (item.kind !== 'QUIZ') nextButton.current?.focus();
  }, [outline.state, item.kind]);
  return (
    <Stack component="article" gap="md" p="md" aria-labelledby={`item-${item.id}`}>
      <Group gap="xs">
        <Title
          order={2}
          size="h3"
          id={`item-${item.id}`}
          ref={heading}
          tabIndex={-1}
          // Below the fixed header when scrolled to.
          style={{ scrollMarginTop: 80, outline: 'none' }}
        >
          {item.title}
        </Title>
        <ItemTag item={outline} />
      </Group>
      {outline.state === 'LOCKED' ? (
        <Alert styles={READABLE_ALERT} color="gray">
          {t('player.lockedBody')}
        </Alert>
      ) : item.kind === 'QUIZ' ? (
        <MyQuiz {...props} />
      ) : item.kind === 'SCORM' && item.scormPackageId ? (
        <MyScorm {...props} packageId={item.scormPackageId} />
      ) : (
        <MyLesson {...props} />
      )}
      {outline.state === 'COMPLETED' && props.nextTitle && (
        <Group justify="flex-end">
          <Button ref={nextButton} onClick={props.onNext}>
            {t('player.next', { title: props.nextTitle })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

// Lessons: videos recorded while played, resumed where they were left.

function MyLesson({ enrolmentId, item, outline, language }: PanelProps) {
  const { t } = useTranslation('learner');
  const errorText = useErrorText();
  const refresh = useRefreshLearning();
  const lesson = useMyLesson(item.id, enrolmentId, language);
  const [videos, setVideos] = useState<Record<string, TVideoState>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const attached = useRef(new Map<string, { el: HTMLVideoElement; detach: () => void; pending?: number }>());
  const saved = useRef<Record<string, TVideoState>>({});
  useEffect(() => {
    if (!lesson.data) return;
    const initial = Object.fromEntries(lesson.data.videos.map((v) => [v.blockId, v]));
    saved.current = initial;
    setVideos((v) => ({ ...initial, ...v }));
  }, [lesson.data]);
  // The minimum reading time (the server enforces it): counted down from what the server answered.
  const [readyAt, setReadyAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (lesson.data) {
      setNow(Date.now());
      setReadyAt(Date.now() + lesson.data.readingSecondsLeft * 1000);
    }
  }, [lesson.data]);
  useEffect(() => {
    if (readyAt === null || now >= readyAt) return;
    const tick = window.setTimeout(() => setNow(Date.now()), Math.min(1000, readyAt - now));
    return () => window.clearTimeout(tick);
  }, [readyAt, now]);
  useEffect(() => {
    const map = attached.current;
    return () => {
      for (const a of map.values()) a.detach();
      map.clear();
    };
  }, []);
  // React calls a ref callback with null then the element again on re-renders: detach only when it stays gone.
  const onVideo = useCallback(
    (blockId: string, el: HTMLVideoElement | null) => {
      const map = attached.current;
      const had = map.get(blockId);
      if (el === null) {
        if (had)
          had.pending = window.setTimeout(() => {
            had.detach();
            map.delete(blockId);
          }, 0);
        return;
      }
      if (had?.el === el) {
        window.clearTimeout(had.pending);
        return;
      }
      had?.detach();
      const detach = recordVideo(el, saved.current[blockId]?.positionSeconds ?? 0, (beat) => {
        myLearningApi
          .videoProgress({ enrolmentId, blockId, language, ...beat })
          .then((state) => setVideos((v) => ({ ...v, [blockId]: state })))
          .catch(() => undefined);
      });
      map.set(blockId, { el, detach });
    },
    [enrolmentId, language],
  );
  if (lesson.isPending) return <Loader size="sm" />;
  if (lesson.isError)
    return (
      <Alert styles={READABLE_ALERT} color="red" role="alert">
        {errorText(lesson.error)}
      </Alert>
    );
  const videoBlocks = lesson.data.blocks.filter((b) => b.type === 'VIDEO' && b.fileUrl);
  const allWatched = videoBlocks.every((b) => videos[b.id]?.watched);
  const reading = readyAt === null ? 0 : Math.max(0, Math.ceil((readyAt - now) / 1000));
  const complete = async () => {
    setBusy(true);
    setError(null);
    try {
      await myLearningApi.complete({ enrolmentId, itemId: item.id, language });
      // The learner stays on the lesson, now completed; its "Next" button opens the next item.
      await refresh();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <LessonView blocks={lesson.data.blocks} onVideo={onVideo} />
      {videoBlocks.map((b) => {
        const v = videos[b.id];
        const percent = Math.floor((v?.watchedShare ?? 0) * 100);
        return (
          <Text key={b.id} size="sm" c={v?.watched ? 'teal.9' : 'dimmed'} data-video-progress={b.id}>
            {b.body.title ? `${b.body.title}: ` : ''}
            {v?.watched ? t('player.videoDone') : t('player.videoProgress', { percent })}
          </Text>
        );
      })}
      {error ? (
        <Alert styles={READABLE_ALERT} color="red" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      {outline.state !== 'COMPLETED' && (
        <Stack gap={4} align="flex-start">
          <Button onClick={complete} loading={busy} disabled={!allWatched || reading > 0}>
            {t('player.markComplete')}
          </Button>
          {!allWatched && (
            <Text size="sm" c="dimmed">
              {t('player.completeHint')}
            </Text>
          )}
          {reading > 0 && (
            <Text size="sm" c="dimmed" data-testid="reading-wait">
              {t('player.readingWait', { seconds: reading })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

// Quizzes: attempts left shown; the answers only after a pass or the last attempt.

function rightAnswerText(
  q: TLearnerQuestion | undefined,
  key: TAnswerKey | null,
  language: TLanguage,
  checked: string,
) {
  if (!q || !key) return '';
  const label = (id: string) => [...q.options, ...q.left, ...q.right].find((o) => o.id === id)?.label ?? '';
  if ('correct' in key) return key.correct.map(label).join(', ');
  if ('pairs' in key) return key.pairs.map(([l, r]) => `${label(l)} → ${label(r)}`).join('; ');
  const pick = (answers: Partial<Record<TLanguage, string[]>>) =>
    (answers[language] ?? Object.values(answers).flat())[0] ?? '';
  if ('accepted' in key) return pick(key.accepted);
  if ('blanks' in key)
    return Object.entries(key.blanks)
      .map(([n, a]) => `(${n}) ${pick(a)}`)
      .join(', ');
  return checked;
}

function newKey() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function MyQuiz({ enrolmentId, item, language }: PanelProps) {
  const { t } = useTranslation('learner');
  const errorText = useErrorText();
  const refresh = useRefreshLearning();
  const quiz = useMyQuiz(item.id, enrolmentId, language);
  const key = useRef(newKey());
  const [error, setError] = useState<unknown>(null);
  if (quiz.isPending) return <Loader size="sm" />;
  if (quiz.isError)
    return (
      <Alert styles={READABLE_ALERT} color="red" role="alert">
        {errorText(quiz.error)}
      </Alert>
    );
  const q = quiz.data;
  const attemptsLeft = q.attemptsLeft;
  const graded = (review: TQuestionReview[], score: number, passed: boolean): TQuizResult => ({
    score,
    passed,
    passMark: q.passMark,
    perQuestion: review.map((r) => ({
      questionId: r.questionId,
      answeredCorrectly: r.answeredCorrectly,
      points: r.points,
      explanation: r.explanation,
      rightAnswer: r.rightAnswer
        ? t('quiz.rightAnswer', {
            answer: rightAnswerText(
              q.questions.find((x) => x.id === r.questionId),
              r.rightAnswer,
              language,
              t('quiz.checked'),
            ),
          })
        : undefined,
    })),
  });
  const last = q.attempts.at(-1);
  const initial =
    last && q.review && q.answers ? { answers: q.answers, result: graded(q.review, last.score, last.passed) } : null;
  const submit = async (answers: TQuizAnswer[]): Promise<TQuizResult> => {
    setError(null);
    try {
      // A retry after a failed send keeps the key: the server counts the attempt once.
      const result = await myLearningApi.submitQuiz(item.id, key.current, { enrolmentId, answers, language });
      key.current = newKey();
      await refresh();
      return graded(result.review ?? [], result.score, result.passed);
    } catch (err) {
      setError(err);
      throw err;
    }
  };
  const leftText = (n: number | null) =>
    n === null ? t('quiz.unlimited') : n === 0 ? t('quiz.noneLeft') : t('quiz.attemptsLeft', { count: n });
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge styles={READABLE} variant="light">
          {t('quiz.passMark', { passMark: q.passMark })}
        </Badge>
        {!q.passed && (
          <Badge
            styles={READABLE}
            variant="light"
            color={attemptsLeft === 0 ? 'red' : 'gray'}
            data-testid="attempts-left"
          >
            {attemptsLeft === null ? t('quiz.unlimited') : t('quiz.attemptsLeft', { count: attemptsLeft })}
          </Badge>
        )}
      </Group>
      {q.attempts.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('quiz.past')}
          </Text>
          <List size="sm">
            {q.attempts.map((a) => (
              <List.Item key={a.attemptNo}>
                {t('quiz.attemptLine', { n: a.attemptNo, score: a.score })} —{' '}
                {a.passed ? t('quiz.passed') : t('quiz.failed')}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {error ? (
        <Alert styles={READABLE_ALERT} color="red" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      <QuizView
        item={{ ...item, questions: q.questions, passMark: null, attemptLimit: null }}
        initial={initial}
        onCheck={submit}
        canRetry={(r) => !r.passed && attemptsLeft !== 0}
        note={attemptsLeft === null ? undefined : t('quiz.usesAttempt')}
        resultNote={(r) =>
          r.passed
            ? t('quiz.resultPassed', { score: r.score })
            : `${t('quiz.resultFailed', { score: r.score, passMark: q.passMark })} ${leftText(attemptsLeft)}`
        }
      />
    </Stack>
  );
}

// SCORM: every commit of the player is recorded; completed or passed completes the item.

function MyScorm({ enrolmentId, item, language, packageId }: PanelProps & { packageId: string }) {
  const { t } = useTranslation('learner');
  const refresh = useRefreshLearning();
  const done = useRef(false);
  const onCommitMessage = useCallback(
    (message: TScormCommitMessage) => {
      myLearningApi
        .scormCommit(item.id, enrolmentId, message, language)
        .then((p) => {
          if (p.itemState === 'COMPLETED' && !done.current) {
            done.current = true;
            void refresh();
          }
        })
        .catch(() => undefined);
    },
    [enrolmentId, item.id, language, refresh],
  );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('player.scormSaved')}
      </Text>
      <ScormFrame packageId={packageId} title={item.title} onCommitMessage={onCommitMessage} />
    </Stack>
  );
}
