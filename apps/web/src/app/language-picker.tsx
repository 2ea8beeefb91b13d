import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage, type TUiLanguage } from '../lib/i18n/i18n.setup.ts';
import { useOfferedLanguages } from './host-context.tsx';

/**
 * A labelled language choice for pages without the user menu (sign-in, workspace chooser): the
 * languages of the host's workspace (its country's), all of them on the platform host.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const offered = useOfferedLanguages();
  return (
    <NativeSelect
      label={t('common.language')}
      size="xs"
      w={160}
      value={i18n.resolvedLanguage ?? 'en'}
      onChange={(event) => setLanguage(event.currentTarget.value as TUiLanguage)}
    >
      {offered.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`languages.${language}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
