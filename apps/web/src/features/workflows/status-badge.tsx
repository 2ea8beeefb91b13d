import type { TLanguage, TWorkflowSummary } from '@app/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isUiLanguage } from '../../lib/i18n/namespaces.ts';
import { statusOf } from './workflow-view.ts';

/** Dark shades under white text: readable (4.5:1) whatever the workspace's brand colour. */
const COLOR = { DRAFT: 'gray.7', PUBLISHED: 'green.9', DRAFT_OF: 'orange.9' } as const;

/** "Draft", "Published v3" or "Draft of v4". */
export function StatusBadge({ workflow }: { workflow: Pick<TWorkflowSummary, 'status' | 'latestVersion'> }) {
  const { t } = useTranslation('workflows');
  const s = statusOf(workflow);
  return (
    <Badge
      color={COLOR[s.key]}
      variant="filled"
      style={{ textTransform: 'none' }}
      data-testid="workflow-status"
      data-status={s.key}
    >
      {t(`status.${s.key}`, { n: s.n })}
    </Badge>
  );
}

/** The reader's language as a content language (English when the app speaks another). */
export function useReaderLanguage(): TLanguage {
  const { i18n } = useTranslation();
  const lng = i18n.language.split('-')[0];
  return isUiLanguage(lng) ? lng : 'en';
}
