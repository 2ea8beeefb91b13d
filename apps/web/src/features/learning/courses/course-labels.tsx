import type { TLanguage } from '@app/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TVersionBadge } from './course-logic.ts';

/** "Draft v2" / "Published v1" / "Archived". */
export function VersionBadge({ badge }: { badge: TVersionBadge }) {
  const { t } = useTranslation('courses');
  const color = badge.key === 'draft' ? 'yellow' : badge.key === 'published' ? 'green' : 'gray';
  return (
    <Badge color={color} variant="light" tt="none" data-testid="version-badge">
      {t(`courses.badge.${badge.key}`, { number: badge.number ?? '' })}
    </Badge>
  );
}

/** "shown in English": the text is the main language's, the one asked for lacking it. */
export function ShownInTag({ language }: { language: TLanguage | null }) {
  const { t } = useTranslation('courses');
  if (!language) return null;
  return (
    <Badge variant="default" size="sm" tt="none">
      {t('courses.shownIn', { language: t(`languages.${language}`, { ns: 'common' }) })}
    </Badge>
  );
}
