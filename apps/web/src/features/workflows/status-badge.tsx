import type { TLanguage, TWorkflowSummary } from '@app/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isUiLanguage } from '../../lib/i18n/namespaces.ts';
import { statusOf } from './workflow-view.ts';

const COLOR = { DRAFT: 'gray', PUBLISHED: 'green', DRAFT_OF: 'yellow' } as const;

/** "Draft", "Published v3" or "Draft of v4". */
export function StatusBadge({ workflow }: { workflow: Pick<TWorkflowSummary, 'status' | 'latestVersion'> }) {
  const { t } = useTranslation('workflows');
  const s = statusOf(workflow);
  return (
    <Badge
      color={COLOR[s.key]}
      variant="light"
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
