import type { TBlockSettings, TBlockText, TBlockType, TLanguage } from '@app/contract';
import { Alert, Anchor, Badge, Button, Group, Image, Loader, Stack, Text, Textarea, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lessonsApi } from '../lessons/lessons.api.ts';

/** What the view needs of a block: the learner shape (or the author's, in the editor's preview). */
export type TViewBlock = {
  id: string;
  type: TBlockType;
  settings: TBlockSettings;
  language: TLanguage;
  body: TBlockText;
  fileUrl: string | null;
  captionsUrl: string | null;
  /** The text is the primary language's, the one asked for being missing. */
  fallback?: boolean;
};

const ALIGN = { LEFT: 'flex-start', CENTER: 'center', RIGHT: 'flex-end' } as const;
const TONE_COLOR = { INFO: 'blue', WARNING: 'orange', LEGAL: 'grape' } as const;

/** A short-lived URL of a block's file: `<img>` and `<video>` send no bearer token, so the page asks for it. */
function useFileUrl(blockId: string, language: TLanguage, enabled: boolean, captions = false) {
  return useQuery({
    queryKey: ['session', 'lesson-file', blockId, language, captions],
    queryFn: ({ signal }) => lessonsApi.fileUrl(blockId, language, captions, signal).then((r) => r.url),
    enabled,
    // The URL works 10 minutes; asked again well before.
    staleTime: 5 * 60_000,
  });
}

function RichText({ html }: { html: string }) {
  // The HTML is the server's sanitised copy (services/lms/lessons/sanitize.ts), never the editor's.
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored lesson HTML, sanitised by the server on every write */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

function ImageBlock({ block }: { block: TViewBlock }) {
  const url = useFileUrl(block.id, block.language, Boolean(block.fileUrl));
  if (!block.fileUrl) return null;
  return (
    <Stack component="figure" m={0} gap={4} align={ALIGN[block.settings.alignment ?? 'CENTER']}>
      {url.data ? <Image src={url.data} alt={block.body.alt ?? ''} maw="100%" fit="contain" /> : <Loader size="sm" />}
      {block.body.caption && (
        <Text component="figcaption" size="sm" c="dimmed">
          {block.body.caption}
        </Text>
      )}
    </Stack>
  );
}

/** Called with each video element as it mounts (null as it unmounts): the learner's player records playback. */
export type TOnVideo = (blockId: string, video: HTMLVideoElement | null) => void;

function VideoBlock({ block, onVideo }: { block: TViewBlock; onVideo?: TOnVideo }) {
  const { t } = useTranslation('lessons');
  const url = useFileUrl(block.id, block.language, Boolean(block.fileUrl));
  const captions = useFileUrl(block.id, block.language, Boolean(block.captionsUrl), true);
  if (!block.fileUrl) return null;
  if (!url.data || (block.captionsUrl && !captions.data)) return <Loader size="sm" />;
  return (
    <Stack gap={4}>
      {block.body.title && <Text fw={600}>{block.body.title}</Text>}
      {/* biome-ignore lint/a11y/useMediaCaption: the captions track is there whenever the author uploaded one */}
      <video
        ref={onVideo ? (el) => onVideo(block.id, el) : undefined}
        controls
        preload="metadata"
        src={url.data}
        aria-label={block.body.title || t('view.video')}
        style={{ maxWidth: '100%' }}
      >
        {captions.data && (
          <track kind="captions" src={captions.data} srcLang={block.language} label={t('view.captions')} default />
        )}
      </video>
    </Stack>
  );
}

function ResourceBlock({ block }: { block: TViewBlock }) {
  const { t } = useTranslation('lessons');
  const url = useFileUrl(block.id, block.language, Boolean(block.fileUrl));
  if (!block.fileUrl) return null;
  const size = block.body.size ? ` (${Math.max(1, Math.round(block.body.size / 1024))} KB)` : '';
  return (
    <Anchor href={url.data} download={block.body.fileName} aria-disabled={!url.data}>
      {t('view.download', { label: block.body.label || block.body.fileName || '' })}
      {size}
    </Anchor>
  );
}

/** One block as learners see it. */
export function LessonBlockView({
  block,
  primaryLanguageName,
  onVideo,
}: {
  block: TViewBlock;
  primaryLanguageName?: string;
  onVideo?: TOnVideo;
}) {
  const { t } = useTranslation('lessons');
  // A call-out's title is part of the lesson: in the block's language, not the reader's interface's.
  const { t: inBlockLanguage } = useTranslation('lessons', { lng: block.language });
  const content = (() => {
    switch (block.type) {
      case 'TEXT':
        return block.body.html ? <RichText html={block.body.html} /> : null;
      case 'NOTIFY': {
        const tone = block.settings.tone ?? 'INFO';
        return (
          <Alert
            color={TONE_COLOR[tone]}
            title={inBlockLanguage(`tone.${tone}`)}
            // The tint stays; the title is in the text colour, which keeps its contrast on every tint (axe).
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {block.body.html && <RichText html={block.body.html} />}
          </Alert>
        );
      }
      case 'IMAGE':
        return <ImageBlock block={block} />;
      case 'VIDEO':
        return <VideoBlock block={block} onVideo={onVideo} />;
      case 'RESOURCE':
        return <ResourceBlock block={block} />;
      case 'TEXT_AREA':
        return (
          <Textarea
            label={block.body.prompt}
            required={block.settings.required}
            autosize
            minRows={3}
            description={t('view.answerLater')}
            readOnly
          />
        );
      case 'BUTTON':
        return block.body.url ? (
          <Group justify={ALIGN[block.settings.alignment ?? 'LEFT']}>
            <Button component="a" href={block.body.url} target="_blank" rel="noopener noreferrer nofollow">
              {block.body.label}
            </Button>
          </Group>
        ) : null;
    }
  })();
  return (
    <Stack gap={4}>
      {block.fallback && (
        <Badge variant="light" color="gray" w="fit-content">
          {t('view.fallback', { language: primaryLanguageName ?? block.language })}
        </Badge>
      )}
      {content}
    </Stack>
  );
}

/** A lesson's blocks in order, for learners and for the preview. */
export function LessonView({
  blocks,
  primaryLanguageName,
  onVideo,
}: {
  blocks: TViewBlock[];
  primaryLanguageName?: string;
  onVideo?: TOnVideo;
}) {
  const { t } = useTranslation('lessons');
  if (blocks.length === 0) return <Text c="dimmed">{t('view.empty')}</Text>;
  return (
    <Stack gap="lg">
      {blocks.map((block) => (
        <LessonBlockView key={block.id} block={block} primaryLanguageName={primaryLanguageName} onVideo={onVideo} />
      ))}
    </Stack>
  );
}
