import { LANGUAGE_NAMES, type TLanguage } from '@app/contract';
import { Tabs, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/*
 * Texts in several languages in the form tab's dialogs: one tab per language of the workflow (a
 * language with a missing text is marked), and inputs that edit the chosen language's text.
 */

export type TTexts = Partial<Record<TLanguage, string>>;

/** The language tabs over a dialog's texts; `missing(l)`: some required text lacks `l`. */
export function LanguageTabs(props: {
  languages: readonly TLanguage[];
  value: TLanguage;
  onChange: (language: TLanguage) => void;
  missing: (language: TLanguage) => boolean;
}) {
  const { t } = useTranslation('workflowForm');
  if (props.languages.length < 2) return null;
  return (
    <Tabs value={props.value} onChange={(v) => v && props.onChange(v as TLanguage)} keepMounted={false}>
      <Tabs.List aria-label={t('dialog.language')} style={{ flexWrap: 'wrap' }}>
        {props.languages.map((l) => {
          const missing = props.missing(l);
          const name = LANGUAGE_NAMES[l].nativeName;
          return (
            <Tabs.Tab
              key={l}
              value={l}
              lang={l}
              aria-label={missing ? t('dialog.languageMissing', { language: name }) : name}
              rightSection={
                missing ? (
                  <span aria-hidden="true" style={{ fontWeight: 700, color: 'var(--mantine-color-red-9)' }}>
                    !
                  </span>
                ) : null
              }
            >
              {name}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}

/** One text's input in `language`; English is required when `required`, other languages show the English as a placeholder. */
export function TextIn(props: {
  label: string;
  value: TTexts;
  onChange: (value: TTexts) => void;
  language: TLanguage;
  required?: boolean;
  multiline?: boolean;
  maxLength: number;
  error?: string | null;
  description?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('workflowForm');
  const { language } = props;
  const english = language === 'en';
  const current = props.value[language] ?? '';
  const missing = !english && !current.trim() && Boolean(props.value.en?.trim());
  const common = {
    label: props.label,
    lang: language,
    value: current,
    required: english && props.required,
    maxLength: props.maxLength,
    placeholder: english ? undefined : props.value.en,
    description: missing ? t('dialog.missingHere') : props.description,
    error: props.error ?? undefined,
    'data-testid': props['data-testid'],
    onChange: (e: { currentTarget: { value: string } }) =>
      props.onChange({ ...props.value, [language]: e.currentTarget.value }),
  };
  return props.multiline ? <Textarea {...common} autosize minRows={2} /> : <TextInput {...common} />;
}
