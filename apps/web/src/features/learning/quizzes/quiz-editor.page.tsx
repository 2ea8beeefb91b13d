import {
  LANGUAGE_NAMES,
  QUESTION_TYPES,
  type TAuthorQuestion,
  type TLanguage,
  type TQuestionType,
} from '@app/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { emptyDraft, moved, type TDraft, toDraft, toInput } from './question-draft.ts';
import { QuestionEditor } from './question-editor.tsx';
import { quizzesApi } from './quizzes.api.ts';

/**
 * The quiz editor (docs/learning-design.md §3): pass mark, attempts and shuffling; the questions in
 * order (moved with buttons, keyboard-operable); one question editor per type with its answer key;
 * every text per language. Writes go to the course's draft: when the quiz was published, the
 * server answers the draft's copy and the page follows its new id.
 */
export function QuizEditorPage({ base = '/courses' }: { base?: string }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  usePageTitle(t('quizzes.pageTitle'));
  const { courseId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<TLanguage | null>(null);
  const course = useQuery({
    queryKey: ['lms', 'course-draft', courseId, language],
    queryFn: ({ signal }) => quizzesApi.course(courseId, language ?? undefined, signal),
  });
  const primary = course.data?.languages.find((l) => l.languagePriority === 'PRIMARY')?.language ?? 'en';
  const lang = language ?? primary;
  const item = course.data?.items.find((i) => i.id === itemId || i.stableId === itemId);
  const questions = useQuery({
    queryKey: ['lms', 'quiz-questions', itemId, lang],
    queryFn: ({ signal }) => quizzesApi.questions(itemId, lang, signal),
    enabled: course.isSuccess,
  });
  const [settings, setSettings] = useState({ passMark: 70, attemptLimit: '' as number | '', shuffle: false });
  useEffect(() => {
    if (item)
      setSettings({
        passMark: item.passMark ?? 70,
        attemptLimit: item.attemptLimit ?? '',
        shuffle: item.shuffleQuestions,
      });
  }, [item]);
  const [editing, setEditing] = useState<TDraft | null>(null);
  const [newType, setNewType] = useState<TQuestionType>('MULTIPLE_CHOICE');
  const [busy, setBusy] = useState(false);

  const refresh = async (quizId: string) => {
    await queryClient.invalidateQueries({ queryKey: ['lms'] });
    if (quizId !== itemId) navigate(`${base}/${courseId}/edit/quizzes/${quizId}`, { replace: true });
  };
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    try {
      await refresh(await fn());
      return true;
    } catch (error) {
      notify(errorText(error), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };
  const saveSettings = () =>
    run(async () => {
      const saved = await quizzesApi.updateQuiz(itemId, {
        language: lang,
        passMark: settings.passMark,
        attemptLimit: settings.attemptLimit === '' ? null : settings.attemptLimit,
        shuffleQuestions: settings.shuffle,
      });
      notify(t('quizzes.saved'));
      return saved.id;
    });
  const saveQuestion = async () => {
    if (!editing) return;
    const input = toInput(editing, lang);
    const ok = await run(async () => {
      const saved = editing.id
        ? await quizzesApi.edit(editing.id, input)
        : await quizzesApi.add({ ...input, quizId: itemId });
      return saved.quizId;
    });
    if (ok) setEditing(null);
  };
  const list: TAuthorQuestion[] = questions.data?.content ?? [];
  const move = (index: number, delta: -1 | 1) =>
    run(async () => {
      const ids = moved(
        list.map((q) => q.id),
        index,
        delta,
      );
      await quizzesApi.order(itemId, ids);
      return itemId;
    });
  const remove = (id: string) =>
    run(async () => {
      await quizzesApi.remove(id);
      return itemId;
    });

  if (course.isPending) return <Loader aria-label={t('quizzes.pageTitle')} />;
  if (course.isError) return <Alert color="red">{errorText(course.error)}</Alert>;
  const editingQuestion = editing?.id ? list.find((q) => q.id === editing.id) : undefined;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Anchor component={Link} to={`${base}/${courseId}/edit`}>
          {t('quizzes.back')}
        </Anchor>
        <Anchor component={Link} to={`${base}/${courseId}/preview?language=${lang}&device=phone`}>
          {t('quizzes.preview')}
        </Anchor>
      </Group>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{item?.title || t('quizzes.pageTitle')}</Title>
        <Select
          label={t('quizzes.language')}
          allowDeselect={false}
          data={course.data.languages.map((l) => ({ value: l.language, label: LANGUAGE_NAMES[l.language].nativeName }))}
          value={lang}
          onChange={(v) => {
            if (!v) return;
            setEditing(null);
            setLanguage(v as TLanguage);
          }}
        />
      </Group>
      <Card withBorder component="section" aria-labelledby="quiz-settings">
        <Title order={2} size="h4" id="quiz-settings" mb="sm">
          {t('quizzes.settings')}
        </Title>
        <Group align="flex-end">
          <NumberInput
            label={t('quizzes.passMark')}
            min={0}
            max={100}
            value={settings.passMark}
            onChange={(v) => setSettings((s) => ({ ...s, passMark: typeof v === 'number' ? v : 0 }))}
            w={160}
          />
          <NumberInput
            label={t('quizzes.attemptLimit')}
            description={t('quizzes.attemptLimitHelp')}
            min={1}
            max={20}
            value={settings.attemptLimit}
            onChange={(v) => setSettings((s) => ({ ...s, attemptLimit: typeof v === 'number' ? v : '' }))}
            w={220}
          />
          <Switch
            label={t('quizzes.shuffle')}
            checked={settings.shuffle}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setSettings((s) => ({ ...s, shuffle: checked }));
            }}
          />
          <Button onClick={saveSettings} loading={busy}>
            {t('quizzes.saveSettings')}
          </Button>
        </Group>
      </Card>
      <Stack component="section" aria-labelledby="quiz-questions" gap="sm">
        <Title order={2} size="h4" id="quiz-questions">
          {t('quizzes.questions')}
        </Title>
        {questions.isPending && <Loader size="sm" />}
        {questions.isSuccess && list.length === 0 && <Text c="dimmed">{t('quizzes.noQuestions')}</Text>}
        <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((q, i) =>
            editing?.id === q.id ? (
              <li key={q.id}>
                <QuestionEditor
                  draft={editing}
                  onChange={setEditing}
                  onSave={saveQuestion}
                  onCancel={() => setEditing(null)}
                  saving={busy}
                  reference={editingQuestion?.reference ?? null}
                />
              </li>
            ) : (
              <Card key={q.id} component="li" withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600}>
                      {i + 1}. {q.prompt || q.reference?.prompt || '—'}
                    </Text>
                    <Group gap="xs">
                      <Badge variant="light">{t(`quizzes.types.${q.type}`)}</Badge>
                      {!q.complete && (
                        <Badge color="orange" variant="light">
                          {t('quizzes.incomplete')}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('quizzes.moveUp', { n: i + 1 })}
                      disabled={i === 0 || busy}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('quizzes.moveDown', { n: i + 1 })}
                      disabled={i === list.length - 1 || busy}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </ActionIcon>
                    <Button size="xs" variant="light" onClick={() => setEditing(toDraft(q))}>
                      {t('quizzes.edit')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(q.id)} disabled={busy}>
                      {t('quizzes.delete')}
                    </Button>
                  </Group>
                </Group>
              </Card>
            ),
          )}
        </Stack>
        {editing && editing.id === null ? (
          <QuestionEditor
            draft={editing}
            onChange={setEditing}
            onSave={saveQuestion}
            onCancel={() => setEditing(null)}
            saving={busy}
            reference={null}
          />
        ) : (
          <Group align="flex-end">
            <Select
              label={t('quizzes.type')}
              allowDeselect={false}
              data={QUESTION_TYPES.map((q) => ({ value: q, label: t(`quizzes.types.${q}`) }))}
              value={newType}
              onChange={(v) => v && setNewType(v as TQuestionType)}
            />
            <Button onClick={() => setEditing(emptyDraft(newType))}>{t('quizzes.addQuestion')}</Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

export function CatalogueQuizEditorPage() {
  return <QuizEditorPage base="/platform/courses" />;
}
