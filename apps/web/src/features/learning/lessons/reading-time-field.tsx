import { MAX_MIN_READING_SECONDS, READING_WORDS_PER_MINUTE, type TCourseItem } from '@app/contract';
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/index.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { lessonsApi } from './lessons.api.ts';

/**
 * The lesson's minimum reading time (issue 21 item 3): learners cannot mark the lesson complete
 * sooner after opening it (the server refuses). Empty: estimated from the lesson's words.
 */
export function ReadingTimeField({ lesson, onSaved }: { lesson: TCourseItem; onSaved: (saved: TCourseItem) => void }) {
  const { t } = useTranslation(['lessons', 'common']);
  const [value, setValue] = useState<number | ''>(lesson.minReadingSeconds ?? '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await lessonsApi.updateLesson(lesson.id, {
        title: lesson.title,
        language: lesson.language,
        minReadingSeconds: value === '' ? null : value,
      });
      setMessage({ ok: true, text: t('lessons:reading.saved') });
      onSaved(saved);
    } catch (err) {
      setMessage({ ok: false, text: isApiError(err) ? errorText(t, err) : t('lessons:editor.saveFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group align="end" gap="sm">
        <NumberInput
          label={t('lessons:reading.label')}
          description={t('lessons:reading.description', { words: READING_WORDS_PER_MINUTE })}
          min={0}
          max={MAX_MIN_READING_SECONDS}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : '')}
          w={{ base: '100%', sm: 360 }}
        />
        <Button variant="default" onClick={save} loading={busy}>
          {t('lessons:reading.save')}
        </Button>
      </Group>
      {message &&
        (message.ok ? (
          <Text size="sm" role="status">
            {message.text}
          </Text>
        ) : (
          <Alert color="red" role="alert">
            {message.text}
          </Alert>
        ))}
    </Stack>
  );
}
