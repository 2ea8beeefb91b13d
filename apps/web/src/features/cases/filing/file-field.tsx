import type { TCaseFile, TLanguage } from '@app/contract';
import { ActionIcon, Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { textIn } from '../../common/complaint-form/cms-text.ts';
import type { TPreviewField } from '../../common/complaint-form/complaint-form-preview.tsx';
import { filingApi, uploadCaseFile } from './filing.api.ts';

const MB = 1024 * 1024;

type Upload = { key: number; name: string; progress: number };

/**
 * A FILE_UPLOAD question of the complaint: each chosen file is uploaded at once (progress shown),
 * checked and encrypted by the server, and its id becomes the answer; a file can be removed again.
 */
export function FileField(props: {
  caseId: string;
  field: TPreviewField;
  id: string;
  label: string;
  error?: string | undefined;
  language: TLanguage;
  ids: string[];
  files: Record<string, TCaseFile>;
  onUploaded: (file: TCaseFile) => void;
  onRemoved: (fileId: string) => void;
}) {
  const { t } = useTranslation('complaintFiling');
  const maxFiles = props.field.settings.maxFiles ?? 1;
  const maxMb = props.field.settings.maxMegabytes ?? 10;
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const hint = textIn(props.field.hint, props.language);
  const room = maxFiles - props.ids.length - uploads.length;

  const add = async (chosen: File[]) => {
    setProblem(null);
    const take = chosen.slice(0, Math.max(0, room));
    if (chosen.length > take.length) setProblem(t('files.tooMany', { count: maxFiles }));
    await Promise.all(
      take.map(async (file, i) => {
        if (file.size > maxMb * MB) {
          setProblem(t('files.tooLarge', { name: file.name, mb: maxMb }));
          return;
        }
        const key = Date.now() + i;
        setUploads((u) => [...u, { key, name: file.name, progress: 0 }]);
        try {
          const uploaded = await uploadCaseFile(props.caseId, file, {
            attributeKey: props.field.key,
            onProgress: (p) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: p } : x))),
          });
          props.onUploaded(uploaded);
        } catch (err) {
          setProblem(`${file.name}: ${errorText(t, err)}`);
        } finally {
          setUploads((u) => u.filter((x) => x.key !== key));
        }
      }),
    );
  };

  const remove = async (fileId: string) => {
    setRemoving(fileId);
    setProblem(null);
    try {
      await filingApi.deleteFile(props.caseId, fileId);
    } catch (err) {
      // Already gone is what was wanted; anything else is said.
      if (!(err instanceof Error && 'status' in err && (err as { status: number }).status === 404)) {
        setProblem(errorText(t, err));
        setRemoving(null);
        return;
      }
    }
    setRemoving(null);
    props.onRemoved(fileId);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={`${props.id}-label`} data-testid="file-field">
      <Text id={`${props.id}-label`} fw={500} size="sm">
        {props.label}
        {props.field.mandatory ? (
          <Text span c="red" aria-hidden="true">
            {' *'}
          </Text>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed">
        {hint ? `${hint} ` : ''}
        {t('files.limit', { count: maxFiles, mb: maxMb })}
      </Text>
      {props.ids.map((fileId) => {
        const f = props.files[fileId];
        const name = f?.name ?? fileId;
        return (
          <Group key={fileId} gap="xs" wrap="nowrap" justify="space-between" data-testid="uploaded-file">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
              {f ? <Text span size="xs" c="dimmed">{` · ${Math.max(1, Math.round(f.size / 1024))} KB`}</Text> : null}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('files.remove', { name })}
              loading={removing === fileId}
              onClick={() => void remove(fileId)}
            >
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Group>
        );
      })}
      {uploads.map((u) => (
        <Stack key={u.key} gap={2}>
          <Text size="xs">{t('files.uploading', { name: u.name })}</Text>
          <Progress value={Math.round(u.progress * 100)} aria-label={t('files.uploading', { name: u.name })} />
        </Stack>
      ))}
      {room > 0 ? (
        <FileButton<true> onChange={(files) => void add(files)} multiple>
          {(p) => (
            <Button {...p} variant="default" size="md" id={props.id} w="fit-content">
              {t('files.add')}
            </Button>
          )}
        </FileButton>
      ) : null}
      {problem || props.error ? (
        <Alert color="red" role="alert" p="xs">
          {problem ?? props.error}
        </Alert>
      ) : null}
    </Stack>
  );
}
