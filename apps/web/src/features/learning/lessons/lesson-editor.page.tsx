import { BLOCK_TYPES, LANGUAGES, type TBlockType, type TLanguage } from '@app/contract';
import { Alert, Anchor, Button, Group, Loader, Pagination, Select, Stack, Switch } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { PageHeading } from '../../common/page-heading.tsx';
import { useUnsavedChangesGuard } from '../../common/unsaved-changes.hook.ts';
import { useCourseDetails } from '../courses/courses.queries.ts';
import { LessonView } from '../player/lesson-view.tsx';
import { BlockEditor } from './block-editor.tsx';
import { BLOCKS_PAGE_SIZE, lessonsApi } from './lessons.api.ts';
import { ReadingTimeField } from './reading-time-field.tsx';

/**
 * `/courses/:courseId/edit/lessons/:itemId`: a lesson's blocks in one language (a hundred a page),
 * each with its editor; the primary language's text beside when editing another; a preview as
 * learners see it. Blocks save themselves as the author types; leaving the page (a link, Back, another
 * language, closing the tab) while a change waits or is being saved asks first.
 */
export function LessonEditorPage() {
  const { t } = useTranslation(['lessons', 'common']);
  usePageTitle(t('lessons:page.title'));
  const { courseId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  // The operator edits catalogue lessons under /platform (the same API: the host decides the scope).
  const base = useLocation().pathname.startsWith('/platform/') ? '/platform' : '';
  const [params, setParams] = useSearchParams();
  // The course's own languages (its primary first), as the course editor lists them.
  const course = useCourseDetails(base ? 'catalogue' : 'workspace', courseId, { version: 'draft' });
  const language = (
    (LANGUAGES as readonly string[]).includes(params.get('language') ?? '')
      ? params.get('language')
      : (course.data?.languages.find((l) => l.languagePriority === 'PRIMARY')?.language ?? 'en')
  ) as TLanguage;
  const [pageNo, setPageNo] = useState(0);
  const [newType, setNewType] = useState<TBlockType>('TEXT');
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const key = ['session', 'lesson-blocks', itemId, language, pageNo] as const;
  const blocks = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => lessonsApi.blocks(itemId, language, pageNo, signal),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['session', 'lesson-blocks', itemId] });
  /**
   * After a write: a write to a published lesson lands in the course's new draft, whose copy of the
   * lesson has another id; the page follows it there.
   */
  const changed = (block?: { lessonId: string }) => {
    if (block && block.lessonId !== itemId) {
      navigate(`${base}/courses/${courseId}/edit/lessons/${block.lessonId}?language=${language}`, {
        replace: true,
        state: { followsDraft: true },
      });
      return;
    }
    void reload();
  };

  // The blocks holding a change the server does not have yet.
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const onDirty = useCallback((blockId: string, dirty: boolean) => {
    setUnsaved((prev) => {
      if (prev.has(blockId) === dirty) return prev;
      const next = new Set(prev);
      if (dirty) next.add(blockId);
      else next.delete(blockId);
      return next;
    });
  }, []);
  const leaving = useUnsavedChangesGuard(unsaved.size > 0, {
    allow: (next) => Boolean((next.state as { followsDraft?: boolean } | null)?.followsDraft),
  });

  const add = async () => {
    setError(null);
    try {
      changed(await lessonsApi.createBlock({ lessonId: itemId, type: newType, language }));
    } catch (err) {
      setError(isApiError(err) ? errorText(t, err) : t('lessons:editor.saveFailed'));
    }
  };

  const languages = course.data?.languages.map((l) => l.language) ?? [language];
  const lessonItem = course.data?.items.find((i) => i.id === itemId && i.kind === 'LESSON');
  const page = blocks.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`${base}/courses/${courseId}/edit`} w="fit-content">
        {t('lessons:page.back')}
      </Anchor>
      <PageHeading title={t('lessons:page.title')} intro={t('lessons:page.intro')} />
      {lessonItem && (
        <ReadingTimeField
          key={lessonItem.id}
          lesson={lessonItem}
          onSaved={(saved) => {
            void queryClient.invalidateQueries({ queryKey: ['session', 'courses'] });
            changed({ lessonId: saved.id });
          }}
        />
      )}
      <Group align="end">
        <Select
          label={t('lessons:page.language')}
          data={LANGUAGES.filter((l) => languages.includes(l) || l === language).map((l) => ({
            value: l,
            label: t(`common:languages.${l}`),
          }))}
          value={language}
          onChange={(v) => {
            setPageNo(0);
            setParams({ language: v ?? 'en' });
          }}
          allowDeselect={false}
        />
        <Switch
          label={t('lessons:page.preview')}
          checked={preview}
          onChange={(e) => setPreview(e.currentTarget.checked)}
        />
      </Group>
      {blocks.isError && (
        <Alert color="red" role="alert">
          {isApiError(blocks.error) ? errorText(t, blocks.error) : t('lessons:page.loadError')}
        </Alert>
      )}
      {blocks.isPending && <Loader aria-label={t('lessons:page.loading')} />}
      {page && preview && <LessonView blocks={page.content} />}
      {page &&
        !preview &&
        page.content.map((block, i) => (
          <BlockEditor
            key={`${block.id}-${language}-${block.position}`}
            block={block}
            language={language}
            index={pageNo * BLOCKS_PAGE_SIZE + i}
            count={page.totalElements}
            onChanged={changed}
            onDirty={onDirty}
          />
        ))}
      {page && page.totalPages > 1 && (
        <Pagination
          total={page.totalPages}
          value={pageNo + 1}
          onChange={(p) => setPageNo(p - 1)}
          getControlProps={(control) => ({ 'aria-label': t(`lessons:page.${control}`) })}
        />
      )}
      {!preview && (
        <Group align="end">
          <Select
            label={t('lessons:page.newBlock')}
            data={BLOCK_TYPES.map((type) => ({ value: type, label: t(`lessons:type.${type}`) }))}
            value={newType}
            onChange={(v) => setNewType((v ?? 'TEXT') as TBlockType)}
            allowDeselect={false}
          />
          <Button onClick={add}>{t('lessons:page.add')}</Button>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <ConfirmDialog
        opened={leaving.asking}
        title={t('lessons:editor.leaveTitle')}
        message={t('lessons:editor.leaveBody')}
        confirmLabel={t('lessons:editor.leaveConfirm')}
        onConfirm={leaving.proceed}
        onClose={leaving.stay}
      />
    </Stack>
  );
}
