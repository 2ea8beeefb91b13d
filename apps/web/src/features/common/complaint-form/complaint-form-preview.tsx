import type {
  TAttributeCondition,
  TAttributeOption,
  TAttributeSettings,
  TAttributeType,
  TLanguage,
} from '@app/contract';
import {
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from './cms-text.ts';
import { type TFormAnswers, visibleFieldKeys } from './form-visibility.ts';

/*
 * The complaint form as a complainant sees it: every field type as its real input, in one
 * language, with mandatory marks, hints, and conditions applied live from the answers. The
 * builder's preview (form-tab.tsx) and the filing page (issue 26) both render it; it needs only the
 * form's shape (the builder's components or a published definition's `form`).
 */

type TTexts = Partial<Record<TLanguage, string>>;

/** A file input's placeholder is the only text on it ("Choose a file"): as readable as the labels. */
export const READABLE_PLACEHOLDER = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

export type TPreviewField = {
  key: string;
  type: TAttributeType;
  label: TTexts;
  hint: TTexts;
  mandatory: boolean;
  options: readonly TAttributeOption[];
  condition: TAttributeCondition | null;
  settings: TAttributeSettings;
  /** A RESOURCE field's document (the builder has it; a definition has only its hash). */
  resource?: { fileName: string; url: string } | null;
};
export type TPreviewGroup = { key: string; title: TTexts; attributes: readonly TPreviewField[] };

type Props = {
  form: readonly TPreviewGroup[];
  language: TLanguage;
  /** The answers, when the caller keeps them (the filing page); else the preview keeps its own. */
  answers?: TFormAnswers;
  onAnswersChange?: (answers: Record<string, unknown>) => void;
  /** The preview: the submit button is shown but sends nothing. */
  previewOnly?: boolean;
  /** Ids are made from it, so that two previews on a page do not clash. */
  idPrefix?: string;
  /** Today (YYYY-MM-DD), for "not after today" dates. */
  today: string;
  /** What is wrong with an answer, by field key (the server's problems), shown under the question. */
  errors?: Readonly<Record<string, string>>;
  /**
   * A FILE_UPLOAD field's real input (the filing page uploads each file as it is chosen); the
   * preview's file input otherwise.
   */
  renderFile?: (field: TPreviewField, props: { id: string; label: string; error?: string }) => ReactNode;
};

export function ComplaintFormPreview(props: Props) {
  const { form, language } = props;
  // The complainant's language, not the administrator's.
  const { t } = useTranslation('workflowForm', { lng: language });
  const [own, setOwn] = useState<Record<string, unknown>>({});
  const answers = props.answers ?? own;
  const setAnswer = (key: string, value: unknown) => {
    const next = { ...answers, [key]: value };
    if (props.onAnswersChange) props.onAnswersChange(next);
    if (!props.answers) setOwn(next);
  };
  const fields = form.flatMap((g) => g.attributes);
  const shown = visibleFieldKeys(fields, answers);
  const prefix = props.idPrefix ?? 'complaint-form';

  if (fields.length === 0) return <Text c="dimmed">{t('preview.empty')}</Text>;

  return (
    <Stack gap="lg" lang={language}>
      {form.map((group) => {
        const visible = group.attributes.filter((a) => shown.has(a.key));
        if (visible.length === 0) return null;
        return (
          <Stack key={group.key} gap="sm" component="section" aria-labelledby={`${prefix}-${group.key}`}>
            <Title order={3} size="h5" id={`${prefix}-${group.key}`}>
              {textIn(group.title, language)}
            </Title>
            {visible.map((field) => (
              <PreviewField
                key={field.key}
                id={`${prefix}-${field.key}`}
                field={field}
                language={language}
                value={answers[field.key]}
                onChange={(v) => setAnswer(field.key, v)}
                today={props.today}
                error={props.errors?.[field.key]}
                renderFile={props.renderFile}
              />
            ))}
          </Stack>
        );
      })}
      {props.previewOnly ? (
        <Stack gap={4}>
          <Button type="button" disabled>
            {t('preview.submit')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('preview.previewOnly')}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

function PreviewField(props: {
  id: string;
  field: TPreviewField;
  language: TLanguage;
  value: unknown;
  onChange: (value: unknown) => void;
  today: string;
  error?: string | undefined;
  renderFile?: Props['renderFile'];
}) {
  const { field, language, id } = props;
  const error = props.error || undefined;
  const { t } = useTranslation('workflowForm', { lng: language });
  const label = textIn(field.label, language);
  const hint = textIn(field.hint, language) || undefined;
  const common = { id, label, description: hint, required: field.mandatory, error };
  const options = field.options.map((o) => ({ value: o.key, label: textIn(o.label, language) }));
  const s = field.settings;
  const str = typeof props.value === 'string' ? props.value : '';

  switch (field.type) {
    case 'TEXT':
      return (
        <TextInput
          {...common}
          value={str}
          maxLength={s.maxLength}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
    case 'EMAIL':
      return (
        <TextInput
          {...common}
          type="email"
          autoComplete="email"
          value={str}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
    case 'PHONE':
      return (
        <TextInput
          {...common}
          type="tel"
          autoComplete="tel"
          value={str}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
    case 'TEXT_AREA':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={str}
          maxLength={s.maxLength}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          type="date"
          value={str}
          max={s.notAfterToday ? props.today : undefined}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
    case 'INPUT_BOX':
      return (
        <NumberInput
          {...common}
          min={s.min}
          max={s.max}
          value={typeof props.value === 'number' ? props.value : ''}
          onChange={(v) => props.onChange(typeof v === 'number' ? v : undefined)}
        />
      );
    case 'FILE_UPLOAD': {
      if (props.renderFile) return props.renderFile(field, { id, label, ...(error ? { error } : {}) });
      const maxFiles = s.maxFiles ?? 1;
      const limit = t('preview.filesLimit', { count: maxFiles, mb: s.maxMegabytes ?? 10 });
      const description = hint ? `${hint} ${limit}` : limit;
      return maxFiles > 1 ? (
        <FileInput
          {...common}
          description={description}
          multiple
          clearable
          placeholder={t('preview.chooseFiles')}
          styles={READABLE_PLACEHOLDER}
          value={Array.isArray(props.value) ? (props.value as File[]) : []}
          onChange={(files) => props.onChange(files.slice(0, maxFiles))}
        />
      ) : (
        <FileInput
          {...common}
          description={description}
          clearable
          placeholder={t('preview.chooseFile')}
          styles={READABLE_PLACEHOLDER}
          value={props.value instanceof File ? props.value : null}
          onChange={(file) => props.onChange(file)}
        />
      );
    }
    case 'CHECKBOX_WITH_TEXT': {
      const v = (props.value ?? { checked: false, text: '' }) as { checked: boolean; text: string };
      return (
        <Stack gap={6}>
          <Checkbox
            id={id}
            label={label}
            description={hint}
            required={field.mandatory}
            error={error}
            checked={v.checked}
            onChange={(e) => props.onChange({ ...v, checked: e.currentTarget.checked })}
          />
          {v.checked ? (
            <Textarea
              id={`${id}-text`}
              label={t('preview.explain')}
              autosize
              minRows={2}
              value={v.text}
              onChange={(e) => props.onChange({ ...v, text: e.currentTarget.value })}
            />
          ) : null}
        </Stack>
      );
    }
    case 'SINGLE_SELECT':
      // A few options read best as radio buttons on a phone; a long list as a select.
      return options.length <= 6 ? (
        <Radio.Group
          id={id}
          label={label}
          description={hint}
          required={field.mandatory}
          error={error}
          value={str || null}
          onChange={(v) => props.onChange(v)}
        >
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Select
          {...common}
          data={options}
          placeholder={t('preview.choose')}
          value={str || null}
          onChange={(v) => props.onChange(v ?? undefined)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'MULTI_SELECT':
      return (
        <Checkbox.Group
          id={id}
          label={label}
          description={hint}
          required={field.mandatory}
          error={error}
          value={Array.isArray(props.value) ? (props.value as string[]) : []}
          onChange={(v) => props.onChange(v)}
        >
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'MATCHING': {
      const matches = (props.value ?? {}) as Record<string, string>;
      return (
        <Stack gap={6} role="group" aria-labelledby={`${id}-label`}>
          <Text id={`${id}-label`} fw={500} size="sm">
            {label}
            {field.mandatory ? (
              <Text span c="red" aria-hidden="true">
                {' *'}
              </Text>
            ) : null}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
          {(s.matchingItems ?? []).map((item) => (
            <Select
              key={item.key}
              id={`${id}-${item.key}`}
              label={textIn(item.label, language)}
              required={field.mandatory}
              data={options}
              placeholder={t('preview.matchWith')}
              value={matches[item.key] ?? null}
              onChange={(v) => props.onChange({ ...matches, [item.key]: v ?? undefined })}
              comboboxProps={{ withinPortal: true }}
            />
          ))}
          {error ? (
            <Text size="xs" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      );
    }
    case 'RESOURCE':
      return (
        <Stack gap={4} id={id}>
          <Text fw={500} size="sm">
            {label}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
          {field.resource ? (
            <Group gap="xs">
              <Anchor href={field.resource.url} target="_blank" rel="noopener" size="sm" underline="always">
                {t('preview.open')}
              </Anchor>
              <Text span size="xs" c="dimmed">
                {field.resource.fileName}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('preview.noDocument')}
            </Text>
          )}
        </Stack>
      );
  }
}
