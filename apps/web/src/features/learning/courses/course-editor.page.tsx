import type { TCourseDetails, TLanguage } from '@app/contract';
import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { LoadError } from '../../common/load-error.tsx';
import { CourseRemindersButton } from '../reminders/links.tsx';
import { ShownInTag, VersionBadge } from './course-labels.tsx';
import { detailsBadge, fallbackLanguage, missingEntries, refusedEntries, type TMissingEntry } from './course-logic.ts';
import { CourseOutline } from './course-outline.tsx';
import { CourseSettings } from './course-settings.tsx';
import { useCourseWrite } from './course-write.hook.ts';
import { coursesApi, scopeBase, type TCourseScope } from './courses.api.ts';
import { courseKeys, useCourseDetails } from './courses.queries.ts';
import { MissingList } from './missing-list.tsx';

type TTab = 'outline' | 'settings' | 'translations';

/**
 * `/courses/:courseId/edit` and `/platform/courses/:courseId/edit`: the course editor's shell —
 * header (title, version badge, language being edited with its missing texts), the outline,
 * settings and translations tabs, and the actions the server lists for this course.
 */
export function CourseEditorPage({ scope }: { scope: TCourseScope }) {
  const { courseId = '' } = useParams();
  const { t } = useTranslation('courses');
  const [language, setLanguage] = useState<TLanguage | undefined>(undefined);
  const details = useCourseDetails(scope, courseId, language ? { language } : {});
  usePageTitle(details.data ? details.data.title : t('editor.pageTitle'));
  const [tab, setTab] = useState<TTab>('outline');
  const base = scopeBase(scope);

  if (details.isPending) return <FullPageLoader inline />;
  if (details.isError || !details.data)
    return (
      <Stack maw={960}>
        <Anchor component={Link} to={`${base}/courses`}>
          {t('editor.back')}
        </Anchor>
        <LoadError title={errorText(t, details.error, t('editor.loadError'))} onRetry={() => void details.refetch()} />
      </Stack>
    );
  const course = details.data;
  const shown = language ?? course.language;
  return (
    <Stack gap="lg" maw={1100}>
      <EditorHeader
        scope={scope}
        base={base}
        course={course}
        language={shown}
        onLanguage={setLanguage}
        onOpenSettings={() => setTab('settings')}
      />
      <Tabs value={tab} onChange={(v) => v && setTab(v as TTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="outline">{t('editor.tabs.outline')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('editor.tabs.settings')}</Tabs.Tab>
          {course.translations.length > 0 ? (
            <Tabs.Tab value="translations">{t('editor.tabs.translations')}</Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="outline" pt="md">
          <CourseOutline scope={scope} base={base} course={course} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <CourseSettings scope={scope} course={course} language={shown} />
        </Tabs.Panel>
        <Tabs.Panel value="translations" pt="md">
          <TranslationsPanel base={base} course={course} language={shown} onOpenSettings={() => setTab('settings')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function EditorHeader(props: {
  scope: TCourseScope;
  base: string;
  course: TCourseDetails;
  language: TLanguage;
  onLanguage: (l: TLanguage) => void;
  onOpenSettings: () => void;
}) {
  const { course, base } = props;
  const { t } = useTranslation('courses');
  const name = (l: TLanguage) => t(`languages.${l}`, { ns: 'common' });
  const primary = course.languages.find((l) => l.languagePriority === 'PRIMARY')?.language;
  const options = course.languages.map(({ language }) => {
    const status = course.translations.find((s) => s.language === language);
    const label = `${name(language)}${language === primary ? ` (${t('editor.primary')})` : ''}`;
    return {
      value: language,
      label: status
        ? status.missing > 0
          ? t('editor.languageOption', { language: label, count: status.missing })
          : t('editor.languageComplete', { language: label })
        : label,
    };
  });
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={`${base}/courses`} size="sm">
        {t('editor.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {course.title}
            </Title>
            <VersionBadge badge={detailsBadge(course)} />
            <ShownInTag language={fallbackLanguage(course)} />
          </Group>
          {course.publishedVersion && course.version.status === 'DRAFT' ? (
            <Text size="sm" c="dimmed">
              {t('courses.badge.published', { number: course.publishedVersion.number })}
            </Text>
          ) : null}
        </Stack>
        <Select
          label={t('editor.editingLanguage')}
          data={options}
          value={props.language}
          onChange={(v) => v && props.onLanguage(v as TLanguage)}
          allowDeselect={false}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      <EditorActions {...props} />
      {props.scope === 'workspace' && course.owner === 'CATALOGUE' ? (
        <Alert color="blue" title={t('editor.catalogueCourse.title')} data-testid="catalogue-course-note">
          {t('editor.catalogueCourse.body')}
        </Alert>
      ) : null}
    </Stack>
  );
}

function EditorActions(props: {
  scope: TCourseScope;
  base: string;
  course: TCourseDetails;
  onOpenSettings: () => void;
}) {
  const { scope, base, course } = props;
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = coursesApi(scope);
  const [dialog, setDialog] = useState<'publish' | 'clone' | 'delete' | 'discard' | null>(null);
  const can = (a: TCourseDetails['actions'][number]) => course.actions.includes(a);
  const draft = course.version.status === 'DRAFT';
  const backToList = () => {
    void queryClient.invalidateQueries({ queryKey: courseKeys.all(scope) });
    void navigate(`${base}/courses`);
  };

  const publish = useCourseWrite(scope, course.id, () => api.publish(course.id), {
    quiet: true,
    success: (c) => t('editor.publish.done', { number: c.version.number }),
  });
  const clone = useMutation({
    mutationFn: () => api.clone(course.id, t('editor.clone.copyTitle', { title: course.title }).slice(0, 200)),
    onSuccess: (copy) => {
      notify(t('editor.clone.done'));
      setDialog(null);
      void queryClient.invalidateQueries({ queryKey: courseKeys.all(scope) });
      void navigate(`${base}/courses/${copy.id}/edit`);
    },
  });
  const remove = useMutation({
    mutationFn: (draftOnly: boolean) => api.remove(course.id, draftOnly),
    onSuccess: (result) => {
      setDialog(null);
      if (result.outcome === 'DRAFT_DISCARDED') {
        notify(t('editor.discard.done'));
        void queryClient.invalidateQueries({ queryKey: courseKeys.course(scope, course.id) });
        return;
      }
      notify(result.outcome === 'ARCHIVED' ? t('editor.remove.archived') : t('editor.remove.deleted'));
      backToList();
    },
  });

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {can('publish') && draft ? (
          <Button
            onClick={() => {
              publish.reset();
              setDialog('publish');
            }}
          >
            {t('editor.actions.publish')}
          </Button>
        ) : null}
        {scope === 'workspace' && course.publishedVersion ? (
          <Button component={Link} to={`${base}/courses/${course.id}/learners`} variant="default">
            {t('editor.actions.learners')}
          </Button>
        ) : null}
        {scope === 'catalogue' ? (
          <Button component={Link} to={`/platform/courses/${course.id}/availability`} variant="default">
            {t('editor.actions.availability')}
          </Button>
        ) : null}
        {can('preview') ? (
          <Button component={Link} to={`${base}/courses/${course.id}/preview`} variant="default">
            {t('editor.actions.preview')}
          </Button>
        ) : null}
        {base === '' && course.publishedVersion ? <CourseRemindersButton courseId={course.id} /> : null}
        {scope === 'workspace' && course.publishedVersion ? (
          <Button component={Link} to={`/courses/${course.id}/rules`} variant="default">
            {t('editor.actions.rules')}
          </Button>
        ) : null}
        {can('clone') ? (
          <Button variant="default" onClick={() => setDialog('clone')}>
            {t('editor.actions.clone')}
          </Button>
        ) : null}
        {can('delete') && draft && course.publishedVersion ? (
          <Button variant="default" onClick={() => setDialog('discard')}>
            {t('editor.actions.discardDraft')}
          </Button>
        ) : null}
        {can('delete') ? (
          <Button variant="light" color="red" onClick={() => setDialog('delete')}>
            {t('editor.actions.delete')}
          </Button>
        ) : null}
      </Group>
      <PublishDialog
        opened={dialog === 'publish'}
        base={base}
        course={course}
        pending={publish.isPending}
        error={publish.error}
        onOpenSettings={() => {
          setDialog(null);
          props.onOpenSettings();
        }}
        onConfirm={() => publish.mutate(undefined, { onSuccess: () => setDialog(null) })}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'clone'}
        title={t('editor.clone.title')}
        message={t('editor.clone.message')}
        confirmLabel={t('editor.clone.confirm')}
        confirmColor="blue"
        pending={clone.isPending}
        error={clone.error ? errorText(t, clone.error) : null}
        onConfirm={() => clone.mutate()}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('editor.remove.title')}
        message={t('editor.remove.message')}
        confirmLabel={t('editor.remove.confirm')}
        pending={remove.isPending}
        error={remove.error && !remove.variables ? errorText(t, remove.error) : null}
        onConfirm={() => remove.mutate(false)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'discard'}
        title={t('editor.discard.title')}
        message={t('editor.discard.message', { number: course.publishedVersion?.number ?? 1 })}
        confirmLabel={t('editor.discard.confirm')}
        pending={remove.isPending}
        error={remove.error && remove.variables ? errorText(t, remove.error) : null}
        onConfirm={() => remove.mutate(true)}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

/** "Publish this course?"; a refusal says why in words, with the texts or items still to do. */
function PublishDialog(props: {
  opened: boolean;
  base: string;
  course: TCourseDetails;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation('courses');
  const { course } = props;
  const entries: TMissingEntry[] = isApiError(props.error, 409) ? refusedEntries(props.error.details, course) : [];
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('editor.publish.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
    >
      <Stack gap="md">
        <Text>{t('editor.publish.message', { number: course.version.number })}</Text>
        {props.error ? (
          <Alert color="red" variant="light" role="alert" title={t('editor.publish.refused')}>
            <Stack gap="xs">
              <Text size="sm">{errorText(t, props.error)}</Text>
              {entries.length > 0 ? (
                <MissingList
                  entries={entries}
                  base={props.base}
                  courseId={course.id}
                  label={t('editor.publish.missingList')}
                  onOpenSettings={props.onOpenSettings}
                />
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button loading={props.pending} onClick={props.onConfirm}>
            {t('editor.publish.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The texts missing in the language being edited, each with a link to where it is written. */
function TranslationsPanel(props: {
  base: string;
  course: TCourseDetails;
  language: TLanguage;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation('courses');
  const { course } = props;
  const name = t(`languages.${props.language}`, { ns: 'common' });
  const entries = missingEntries(course.missing, course.items);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('editor.translations.heading', { language: name })}
        </Title>
        {entries.length === 0 ? (
          <Text>{t('editor.translations.none', { language: name })}</Text>
        ) : (
          <MissingList
            entries={entries}
            base={props.base}
            courseId={course.id}
            label={t('editor.translations.heading', { language: name })}
            onOpenSettings={props.onOpenSettings}
          />
        )}
      </Stack>
    </Paper>
  );
}

export const WorkspaceCourseEditorPage = () => <CourseEditorPage scope="workspace" />;
export const CatalogueCourseEditorPage = () => <CourseEditorPage scope="catalogue" />;
