import type { TLanguage, TLearnerItem, TLearnerQuestion, TPreviewGradeResult, TQuizAnswer } from '@app/contract';
import { LANGUAGE_NAMES } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The grading of one attempt, with, per question, the line naming the right answer when it may be shown. */
export type TQuizResult = Omit<TPreviewGradeResult, 'perQuestion'> & {
  perQuestion: Array<TPreviewGradeResult['perQuestion'][number] & { rightAnswer?: string }>;
};

/** Whether the learner gave an answer to `q` (every blank filled, every left item matched). */
export function isAnswered(q: TLearnerQuestion, a: TQuizAnswer | undefined): boolean {
  if (!a) return false;
  switch (q.type) {
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      return (a.selected?.length ?? 0) > 0;
    case 'FILL_IN_BLANK':
      return q.blanks.every((n) => (a.filled?.[n] ?? '').trim() !== '');
    case 'INPUT_BOX':
      return (a.text ?? '').trim() !== '';
    case 'MATCHING':
      return q.left.every((l) => a.matches?.some(([x]) => x === l.id));
    case 'CHECKBOX_WITH_TEXT':
      return a.checked === true;
  }
}

const promptOf = (q: TLearnerQuestion) =>
  q.type === 'FILL_IN_BLANK' ? q.prompt.replace(/\[\[(\d+)\]\]/g, '____ ($1)') : q.prompt;

/**
 * A quiz as a learner answers it (docs/learning-design.md §3): one control per question type,
 * nothing of the key (the questions are `LearnerQuestion`s). `onCheck` grades the answers — in
 * preview through `preview-grade`, which records nothing; in the learner's player it spends an
 * attempt. Questions left unanswered are named and the learner confirms before checking; the result
 * is brought into view and focused, and the answers stay on the page beside each verdict.
 */
