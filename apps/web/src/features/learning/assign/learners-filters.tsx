import { LEARNER_STATUSES, type TLearnerStatus } from '@app/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The learners list's filters (search, status) and its bulk buttons, each shown only for the
 * selected learners the server lets the caller act on (`unassign`, `retrain` in their `actions`).
 */
export function LearnersFilters(props: {
  search: string;
  onSearch: (text: string) => void;
  status: TLearnerStatus | null;
  onStatus: (status: TLearnerStatus | null) => void;
  unassignable: number;
  retrainable: number;
  retraining: boolean;
  onUnassign: () => void;
  onRetrain: () => void;
}) {
  const { t } = useTranslation('assign');
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        description={t('filters.searchHelp')}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 300 }}
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.allStatuses')}
        data={LEARNER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={props.status}
        onChange={(v) => props.onStatus(v as TLearnerStatus | null)}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      {props.unassignable ? (
        <Button color="red" variant="light" onClick={props.onUnassign}>
          {t('actions.unassign')} ({props.unassignable})
        </Button>
      ) : null}
      {props.retrainable ? (
        <Button variant="light" loading={props.retraining} title={t('reassign.help')} onClick={props.onRetrain}>
          {t('actions.reassign')} ({props.retrainable})
        </Button>
      ) : null}
    </Group>
  );
}
