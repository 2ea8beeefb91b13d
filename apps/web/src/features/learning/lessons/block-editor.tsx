import type { TAuthorBlock, TBlockSettings, TBlockTextInput, TLanguage, TMediaKind } from '@app/contract';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { lessonsApi, uploadBlockFile } from './lessons.api.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

/** The file types a picker offers per kind (the server checks the content whatever is picked). */
const ACCEPT: Record<Exclude<TMediaKind, 'COVER'>, string> = {
  IMAGE: 'image/png,image/jpeg,image/webp',
  VIDEO: 'video/mp4,video/webm',
  CAPTIONS: 'text/vtt,.vtt',
  RESOURCE: '.pdf,.docx,.xlsx,.pptx,image/png,image/jpeg',
};

/** Picks a file and uploads it with a progress bar; the block comes back with the file attached. */
function MediaPicker(props: {
  block: TAuthorBlock;
  language: TLanguage;
  kind: Exclude<TMediaKind, 'COVER'>;
  label: string;
  attached: boolean;
  onDone: (block: TAuthorBlock) => void;
}) {
  const { t } = useTranslation('lessons');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${props.block.id}-${props.kind}`;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      props.onDone(
        await uploadBlockFile(
          { blockId: props.block.id, language: props.language, kind: props.kind, file },
          setProgress,
        ),
      );
    } catch (err) {
      setError(isApiError(err) ? errorText(t, err) : t('editor.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500}>
        {props.label}
      </Text>
      <Text size="xs" c="dimmed">
        {props.attached ? t('editor.fileAttached') : t('editor.noFile')}
      </Text>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT[props.kind]}
        disabled={progress !== null}
        onChange={(e) => {
          void pick(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {progress !== null && (
        <Progress
          value={Math.round(progress * 100)}
          aria-label={t('editor.uploading', { percent: Math.round(progress * 100) })}
        />
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** How long after the last keystroke a block's words are saved on their own. */
export const AUTOSAVE_DELAY_MS = 1000;

/**
 * The editor of one block in one language, with the primary language's text beside as reference.
 * Its words and settings save themselves a moment after the author stops typing (the Save button
 * saves at once); beside the button the block says whether its changes are waiting, being saved,
 * saved, or failed (with the reason, and no retry until the next change or Save).
 */
export function BlockEditor(props: {
  block: TAuthorBlock;
  language: TLanguage;
  index: number;
  count: number;
  /** After a change; with the block when the server answered one (its lesson may be the draft's copy). */
  onChanged: (block?: TAuthorBlock) => void;
  /** Whether the block holds a change the server does not have yet (waiting or being saved). */
  onDirty: (blockId: string, dirty: boolean) => void;
}) {
  const { t } = useTranslation('lessons');
  const { block, language } = props;
  const [body, setBody] = useState<TBlockTextInput>({
    html: block.body.html,
    alt: block.body.alt,
    caption: block.body.caption,
    title: block.body.title,
    label: block.body.label,
    url: block.body.url,
    prompt: block.body.prompt,
  });
  const [settings, setSettings] = useState<TBlockSettings>(block.settings);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const typeName = t(`type.${block.type}`);
  const set = (field: keyof TBlockTextInput) => (value: string) => setBody((b) => ({ ...b, [field]: value }));

  const run = async (action: () => Promise<unknown>) => {
    setSaving(true);
    setError(null);
    try {
      const out = await action();
      props.onChanged(out && typeof out === 'object' && 'lessonId' in out ? (out as TAuthorBlock) : undefined);
    } catch (err) {
      setError(isApiError(err) ? errorText(t, err) : t('editor.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  const words: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined) words[k] = v;
  // The block's editable state as one string: what was last saved, what is being saved, what failed.
  const snapshot = JSON.stringify({ words, settings });
  const [savedSnapshot, setSavedSnapshot] = useState(snapshot);
  const [inFlight, setInFlight] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const dirty = snapshot !== savedSnapshot;

  const persist = async (snap: string) => {
    const { words: w, settings: s } = JSON.parse(snap) as { words: TBlockTextInput; settings: TBlockSettings };
    setInFlight(snap);
    setError(null);
    try {
      const out = await lessonsApi.updateBlock(block.id, { language, body: w, settings: s });
      setSavedSnapshot(snap);
      setFailed(null);
      setSavedOnce(true);
      props.onChanged(out);
    } catch (err) {
      setFailed(snap);
      setError(isApiError(err) ? errorText(t, err) : t('editor.saveFailed'));
    } finally {
      setInFlight(null);
    }
  };
  const save = () => {
    if (inFlight === null) void persist(snapshot);
  };

  // Autosave: a moment after the last change, unless a save is under way (it re-checks when done)
  // or this very state just failed (the author changes something or presses Save to try again).
  useEffect(() => {
    if (!dirty || inFlight !== null || snapshot === failed) return;
    const timer = setTimeout(() => void persist(snapshot), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const pending = dirty || inFlight !== null;
  const { onDirty } = props;
  useEffect(() => {
    onDirty(block.id, pending);
  }, [onDirty, block.id, pending]);
  useEffect(() => () => onDirty(block.id, false), [onDirty, block.id]);

  // Leaving the block's page by the editor's own controls (preview, another page of blocks) saves
  // what is waiting instead of dropping it.
  const latest = useRef({ dirty, inFlight, snapshot, blockId: block.id, language, onChanged: props.onChanged });
  latest.current = { dirty, inFlight, snapshot, blockId: block.id, language, onChanged: props.onChanged };
  useEffect(
    () => () => {
      const { dirty: d, inFlight: f, snapshot: snap, blockId, language: l, onChanged } = latest.current;
      if (!d || f !== null) return;
      const { words: w, settings: s } = JSON.parse(snap) as { words: TBlockTextInput; settings: TBlockSettings };
      void lessonsApi
        .updateBlock(blockId, { language: l, body: w, settings: s })
        .then((out) => onChanged(out))
        .catch(() => onChanged());
    },
    [],
  );

  const primary = block.primary;
  const reference = primary && (
    <Card
      withBorder
      bg="var(--mantine-color-gray-0)"
      aria-label={t('editor.reference', { language: block.primaryLanguage })}
    >
      <Text size="xs" fw={600} c="dimmed">
        {t('editor.reference', { language: block.primaryLanguage })}
      </Text>
      {primary.html && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised copy of the primary text
        <div dangerouslySetInnerHTML={{ __html: primary.html }} />
      )}
      {[primary.title, primary.alt, primary.caption, primary.label, primary.url, primary.prompt]
        .filter(Boolean)
        .map((v) => (
          <Text key={v} size="sm">
            {v}
          </Text>
        ))}
    </Card>
  );

  return (
    <Card
      withBorder
      component="section"
      aria-label={t('editor.blockLabel', { number: props.index + 1, type: typeName })}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>
              {props.index + 1}. {typeName}
            </Text>
            <Text size="xs" c={block.complete ? 'teal.9' : 'red.9'}>
              {block.complete ? t('editor.complete') : t('editor.incomplete')}
            </Text>
          </Group>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label={t('editor.moveUp', { number: props.index + 1 })}
              disabled={props.index === 0 || saving}
              onClick={() => run(() => lessonsApi.updateBlock(block.id, { position: block.position - 1 }))}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('editor.moveDown', { number: props.index + 1 })}
              disabled={props.index === props.count - 1 || saving}
              onClick={() => run(() => lessonsApi.updateBlock(block.id, { position: block.position + 1 }))}
            >
              ↓
            </ActionIcon>
            <Button variant="subtle" color="red" size="xs" onClick={() => setConfirmDelete(true)}>
              {t('editor.delete')}
            </Button>
          </Group>
        </Group>
        {reference}
        {(block.type === 'TEXT' || block.type === 'NOTIFY') && (
          <RichTextEditor label={t('field.text')} value={body.html ?? ''} onChange={set('html')} required />
        )}
        {block.type === 'NOTIFY' && (
          <Select
            label={t('field.tone')}
            data={(['INFO', 'WARNING', 'LEGAL'] as const).map((v) => ({ value: v, label: t(`tone.${v}`) }))}
            value={settings.tone ?? 'INFO'}
            onChange={(v) => setSettings((s) => ({ ...s, tone: (v ?? 'INFO') as TBlockSettings['tone'] }))}
            allowDeselect={false}
          />
        )}
        {block.type === 'IMAGE' && (
          <>
            <MediaPicker
              {...{ block, language }}
              kind="IMAGE"
              label={t('field.image')}
              attached={Boolean(block.body.hasFile)}
              onDone={props.onChanged}
            />
            <TextInput
              label={t('field.alt')}
              description={t('field.altHelp')}
              value={body.alt ?? ''}
              onChange={(e) => set('alt')(e.currentTarget.value)}
              required
            />
            <TextInput
              label={t('field.caption')}
              value={body.caption ?? ''}
              onChange={(e) => set('caption')(e.currentTarget.value)}
            />
          </>
        )}
        {block.type === 'VIDEO' && (
          <>
            <TextInput
              label={t('field.title')}
              value={body.title ?? ''}
              onChange={(e) => set('title')(e.currentTarget.value)}
              required
            />
            <MediaPicker
              {...{ block, language }}
              kind="VIDEO"
              label={t('field.video')}
              attached={Boolean(block.body.hasFile)}
              onDone={props.onChanged}
            />
            <MediaPicker
              {...{ block, language }}
              kind="CAPTIONS"
              label={t('field.captions')}
              attached={Boolean(block.body.hasCaptions)}
              onDone={props.onChanged}
            />
          </>
        )}
        {block.type === 'RESOURCE' && (
          <>
            <TextInput
              label={t('field.label')}
              value={body.label ?? ''}
              onChange={(e) => set('label')(e.currentTarget.value)}
              required
            />
            <MediaPicker
              {...{ block, language }}
              kind="RESOURCE"
              label={t('field.resource')}
              attached={Boolean(block.body.hasFile)}
              onDone={props.onChanged}
            />
          </>
        )}
        {block.type === 'TEXT_AREA' && (
          <>
            <Textarea
              label={t('field.prompt')}
              value={body.prompt ?? ''}
              onChange={(e) => set('prompt')(e.currentTarget.value)}
              autosize
              minRows={2}
              required
            />
            <Switch
              label={t('field.required')}
              checked={Boolean(settings.required)}
              onChange={(e) => setSettings((s) => ({ ...s, required: e.currentTarget.checked }))}
            />
          </>
        )}
        {block.type === 'BUTTON' && (
          <>
            <TextInput
              label={t('field.label')}
              value={body.label ?? ''}
              onChange={(e) => set('label')(e.currentTarget.value)}
              required
            />
            <TextInput
              label={t('field.url')}
              description={t('field.urlHelp')}
              type="url"
              value={body.url ?? ''}
              onChange={(e) => set('url')(e.currentTarget.value)}
              required
            />
          </>
        )}
        {(block.type === 'IMAGE' || block.type === 'BUTTON') && (
          <div>
            <Text size="sm" fw={500} id={`${block.id}-align`}>
              {t('field.alignment')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${block.id}-align`}
              value={settings.alignment ?? (block.type === 'IMAGE' ? 'CENTER' : 'LEFT')}
              onChange={(v) => setSettings((s) => ({ ...s, alignment: v as TBlockSettings['alignment'] }))}
              data={(['LEFT', 'CENTER', 'RIGHT'] as const).map((v) => ({ value: v, label: t(`align.${v}`) }))}
            />
          </div>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button onClick={save} loading={saving || inFlight !== null}>
            {t('editor.save')}
          </Button>
          <Text size="sm" c={failed !== null && failed === snapshot ? 'red.9' : 'dimmed'} aria-live="polite">
            {inFlight !== null ? t('editor.saving') : dirty ? t('editor.unsaved') : savedOnce ? t('editor.saved') : ''}
          </Text>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('editor.deleteTitle')}
        message={t('editor.deleteMessage', { type: typeName })}
        confirmLabel={t('editor.delete')}
        confirmColor="red"
        pending={saving}
        onConfirm={() => run(() => lessonsApi.deleteBlock(block.id)).then(() => setConfirmDelete(false))}
        onClose={() => setConfirmDelete(false)}
      />
    </Card>
  );
}
