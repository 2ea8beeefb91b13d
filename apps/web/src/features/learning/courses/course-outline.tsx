import type { TCourseDetails, TCourseItem, TCourseItemKind } from '@app/contract';
import { DragDropProvider } from '@dnd-kit/react';
import { isSortable, useSortable } from '@dnd-kit/react/sortable';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { ShownInTag } from './course-labels.tsx';
import { fallbackLanguage, itemPath, moveItem, orderChanged, scormImportPath } from './course-logic.ts';
import { useCourseWrite } from './course-write.hook.ts';
import { coursesApi, type TCourseScope } from './courses.api.ts';
import { courseKeys } from './courses.queries.ts';

const KIND_ICON: Record<TCourseItemKind, string> = {
  LESSON: 'M4 5h16v14H4z M8 9h8 M8 13h6',
  QUIZ: 'M9 9a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V14 M12 18v.01',
  SCORM: 'M4 7l8-4l8 4v10l-8 4l-8-4z M4 7l8 4l8-4 M12 11v10',
};

function KindIcon({ kind }: { kind: TCourseItemKind }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d={KIND_ICON[kind]} />
    </svg>
  );
}

/**
 * The outline tab: the course's items in order, moved by dragging (pointer or the handle's
 * keyboard) or by the up/down buttons; each move sends the whole order. Add lesson / quiz / SCORM.
 */
