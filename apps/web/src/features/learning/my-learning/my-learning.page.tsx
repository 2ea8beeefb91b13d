import { LEARNER_STATUSES, type TLanguage, type TLearnerStatus } from '@app/contract';
import { Alert, Loader, Pagination, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { MyWorkshops } from '../workshops/my-workshops.tsx';
import { CourseCard } from './course-card.tsx';
import { useMyCourses, useMyStats } from './my-learning.queries.ts';

/** An alert's title in the text colour, which keeps its contrast on every tint (axe). */
const READABLE_ALERT = { title: { color: 'var(--mantine-color-text)' } };

const isStatus = (v: string | null): v is TLearnerStatus => LEARNER_STATUSES.includes(v as TLearnerStatus);

/** `/learning`: the caller's courses by status, due dates in their time zone (docs/learning-design.md §7). */
export function MyLearningPage() {
  const { t, i18n } = useTranslation('learner');
  const errorText = useErrorText();
  usePageTitle(t('learner.pageTitle'));
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as TLearnerStatus) : null;
  const pageNo = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const stats = useMyStats();
  const list = useMyCourses(status, pageNo, i18n.language as TLanguage);
  const set = (next: Record<string, string | null>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) v === null ? out.delete(k) : out.set(k, v);
      return out;
    });
  const count = (s: TLearnerStatus | 'ALL') =>
    stats.data ? (s === 'ALL' ? stats.data.total : stats.data.counts[s]) : null;
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('learner.heading')}
      </Title>
      {list.data && <Text c="dimmed">{t('learner.intro', { zone: list.data.timeZone })}</Text>}
      <MyWorkshops />
      <Tabs value={status ?? 'ALL'} onChange={(v) => set({ status: v === 'ALL' ? null : v, page: null })}>
        <Tabs.List aria-label={t('learner.filter')} style={{ flexWrap: 'wrap' }}>
          {(['ALL', ...LEARNER_STATUSES] as const).map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`learner.status.${s}`)}
              {count(s) !== null ? ` (${count(s)})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.isPending && <Loader aria-label={t('learner.heading')} />}
      {list.isError && (
        <Alert styles={READABLE_ALERT} color="red" role="alert" title={t('learner.loadError')}>
          {errorText(list.error)}
        </Alert>
      )}
      {list.data && list.data.content.length === 0 && (
        <Text c="dimmed">{status ? t('learner.empty') : t('learner.noCourses')}</Text>
      )}
      {list.data && (
        <Stack gap="sm" component="section" aria-label={t(`learner.status.${status ?? 'ALL'}`)}>
          {list.data.content.map((c) => (
            <CourseCard key={c.enrolmentId} course={c} timeZone={list.data.timeZone} />
          ))}
        </Stack>
      )}
      {list.data && list.data.totalPages > 1 && (
        <Pagination
          total={list.data.totalPages}
          value={pageNo + 1}
          onChange={(p) => set({ page: String(p - 1) })}
          getControlProps={(control) => ({ 'aria-label': control })}
        />
      )}
    </Stack>
  );
}
