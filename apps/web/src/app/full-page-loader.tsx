import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A calm, announced loading state. Fills the page in its own `main` landmark, or, with
 * `inline`, sits inside a page that already has one.
 */
export function FullPageLoader({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center component={inline ? 'div' : 'main'} mih={inline ? 240 : '100dvh'}>
      <div role="status" aria-live="polite">
        <Loader color="gray" />
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </div>
    </Center>
  );
}