export function CourseOutline(props: { scope: TCourseScope; base: string; course: TCourseDetails }) {
  const { scope, base, course } = props;
  const { t } = useTranslation('courses');
  const editable = course.actions.includes('edit');
  // A catalogue course seen from a workspace: its items have no editor here (issue 21, item 9).
  const readOnlyCatalogue = scope === 'workspace' && course.owner === 'CATALOGUE';
  const serverOrder = course.items.map((i) => i.id);
  // The order shown: the last one sent, until the server's answer for that version arrives.
  const [local, setLocal] = useState<{ version: string; ids: string[] } | null>(null);
  const ids = local && local.version === course.version.id ? local.ids : serverOrder;
  const byId = new Map(course.items.map((i) => [i.id, i]));
  const items = ids.map((id) => byId.get(id)).filter((i): i is TCourseItem => Boolean(i));
  const [announcement, setAnnouncement] = useState('');
  const reorder = useCourseWrite(scope, course.id, (next: string[]) => coursesApi(scope).reorder(course.id, next), {
    success: () => null,
  });
  const [adding, setAdding] = useState<'LESSON' | 'QUIZ' | null>(null);

  const move = (from: number, to: number) => {
    const next = moveItem(ids, from, to);
    if (!orderChanged(ids, next)) return;
    setLocal({ version: course.version.id, ids: next });
    const moved = byId.get(ids[from]!);
    if (moved) setAnnouncement(t('editor.outline.moved', { title: moved.title, position: next.indexOf(moved.id) + 1 }));
    reorder.mutate(next, { onError: () => setLocal(null) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          {t('editor.outline.heading')}
        </Title>
        {editable ? (
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setAdding('LESSON')}>
              {t('editor.outline.addLesson')}
            </Button>
            <Button variant="default" onClick={() => setAdding('QUIZ')}>
              {t('editor.outline.addQuiz')}
            </Button>
            <Button variant="default" component={Link} to={scormImportPath(base, course.id)}>
              {t('editor.outline.importScorm')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {readOnlyCatalogue ? (
        <Text size="sm" c="dimmed">
          {t('editor.outline.catalogueNote')}{' '}
          {course.actions.includes('preview') ? (
            <Anchor component={Link} to={`${base}/courses/${course.id}/preview`} size="sm" underline="always">
              {t('editor.outline.openPreview')}
            </Anchor>
          ) : null}
        </Text>
      ) : null}
      {items.length === 0 ? (
        <Text c="dimmed">{t('editor.outline.empty')}</Text>
      ) : (
        <DragDropProvider
          onDragEnd={(event) => {
            if (event.canceled) return;
            const { source } = event.operation;
            if (isSortable(source)) move(source.initialIndex, source.index);
          }}
        >
          <Stack
            gap="xs"
            component="ol"
            aria-label={t('editor.outline.listLabel')}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {items.map((item, index) => (
              <OutlineRow
                key={item.id}
                item={item}
                index={index}
                count={items.length}
                href={readOnlyCatalogue ? null : itemPath(base, course.id, item)}
                editable={editable}
                onMove={move}
              />
            ))}
          </Stack>
        </DragDropProvider>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {adding ? (
        <AddItemModal scope={scope} base={base} course={course} kind={adding} onClose={() => setAdding(null)} />
      ) : null}
    </Stack>
  );
}

function OutlineRow(props: {
  item: TCourseItem;
  index: number;
  count: number;
  /** The item's editor; null: the title is not a link (a catalogue course's item has no editor here). */
  href: string | null;
  editable: boolean;
  onMove: (from: number, to: number) => void;
}) {
  const { item, index } = props;
  const { t } = useTranslation('courses');
  const { ref, handleRef, isDragging } = useSortable({ id: item.id, index, disabled: !props.editable });
  const counts =
    item.kind === 'LESSON' && item.blockCount !== null
      ? t('editor.outline.blocks', { count: item.blockCount })
      : item.kind === 'QUIZ' && item.questionCount !== null
        ? t('editor.outline.questions', { count: item.questionCount })
        : item.kind === 'SCORM' && item.scormStatus
          ? t(`editor.outline.scormStatus.${item.scormStatus}`)
          : null;
  return (
    <Paper
      component="li"
      // A row that cannot move is not handed to dnd-kit (it would make the whole row a "button").
      ref={props.editable ? ref : undefined}
      withBorder
      radius="md"
      p="xs"
      data-item={item.id}
      style={{ opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap="sm" wrap="nowrap">
        {props.editable ? (
          <ActionIcon
            ref={handleRef}
            variant="subtle"
            color="gray"
            aria-label={t('editor.outline.dragHandle', { title: item.title })}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <path d="M9 5h2v2H9zM13 5h2v2h-2zM9 11h2v2H9zM13 11h2v2h-2zM9 17h2v2H9zM13 17h2v2h-2z" />
            </svg>
          </ActionIcon>
        ) : null}
        <Text span c="dimmed" w={24} ta="right" size="sm">
          {index + 1}
        </Text>
        <KindIcon kind={item.kind} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            {props.href ? (
              <Anchor component={Link} to={props.href} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Anchor>
            ) : (
              <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
            )}
            <ShownInTag language={fallbackLanguage(item)} />
          </Group>
          <Group gap={6} wrap="wrap">
            <Badge size="sm" variant="light" tt="none">
              {t(`editor.outline.kind.${item.kind}`)}
            </Badge>
            {counts ? (
              <Text size="xs" c="dimmed">
                {counts}
              </Text>
            ) : null}
          </Group>
        </Stack>
        {props.editable ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label={t('editor.outline.moveUp', { title: item.title })}
              disabled={index === 0}
              onClick={() => props.onMove(index, index - 1)}
            >
              <svg
                width="14"
                height="14"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
                focusable="false"
              >
                <path d="M6 15l6-6l6 6" />
              </svg>
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={t('editor.outline.moveDown', { title: item.title })}
              disabled={index === props.count - 1}
              onClick={() => props.onMove(index, index + 1)}
            >
              <svg
                width="14"
                height="14"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
                focusable="false"
              >
                <path d="M6 9l6 6l6-6" />
              </svg>
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

/** "Add lesson" / "Add quiz": a title (and a quiz's rules); then opens the item's editor. */
function AddItemModal(props: {
  scope: TCourseScope;
  base: string;
  course: TCourseDetails;
  kind: 'LESSON' | 'QUIZ';
  onClose: () => void;
}) {
  const { scope, course, kind } = props;
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [passMark, setPassMark] = useState<number | string>(80);
  const [attempts, setAttempts] = useState<number | string>('');
  const [shuffle, setShuffle] = useState(false);
  const primary = course.languages.find((l) => l.languagePriority === 'PRIMARY')?.language ?? course.language;
  const create = useMutation({
    mutationFn: async (): Promise<string> => {
      const api = coursesApi(scope);
      if (kind === 'LESSON')
        return (await api.createLesson({ courseId: course.id, title: title.trim(), language: primary })).id;
      return (
        await api.createQuiz({
          courseId: course.id,
          title: title.trim(),
          language: primary,
          passMark: Number(passMark) || 0,
          attemptLimit: attempts === '' ? null : Number(attempts),
          shuffleQuestions: shuffle,
        })
      ).id;
    },
    onSuccess: (itemId) => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.course(scope, course.id) });
      props.onClose();
      void navigate(itemPath(props.base, course.id, { kind, id: itemId }));
    },
  });
  const heading = kind === 'LESSON' ? t('editor.outline.newLesson') : t('editor.outline.newQuiz');
  const ready = title.trim() !== '';
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={heading}
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) create.mutate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('editor.outline.itemTitle')}
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-autofocus
          />
          {kind === 'QUIZ' ? (
            <>
              <NumberInput
                label={t('editor.outline.passMark')}
                min={0}
                max={100}
                value={passMark}
                onChange={setPassMark}
              />
              <NumberInput
                label={t('editor.outline.attemptLimit')}
                min={1}
                max={100}
                value={attempts}
                onChange={setAttempts}
              />
              <Checkbox
                label={t('editor.outline.shuffle')}
                checked={shuffle}
                onChange={(e) => setShuffle(e.currentTarget.checked)}
              />
            </>
          ) : null}
          {create.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, create.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!ready}>
              {t('editor.outline.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
