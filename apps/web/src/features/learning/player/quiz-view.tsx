import type { TLanguage, TLearnerItem, TLearnerQuestion, TPreviewGradeResult, TQuizAnswer } from '@app/contract';
import { LANGUAGE_NAMES } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A quiz as a learner answers it (docs/learning-design.md §3): one control per question type,
 * nothing of the key (the questions are `LearnerQuestion`s). `onCheck` grades the answers — in
 * preview through `preview-grade`, which records nothing; issue 14 passes its recording call.
 */
export function QuizView({
  item,
  onCheck,
}: {
  item: TLearnerItem;
  onCheck: (answers: TQuizAnswer[]) => Promise<TPreviewGradeResult>;
}) {
  const { t } = useTranslation('quizzes');
  const [answers, setAnswers] = useState<Record<string, TQuizAnswer>>({});
  const [result, setResult] = useState<TPreviewGradeResult | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (q: TLearnerQuestion, patch: Partial<TQuizAnswer>) =>
    setAnswers((a) => ({ ...a, [q.id]: { ...(a[q.id] ?? { questionId: q.id }), ...patch } }));
  const check = async () => {
    setBusy(true);
    try {
      setResult(await onCheck(Object.values(answers)));
    } catch {
      // The caller shows why (the learner's player: a refused or failed submission).
    } finally {
      setBusy(false);
    }
  };
  const verdict = (id: string) => result?.perQuestion.find((p) => p.questionId === id);
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
      {item.questions.map((q, i) => (
        <Stack key={q.id} gap="xs" component="section" aria-labelledby={`q-${q.id}`}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} id={`q-${q.id}`}>
              {i + 1}. {q.type === 'FILL_IN_BLANK' ? q.prompt.replace(/\[\[(\d+)\]\]/g, '____ ($1)') : q.prompt}
            </Text>
            <ShownIn fallback={q.fallback} language={q.language} />
          </Group>
          <QuestionInput q={q} answer={answers[q.id]} onChange={(patch) => set(q, patch)} />
          {verdict(q.id) && (
            <Alert
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              color={verdict(q.id)!.answeredCorrectly ? 'green' : 'red'}
              title={t(verdict(q.id)!.answeredCorrectly ? 'player.right' : 'player.wrong')}
            >
              {verdict(q.id)!.explanation}
            </Alert>
          )}
        </Stack>
      ))}
      {result && (
        <Alert
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          color={result.passed ? 'green' : 'red'}
          title={t(result.passed ? 'player.passed' : 'player.failed')}
          role="status"
        >
          {t('player.score', { score: result.score })}
        </Alert>
      )}
      <Group>
        <Button onClick={check} loading={busy}>
          {t('player.check')}
        </Button>
        {result && (
          <Button
            variant="default"
            onClick={() => {
              setAnswers({});
              setResult(null);
            }}
          >
            {t('player.tryAgain')}
          </Button>
        )}
      </Group>
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
        <Select
          aria-labelledby={labelledBy}
          placeholder={t('player.choose')}
          data={data}
          value={answer?.selected?.[0] ?? null}
          onChange={(v) => onChange({ selected: v ? [v] : [] })}
        />
      );
    case 'MULTI_SELECT':
      return (
        <MultiSelect
          aria-labelledby={labelledBy}
          placeholder={t('player.choose')}
          data={data}
          value={answer?.selected ?? []}
          onChange={(v) => onChange({ selected: v })}
        />
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
            <Select
              key={l.id}
              label={l.label}
              placeholder={t('player.choose')}
              data={rights}
              value={matchOf(l.id)}
              onChange={(v) =>
                onChange({
                  matches: [
                    ...(answer?.matches ?? []).filter(([x]) => x !== l.id),
                    ...(v ? [[l.id, v] as [string, string]] : []),
                  ],
                })
              }
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
