import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

/** Shows a short confirmation or error toast whose close button has a translated, accessible name. */
export function notify(message: string, kind: 'success' | 'error' = 'success') {
  notifications.show({
    message,
    color: kind === 'error' ? 'red' : 'brand',
    autoClose: kind === 'error' ? 8000 : 4000,
    closeButtonProps: { 'aria-label': i18n.t('common.closeNotice') },
  });
}
