import { LANGUAGE_NAMES, type TLanguage, type TQuizAnswer } from '@app/contract';
import { Alert, Anchor, Box, Group, Loader, SegmentedControl, Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { CoursePlayer } from '../player/course-player.tsx';
import { quizzesApi } from '../quizzes/quizzes.api.ts';

/** Screen sizes of the preview frame (phone: 360 × 740 px). */
const DEVICES = { phone: { width: 360, height: 740 }, tablet: { width: 768, height: 1024 }, desktop: null } as const;
type TDevice = keyof typeof DEVICES;
const isDevice = (v: string | null): v is TDevice => v !== null && v in DEVICES;

/**
 * Preview-as-learner (docs/learning-design.md §3): the course's draft (else published version) in
 * the learner's player, in a chosen language and screen size; quiz answers graded by the server
 * without being recorded, and without the key ever reaching the page.
 */
export function CoursePreviewPage({ base = '/courses' }: { base?: string }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  usePageTitle(t('preview.pageTitle'));
  const { courseId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const language = (params.get('language') ?? undefined) as TLanguage | undefined;
  const device: TDevice = isDevice(params.get('device')) ? (params.get('device') as TDevice) : 'phone';
  const preview = useQuery({
    queryKey: ['lms', 'preview', courseId, language ?? null],
    queryFn: ({ signal }) => quizzesApi.preview(courseId, language, signal),
  });
  const setParam = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(key, value);
      return next;
    });
  // A refused check (a catalogue quiz is graded only in a learner's own attempt) is said above the
  // frame, in the reader's language; the quiz stays as answered.
  const [checkError, setCheckError] = useState<unknown>(null);
  const check = async (quizId: string, answers: TQuizAnswer[]) => {
    setCheckError(null);
    try {
      return await quizzesApi.previewGrade(quizId, { language: preview.data?.language ?? language ?? 'en', answers });
    } catch (e) {
      setCheckError(e);
      throw e;
    }
  };
  const size = DEVICES[device];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${base}/${courseId}/edit`}>
        {t('quizzes.back')}
      </Anchor>
      <Title order={1}>{t('preview.pageTitle')}</Title>
      <Alert color="yellow" role="status">
        {t('preview.banner')}
      </Alert>
      <Group align="flex-end">
        <Select
          label={t('preview.language')}
          allowDeselect={false}
          data={(preview.data?.languages ?? []).map((l) => ({
            value: l.language,
            label: LANGUAGE_NAMES[l.language].nativeName,
          }))}
          value={language ?? preview.data?.language ?? null}
          onChange={(v) => v && setParam('language', v)}
        />
        <Box>
          <SegmentedControl
            aria-label={t('preview.device')}
            value={device}
            onChange={(v) => setParam('device', v)}
            data={(Object.keys(DEVICES) as TDevice[]).map((d) => ({ value: d, label: t(`preview.${d}`) }))}
          />
        </Box>
      </Group>
      {preview.isPending && <Loader aria-label={t('preview.pageTitle')} />}
      {preview.isError && <Alert color="red">{errorText(preview.error)}</Alert>}
      {checkError !== null && (
        <Alert color="red" role="alert">
          {errorText(checkError)}
        </Alert>
      )}
      {preview.data && (
        <Box
          role="region"
          aria-label={t('preview.frame')}
          data-device={device}
          style={{
            width: size ? size.width : '100%',
            maxWidth: '100%',
            height: size ? size.height : 'auto',
            overflowY: 'auto',
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 12,
          }}
        >
          <CoursePlayer course={preview.data} onCheckQuiz={check} />
        </Box>
      )}
    </Stack>
  );
}

export function CataloguePreviewPage() {
  return <CoursePreviewPage base="/platform/courses" />;
}
