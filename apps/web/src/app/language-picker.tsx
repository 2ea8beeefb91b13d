import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage, type TUiLanguage, UI_LANGUAGES } from '../lib/i18n/i18n.setup.ts';

/** A labelled language choice for pages without the user menu (sign-in, workspace chooser). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      label={t('common.language')}
      size="xs"
      w={160}
      value={i18n.resolvedLanguage ?? 'en'}
      onChange={(event) => setLanguage(event.currentTarget.value as TUiLanguage)}
    >
      {UI_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`languages.${language}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
