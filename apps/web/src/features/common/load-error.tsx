import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Says that a page's data could not be loaded, with "Try again". */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title}>
      <Button mt="sm" size="xs" variant="default" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