export function QuizView({
  item,
  onCheck,
  initial = null,
  canRetry = (r) => !r.passed,
  note,
  resultNote,
}: {
  item: TLearnerItem;
  onCheck: (answers: TQuizAnswer[]) => Promise<TQuizResult>;
  /** An attempt already graded (the learner's last one): its answers and result, shown as after checking. */
  initial?: { answers: TQuizAnswer[]; result: TQuizResult } | null;
  /** Whether "Try again" is offered after `result`. */
  canRetry?: (result: TQuizResult) => boolean;
  /** A line in the confirmation (the learner's player: checking spends an attempt). */
  note?: string;
  /** More words under the result (attempts left). */
  resultNote?: (result: TQuizResult) => string | null;
}) {
  const { t } = useTranslation('quizzes');
  const { t: tc } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, TQuizAnswer>>(() =>
    Object.fromEntries((initial?.answers ?? []).map((a) => [a.questionId, a])),
  );
  const [result, setResult] = useState<TQuizResult | null>(initial?.result ?? null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<TLearnerQuestion[] | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [justChecked, setJustChecked] = useState(0);
  useEffect(() => {
    if (justChecked === 0 || !resultRef.current) return;
    resultRef.current.scrollIntoView({ block: 'center' });
    resultRef.current.focus({ preventScroll: true });
  }, [justChecked]);
  const set = (q: TLearnerQuestion, patch: Partial<TQuizAnswer>) =>
    setAnswers((a) => ({ ...a, [q.id]: { ...(a[q.id] ?? { questionId: q.id }), ...patch } }));
  const submit = async () => {
    setConfirming(null);
    setBusy(true);
    try {
      setResult(await onCheck(Object.values(answers)));
      setJustChecked((n) => n + 1);
    } catch {
      // The caller shows why (the learner's player: a refused or failed submission).
    } finally {
      setBusy(false);
    }
  };
  const check = () => {
    const missing = item.questions.filter((q) => !isAnswered(q, answers[q.id]));
    if (missing.length > 0) setConfirming(missing);
    else void submit();
  };
  const goTo = (q: TLearnerQuestion) => {
    setConfirming(null);
    // After the dialog has returned focus: the question's first control.
    window.setTimeout(() => {
      const section = document.getElementById(`q-${q.id}`)?.closest('section');
      section?.scrollIntoView({ block: 'center' });
      section?.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
    }, 0);
  };
  const verdict = (id: string) => result?.perQuestion.find((p) => p.questionId === id);
  const locked = result !== null || busy;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        {item.passMark !== null && <Badge variant="light">{t('player.passMark', { passMark: item.passMark })}</Badge>}
        {item.attemptLimit !== null && (
          <Badge variant="light" color="gray">
            {t('player.attempts', { count: item.attemptLimit })}
          </Badge>
        )}
      </Group>
      <Box component="fieldset" disabled={locked} m={0} p={0} style={{ border: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {item.questions.map((q, i) => {
            const v = verdict(q.id);
            return (
              <Stack key={q.id} gap="xs" component="section" aria-labelledby={`q-${q.id}`}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={600} id={`q-${q.id}`}>
                    {i + 1}. {promptOf(q)}
                  </Text>
                  <ShownIn fallback={q.fallback} language={q.language} />
                </Group>
                <QuestionInput q={q} answer={answers[q.id]} onChange={(patch) => set(q, patch)} />
                {v && (
                  <Alert
                    styles={{ title: { color: 'var(--mantine-color-text)' } }}
                    color={v.answeredCorrectly ? 'green' : 'red'}
                    title={t(v.answeredCorrectly ? 'player.right' : 'player.wrong')}
                    data-verdict={v.answeredCorrectly ? 'right' : 'wrong'}
                  >
                    {!isAnswered(q, answers[q.id]) && <Text size="sm">{t('player.notAnswered')}</Text>}
                    {v.rightAnswer && <Text size="sm">{v.rightAnswer}</Text>}
                    {v.explanation && <Text size="sm">{v.explanation}</Text>}
                  </Alert>
                )}
              </Stack>
            );
          })}
        </Stack>
      </Box>
      {result && (
        <Alert
          ref={resultRef}
          tabIndex={-1}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          color={result.passed ? 'green' : 'red'}
          title={t(result.passed ? 'player.passed' : 'player.failed')}
          role="status"
          data-testid="quiz-result"
        >
          {/* The caller's words say the score itself (the learner's player), else the bare score. */}
          <Text size="sm">{resultNote?.(result) ?? t('player.score', { score: result.score })}</Text>
        </Alert>
      )}
      <Group>
        {!result && (
          <Button onClick={check} loading={busy}>
            {t('player.check')}
          </Button>
        )}
        {result && canRetry(result) && (
          <Button variant="default" onClick={() => setResult(null)}>
            {t('player.tryAgain')}
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        closeButtonProps={{ 'aria-label': tc('common.close') }}
        title={t('player.unansweredTitle', { count: confirming?.length ?? 0, total: item.questions.length })}
      >
        <Stack gap="sm">
          <Text size="sm">{t('player.unansweredBody')}</Text>
          <List size="sm" spacing={4} aria-label={t('player.unansweredList')}>
            {(confirming ?? []).map((q) => (
              <List.Item key={q.id}>
                <Anchor component="button" type="button" size="sm" onClick={() => goTo(q)} ta="start">
                  {item.questions.indexOf(q) + 1}. {promptOf(q)}
                </Anchor>
              </List.Item>
            ))}
          </List>
          {note && <Text size="sm">{note}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => confirming?.[0] && goTo(confirming[0])}>
              {t('player.keepAnswering')}
            </Button>
            <Button onClick={() => void submit()}>{t('player.checkAnyway')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The "shown in <language>" tag of a text in the course's primary language instead of the learner's. */
export function ShownIn({ fallback, language }: { fallback: boolean; language: TLanguage }) {
  const { t } = useTranslation('quizzes');
  if (!fallback) return null;
  return (
    <Badge variant="light" color="dark" size="sm" style={{ flexShrink: 0 }}>
      {t('player.shownIn', { language: LANGUAGE_NAMES[language].nativeName })}
    </Badge>
  );
}

function QuestionInput({
  q,
  answer,
  onChange,
}: {
  q: TLearnerQuestion;
  answer: TQuizAnswer | undefined;
  onChange: (patch: Partial<TQuizAnswer>) => void;
}) {
  const { t } = useTranslation('quizzes');
  const data = q.options.map((o) => ({ value: o.id, label: o.label }));
  const labelledBy = `q-${q.id}`;
  switch (q.type) {
    case 'MULTIPLE_CHOICE':
      return (
        <Radio.Group
          value={answer?.selected?.[0] ?? null}
          onChange={(v) => onChange({ selected: [v] })}
          aria-labelledby={labelledBy}
        >
          <Stack gap="xs">
            {q.options.map((o) => (
              <Radio key={o.id} value={o.id} label={o.label} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'MULTIPLE_RESPONSE':
      return (
        <Checkbox.Group
          value={answer?.selected ?? []}
          onChange={(v) => onChange({ selected: v })}
          aria-labelledby={labelledBy}
        >
          <Stack gap="xs">
            {q.options.map((o) => (
              <Checkbox key={o.id} value={o.id} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'SINGLE_SELECT':
      return (
        <NativeSelect
          aria-labelledby={labelledBy}
          data={[{ value: '', label: t('player.choose') }, ...data]}
          value={answer?.selected?.[0] ?? ''}
          onChange={(e) => onChange({ selected: e.currentTarget.value ? [e.currentTarget.value] : [] })}
        />
      );
    case 'MULTI_SELECT':
      return (
        <Checkbox.Group
          value={answer?.selected ?? []}
          onChange={(v) => onChange({ selected: v })}
          aria-labelledby={labelledBy}
        >
          <Stack gap="xs">
            {q.options.map((o) => (
              <Checkbox key={o.id} value={o.id} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'FILL_IN_BLANK':
      return (
        <Stack gap="xs">
          {q.blanks.map((n) => (
            <TextInput
              key={n}
              label={t('player.blank', { n })}
              value={answer?.filled?.[n] ?? ''}
              onChange={(e) => onChange({ filled: { ...(answer?.filled ?? {}), [n]: e.currentTarget.value } })}
            />
          ))}
        </Stack>
      );
    case 'INPUT_BOX':
      return (
        <TextInput
          label={t('player.yourAnswer')}
          value={answer?.text ?? ''}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
        />
      );
    case 'MATCHING': {
      const matchOf = (left: string) => answer?.matches?.find(([l]) => l === left)?.[1] ?? null;
      const rights = q.right.map((o) => ({ value: o.id, label: o.label }));
      return (
        <Stack gap="xs">
          {q.left.map((l) => (
            <NativeSelect
              key={l.id}
              label={l.label}
              data={[{ value: '', label: t('player.choose') }, ...rights]}
              value={matchOf(l.id) ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                onChange({
                  matches: [
                    ...(answer?.matches ?? []).filter(([x]) => x !== l.id),
                    ...(v ? [[l.id, v] as [string, string]] : []),
                  ],
                });
              }}
            />
          ))}
        </Stack>
      );
    }
    case 'CHECKBOX_WITH_TEXT':
      return (
        <Checkbox
          label={q.options[0]?.label ?? ''}
          checked={answer?.checked ?? false}
          onChange={(e) => onChange({ checked: e.currentTarget.checked })}
        />
      );
  }
}

export function QuizTitle({ item }: { item: TLearnerItem }) {
  return (
    <Group gap="xs">
      <Title order={2} size="h3">
        {item.title}
      </Title>
      <ShownIn fallback={item.fallback} language={item.language} />
    </Group>
  );
}
