import type { TAttributeOption, TCmsOptionalText, TLanguage, TStepType } from '@app/contract';
import { ActionIcon, Badge, Button, Fieldset, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { missingLanguages } from './stages.logic.ts';

/** The MEETING / ACTION icon (decorative: the type is also written next to it). */
export function StepIcon({ type }: { type: TStepType }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      {type === 'MEETING' ? (
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="9" cy="8" r="3" />
          <circle cx="17" cy="9" r="2.5" />
          <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M14 20c.3-2.6 1.6-4.5 3-4.5 2 0 4 2 4 4.5" />
        </g>
      ) : (
        <path fill="currentColor" d="M13 2 4 14h6l-1 8 9-12h-6z" />
      )}
    </svg>
  );
}

/**
 * A text in each of the workflow's languages: one input per language, English first and required
 * when `required`; a language without text is marked "Missing".
 */
export function TextsField(props: {
  label: string;
  value: TCmsOptionalText;
  languages: TLanguage[];
  onChange: (value: TCmsOptionalText) => void;
  required?: boolean;
  multiline?: boolean;
  readOnly?: boolean;
  maxLength?: number;
}) {
  const { t } = useTranslation('workflowStages');
  const missing = new Set(missingLanguages(props.value, props.languages));
  const languages = props.languages.includes('en') ? props.languages : (['en', ...props.languages] as TLanguage[]);
  return (
    <Fieldset legend={props.label} variant="unstyled">
      <Stack gap={6}>
        {languages.map((language) => {
          const Input = props.multiline ? Textarea : TextInput;
          const label = t(`editor.language.${language}`);
          return (
            <Input
              key={language}
              lang={language}
              label={
                <>
                  {label}
                  {missing.has(language) ? (
                    <Badge
                      ml={6}
                      size="xs"
                      color={language === 'en' && props.required ? 'red' : 'yellow'}
                      variant="light"
                      component="span"
                    >
                      {t('editor.missing')}
                    </Badge>
                  ) : null}
                </>
              }
              aria-label={`${props.label} (${label})`}
              required={language === 'en' && props.required}
              readOnly={props.readOnly}
              maxLength={props.maxLength}
              autosize={props.multiline ? true : undefined}
              minRows={props.multiline ? 2 : undefined}
              value={props.value[language] ?? ''}
              onChange={(e) => props.onChange({ ...props.value, [language]: e.currentTarget.value })}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}

/** Options of a choice (a vote's answers, a select's options): a label per language; a new option's key is made from its English label when saved (`withKeys`), then kept. */
export function OptionsEditor(props: {
  label: string;
  value: TAttributeOption[];
  languages: TLanguage[];
  onChange: (value: TAttributeOption[]) => void;
  readOnly?: boolean;
  min?: number;
}) {
  const { t } = useTranslation('workflowStages');
  const { value } = props;
  const update = (i: number, label: TCmsOptionalText) => {
    const next = [...value];
    next[i] = { key: next[i]!.key, label: label as TAttributeOption['label'] };
    props.onChange(next);
  };
  return (
    <Fieldset legend={props.label}>
      <Stack gap="xs">
        {value.map((option, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a new option has no key until saved: its place identifies it
          <Group key={`${option.key}-${i}`} align="flex-end" wrap="nowrap" gap="xs">
            <div style={{ flex: 1, minWidth: 0 }}>
              <TextsField
                label={t('meeting.option', { n: i + 1 })}
                value={option.label}
                languages={props.languages}
                required
                readOnly={props.readOnly}
                maxLength={200}
                onChange={(label) => update(i, label)}
              />
              <Text size="xs" c="dimmed">
                {option.key}
              </Text>
            </div>
            {props.readOnly ? null : (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('meeting.removeOption', { n: i + 1 })}
                disabled={value.length <= (props.min ?? 0)}
                onClick={() => props.onChange(value.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {props.readOnly ? null : (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => props.onChange([...value, { key: '', label: { en: '' } }])}
          >
            {t('meeting.addOption')}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
