import type { TWorkflowDiff, TWorkflowVersion } from '@app/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { Icon } from '../../app/icons.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { isUiLanguage } from '../../lib/i18n/namespaces.ts';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { useBuilder } from './builder.shared.ts';
import { shortHash } from './workflow-view.ts';
import { useWorkflowVersions } from './workflows.api.ts';

/**
 * `/workflows/:id/versions`: every published version — number, when and by whom, the change note,
 * "labels only", the fingerprint (SHA-256, shortened, copyable), the languages that fall back to
 * English, how many complaints run on it (— until complaints exist), and what changed from the
 * version before, in words.
 */
export function WorkflowVersionsPage() {
  const { t } = useTranslation('workflows');
  const { id } = useParams();
  const builder = useBuilder(id);
  const versions = useWorkflowVersions(id);
  usePageTitle(t('history.pageTitle'));
  return (
    <Stack gap="lg" maw={1040}>
      <Anchor component={Link} to={`/workflows/${id ?? ''}`} size="sm">
        {t('history.back')}
      </Anchor>
      <PageHeading
        title={t('history.heading', { name: builder.data?.workflow.name ?? '' })}
        intro={t('history.intro')}
      />
      {versions.isPending ? (
        <FullPageLoader inline />
      ) : versions.isError ? (
        <LoadError
          title={errorText(t, versions.error, t('history.loadError'))}
          onRetry={() => void versions.refetch()}
        />
      ) : versions.data.versions.length === 0 ? (
        <Text c="dimmed">{t('history.none')}</Text>
      ) : (
        [...versions.data.versions]
          .sort((a, b) => b.number - a.number)
          .map((v) => <VersionCard key={v.number} version={v} />)
      )}
    </Stack>
  );
}

function VersionCard({ version: v }: { version: TWorkflowVersion }) {
  const { t } = useTranslation('workflows');
  const { dateTime } = useDates();
  const headingId = `version-${v.number}`;
  const fallbacks = Object.entries(v.fallbacks).filter(([, n]) => n > 0);
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="version"
      data-version={v.number}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} fz="lg" id={headingId}>
            {t('history.version', { n: v.number })}
          </Title>
          {v.labelOnly ? (
            <Badge color="teal.9" variant="filled" style={{ textTransform: 'none' }} data-testid="label-only">
              {t('history.labelOnly')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {v.publishedBy
            ? t('history.publishedBy', { when: dateTime(v.publishedAt), who: v.publishedBy })
            : t('history.publishedAt', { when: dateTime(v.publishedAt) })}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={v.changeNote ? undefined : 'dimmed'}>
          {v.changeNote || t('history.noNote')}
        </Text>
        {v.labelOnly ? (
          <Text size="sm" c="dimmed">
            {t('history.labelOnlyHint')}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">
              {t('history.fingerprint')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Code data-testid="version-hash" title={v.sha256}>
                {shortHash(v.sha256)}…
              </Code>
              <CopyButton value={v.sha256}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('history.copied') : t('history.copy')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      onClick={copy}
                      aria-label={copied ? t('history.copied') : t('history.copy')}
                      color={copied ? 'teal' : 'gray'}
                    >
                      <Icon name={copied ? 'check' : 'copy'} size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('history.cases')}
            </Text>
            <Text size="sm" data-testid="version-cases">
              {v.cases === null ? t('history.casesUnknown') : v.cases}
            </Text>
          </div>
          {fallbacks.length ? (
            <div>
              <Text size="xs" c="dimmed">
                {t('history.fallbacks')}
              </Text>
              <Text size="sm">
                {fallbacks
                  .map(([l, count]) =>
                    t('history.fallback', {
                      count,
                      language: isUiLanguage(l) ? t(`languages.${l}`, { ns: 'common' }) : l,
                    }),
                  )
                  .join(', ')}
              </Text>
            </div>
          ) : null}
        </SimpleGrid>
        {v.diff ? (
          <DiffView diff={v.diff} from={v.number - 1} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('history.first')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** What changed from the version before: added, removed and changed parts, then how many texts. */
function DiffView({ diff, from }: { diff: TWorkflowDiff; from: number }) {
  const { t } = useTranslation('workflows');
  const structural = diff.added.length + diff.removed.length + diff.changed.length;
  const fields = (names: string[]) =>
    names.map((f) => t(`field.${f.split('.').pop() ?? f}` as 'field.name', { defaultValue: f })).join(', ');
  return (
    <Stack gap="xs" data-testid="version-diff">
      <Text fw={600} size="sm">
        {t('history.changes', { n: from })}
      </Text>
      {structural === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.noChanges')}
        </Text>
      ) : null}
      {(
        [
          ['added', diff.added, 'green.9'],
          ['removed', diff.removed, 'red.9'],
        ] as const
      ).map(([what, items, color]) =>
        items.length ? (
          <div key={what}>
            <Badge color={color} variant="filled" style={{ textTransform: 'none' }}>
              {t(`history.${what}`)}
            </Badge>
            <List size="sm" mt={4} spacing={2}>
              {items.map((i) => (
                <List.Item key={`${i.kind}-${i.key}`} data-kind={i.kind}>
                  {t(`kind.${i.kind}`)}: {i.label || i.key}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null,
      )}
      {diff.changed.length ? (
        <div>
          <Badge color="orange.9" variant="filled" style={{ textTransform: 'none' }}>
            {t('history.changed')}
          </Badge>
          <List size="sm" mt={4} spacing={2}>
            {diff.changed.map((c) => (
              <List.Item key={`${c.kind}-${c.key}`} data-kind={c.kind}>
                {c.kind === 'PROCESS' ? t('kind.PROCESS') : `${t(`kind.${c.kind}`)}: ${c.label || c.key}`}
                {c.fields.length ? ` (${fields(c.fields)})` : ''}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {diff.textsChanged > 0 ? <Text size="sm">{t('history.textsChanged', { count: diff.textsChanged })}</Text> : null}
    </Stack>
  );
}
