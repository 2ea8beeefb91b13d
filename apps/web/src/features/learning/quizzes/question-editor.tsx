import { QUESTION_TYPES, type TAuthorQuestion, type TQuestionType } from '@app/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { blanksOf, emptyDraft, isChoice, isSingle, newRef, type TDraft, type TDraftOption } from './question-draft.ts';

/**
 * The editor of one question in one language (docs/learning-design.md §3): words, options and the
 * answer key for its type. When translating, the primary language's words are shown beside.
 */
export function QuestionEditor({
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
  reference,
}: {
  draft: TDraft;
  onChange: (d: TDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  reference: TAuthorQuestion['reference'];
}) {
  const { t } = useTranslation('quizzes');
  const set = (patch: Partial<TDraft>) => onChange({ ...draft, ...patch });
  const ref = (text: string | undefined) =>
    reference && text ? t('quizzes.reference', { language: reference.language.toUpperCase(), text }) : undefined;
  const setOption = (r: string, label: string) =>
    set({ options: draft.options.map((o) => (o.ref === r ? { ...o, label } : o)) });
  const removeOption = (r: string) =>
    set({ options: draft.options.filter((o) => o.ref !== r), correct: draft.correct.filter((c) => c !== r) });
  const addOption = (side: TDraftOption['side'] = null) =>
    set({ options: [...draft.options, { ref: newRef(), side, label: '' }] });
  const optionRow = (o: TDraftOption, n: number, control?: React.ReactNode) => (
    <Group key={o.ref} align="flex-end" wrap="nowrap">
      {control}
      <TextInput
        style={{ flex: 1 }}
        label={t('quizzes.option', { n })}
        description={ref(reference?.options[o.ref])}
        value={o.label}
        onChange={(e) => setOption(o.ref, e.currentTarget.value)}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={t('quizzes.removeOption', { n })}
        onClick={() => removeOption(o.ref)}
      >
        ×
      </ActionIcon>
    </Group>
  );
  const lefts = draft.options.filter((o) => o.side === 'LEFT');
  const rights = draft.options.filter((o) => o.side === 'RIGHT');
  return (
    <Fieldset legend={t(`quizzes.types.${draft.type}`)}>
      <Stack gap="sm">
        {draft.id === null && (
          <Select
            label={t('quizzes.type')}
            allowDeselect={false}
            data={QUESTION_TYPES.map((q) => ({ value: q, label: t(`quizzes.types.${q}`) }))}
            value={draft.type}
            onChange={(v) => v && onChange(emptyDraft(v as TQuestionType))}
          />
        )}
        <NumberInput
          label={t('quizzes.points')}
          min={1}
          max={100}
          value={draft.points}
          onChange={(v) => set({ points: typeof v === 'number' ? v : 1 })}
          w={140}
        />
        <Textarea
          label={t('quizzes.prompt')}
          description={
            ref(reference?.prompt) ?? (draft.type === 'FILL_IN_BLANK' ? t('quizzes.promptBlankHelp') : undefined)
          }
          autosize
          minRows={2}
          value={draft.prompt}
          onChange={(e) => set({ prompt: e.currentTarget.value })}
        />
        {isChoice(draft.type) && (
          <Stack gap="xs">
            <Text fw={500}>{t('quizzes.options')}</Text>
            {draft.options.map((o, i) =>
              optionRow(
                o,
                i + 1,
                isSingle(draft.type) ? (
                  <Radio
                    aria-label={`${t('quizzes.right_answer')} ${i + 1}`}
                    checked={draft.correct.includes(o.ref)}
                    onChange={() => set({ correct: [o.ref] })}
                    mb={8}
                  />
                ) : (
                  <Checkbox
                    aria-label={`${t('quizzes.right_answer')} ${i + 1}`}
                    checked={draft.correct.includes(o.ref)}
                    onChange={(e) =>
                      set({
                        correct: e.currentTarget.checked
                          ? [...draft.correct, o.ref]
                          : draft.correct.filter((c) => c !== o.ref),
                      })
                    }
                    mb={8}
                  />
                ),
              ),
            )}
            <Button variant="subtle" onClick={() => addOption()} w="fit-content">
              {t('quizzes.addOption')}
            </Button>
          </Stack>
        )}
        {draft.type === 'MATCHING' && (
          <Stack gap="xs">
            <Text fw={500}>{t('quizzes.left')}</Text>
            {lefts.map((o, i) => (
              <Stack key={o.ref} gap={4}>
                {optionRow(o, i + 1)}
                <Select
                  label={t('quizzes.matchesWith')}
                  data={rights.map((r, j) => ({ value: r.ref, label: r.label || t('quizzes.option', { n: j + 1 }) }))}
                  value={draft.pairs[o.ref] ?? null}
                  onChange={(v) => set({ pairs: { ...draft.pairs, [o.ref]: v ?? '' } })}
                />
              </Stack>
            ))}
            <Text fw={500}>{t('quizzes.right')}</Text>
            {rights.map((o, i) => optionRow(o, i + 1))}
            <Button
              variant="subtle"
              w="fit-content"
              onClick={() =>
                set({
                  options: [
                    ...draft.options,
                    { ref: newRef(), side: 'LEFT', label: '' },
                    { ref: newRef(), side: 'RIGHT', label: '' },
                  ],
                })
              }
            >
              {t('quizzes.addOption')}
            </Button>
          </Stack>
        )}
        {draft.type === 'CHECKBOX_WITH_TEXT' && draft.options[0] && (
          <TextInput
            label={t('quizzes.statement')}
            description={ref(reference?.options[draft.options[0].ref])}
            value={draft.options[0].label}
            onChange={(e) => setOption(draft.options[0]!.ref, e.currentTarget.value)}
          />
        )}
        {draft.type === 'FILL_IN_BLANK' &&
          blanksOf(draft.prompt).map((n) => (
            <Textarea
              key={n}
              label={t('quizzes.blankAnswers', { n })}
              autosize
              value={draft.blanks[n] ?? ''}
              onChange={(e) => set({ blanks: { ...draft.blanks, [n]: e.currentTarget.value } })}
            />
          ))}
        {draft.type === 'INPUT_BOX' && (
          <Textarea
            label={t('quizzes.acceptedAnswers')}
            autosize
            value={draft.accepted}
            onChange={(e) => set({ accepted: e.currentTarget.value })}
          />
        )}
        <Textarea
          label={t('quizzes.explanation')}
          description={ref(reference?.explanation)}
          autosize
          value={draft.explanation}
          onChange={(e) => set({ explanation: e.currentTarget.value })}
        />
        <Group>
          <Button onClick={onSave} loading={saving}>
            {t('quizzes.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('quizzes.cancel')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
