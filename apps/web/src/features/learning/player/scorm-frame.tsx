import type { TScormCommitMessage } from '@app/contract';
import { Alert, Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { useScormLaunch } from '../scorm/scorm.queries.ts';
import { scormResultFrom, type TScormResult } from './scorm-message.ts';

/**
 * Plays a SCORM package: the player page of the content origin in a sandboxed iframe (design §4
 * "SCORM isolation"). A message is taken only when it comes from the content origin AND from this
 * frame's window, and only when its `cmi` passes the zod schema; the last commit is shown (status,
 * score, suspend data) and handed to `onCommit` (preview shows it; issue 14 records it).
 */
export function ScormFrame({
  packageId,
  title,
  onCommit,
  onCommitMessage,
}: {
  packageId: string;
  title: string;
  onCommit?: (result: TScormResult) => void;
  /** The whole commit (standard and `cmi`, already checked), for the learner's player to record. */
  onCommitMessage?: (message: TScormCommitMessage) => void;
}) {
  const { t } = useTranslation('scorm');
  const errorText = useErrorText();
  const launch = useScormLaunch(packageId);
  const frame = useRef<HTMLIFrameElement>(null);
  const [result, setResult] = useState<TScormResult | null>(null);
  const { mutate } = launch;

  useEffect(() => {
    mutate();
  }, [mutate]);

  const contentOrigin = launch.data?.contentOrigin;
  useEffect(() => {
    if (!contentOrigin) return;
    const onMessage = (event: MessageEvent) => {
      const next = scormResultFrom(event, contentOrigin, frame.current?.contentWindow);
      if (!next) return;
      setResult(next);
      onCommit?.(next);
      onCommitMessage?.(event.data as TScormCommitMessage);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [contentOrigin, onCommit, onCommitMessage]);

  if (launch.isError) {
    return (
      <Alert color="red" role="alert" title={t('scorm.player.failed')}>
        {errorText(launch.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {launch.data ? (
        <iframe
          ref={frame}
          title={title}
          src={launch.data.playerUrl}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
          style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
        />
      ) : (
        <Text c="dimmed">{t('scorm.player.loading')}</Text>
      )}
      <Paper withBorder p="sm" role="status" aria-live="polite" data-testid="scorm-result">
        <Text fw={600} size="sm" mb={4}>
          {t('scorm.player.resultHeading')}
        </Text>
        {result ? (
          <Group gap="lg">
            <Text size="sm">
              {t('scorm.player.status')}: <Badge data-testid="scorm-status">{result.status}</Badge>
            </Text>
            <Text size="sm">
              {t('scorm.player.score')}: <Code data-testid="scorm-score">{result.score ?? '—'}</Code>
            </Text>
            <Text size="sm">
              {t('scorm.player.suspendData')}: <Code data-testid="scorm-suspend">{result.suspendData || '—'}</Code>
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('scorm.player.noCommit')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
