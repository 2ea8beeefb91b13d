import type { TCaseSummary, TLanguage } from '@app/contract';
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import { textIn } from '../../common/complaint-form/cms-text.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { asDay, ComplaintsFrame } from './complaints-frame.tsx';
import { useMyCases } from './filing.api.ts';

/**
 * `/complaints`: my complaints and drafts, and the cases I take part in — reference, status, stage
 * and the next date (metadata only: no key needed) — with "File a complaint".
 */
export function MyComplaintsPage() {
  const { t } = useTranslation('complaintFiling');
  const cases = useMyCases();
  return (
    <ComplaintsFrame>
      <Stack gap="lg" maw={720}>
        <PageHeading title={t('list.title')} intro={t('list.intro')} />
        <Group>
          <Button component={Link} to="/complaints/new" size="md">
            {t('list.file')}
          </Button>
        </Group>
        {cases.isPending ? (
          <Loader aria-label="…" />
        ) : cases.isError ? (
          <LoadError title={t('list.loadError')} onRetry={() => void cases.refetch()} />
        ) : cases.data.cases.length === 0 ? (
          <Text c="dimmed">{t('list.empty')}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {cases.data.cases.map((c) => (
              <li key={c.id}>
                <CaseCard c={c} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </ComplaintsFrame>
  );
}

function CaseCard({ c }: { c: TCaseSummary }) {
  const { t, i18n } = useTranslation('complaintFiling');
  const language = i18n.language as TLanguage;
  const day = (d: string) => formatDate(asDay(d), i18n.language, 'UTC');
  const draft = c.status === 'DRAFT';
  const href = draft ? `/complaints/draft/${c.id}` : `/complaints/${c.id}`;
  return (
    <Card withBorder padding="md" data-testid="my-case">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {draft ? t('list.draftTitle') : c.reference}
          </Title>
          <Badge variant="light" color={draft ? 'gray' : c.status === 'OPEN' ? 'blue' : 'dark'}>
            {t(`status.${c.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {c.workflowName}
        </Text>
        {c.relation === 'PARTICIPANT' ? <Text size="sm">{t('list.participant')}</Text> : null}
        {c.relation === 'COMMITTEE' ? <Text size="sm">{t('list.writingFor')}</Text> : null}
        {draft ? <Text size="sm">{t('list.started', { date: formatDate(c.updatedAt, i18n.language) })}</Text> : null}
        {c.stageTitle ? <Text size="sm">{t('list.stage', { stage: textIn(c.stageTitle, language) })}</Text> : null}
        {c.next ? (
          <Text size="sm">
            {t('list.next', { step: textIn(c.next.title, language) })}
            {c.next.dueDate ? ` — ${t('list.by', { date: day(c.next.dueDate) })}` : ''}
            {c.next.reference ? ` (${c.next.reference})` : ''}
            {c.overdue ? (
              <Text span c="red.8" fw={600}>
                {` · ${t('list.overdue')}`}
              </Text>
            ) : null}
          </Text>
        ) : null}
        <Group>
          <Anchor component={Link} to={href} fw={600}>
            {draft ? t('list.continue') : t('list.open')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
