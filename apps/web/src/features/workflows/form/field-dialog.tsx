import {
  ATTRIBUTE_RESOURCE_MAX_BYTES,
  ATTRIBUTE_TYPES,
  type TAttribute,
  type TAttributeCondition,
  type TAttributeSettings,
  type TAttributeType,
  type TCmsText,
  type TLanguage,
  type TWorkflowBuilder,
} from '@app/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { READABLE_PLACEHOLDER } from '../../common/complaint-form/complaint-form-preview.tsx';
import { textIn, useBuilderMutation, workflowKeys } from '../builder.shared.ts';
import { formApi, uploadResource } from './form.api.ts';
import {
  CONDITION_SOURCE_TYPES,
  cleanText,
  conditionSources,
  missingLanguages,
  OPTION_TYPES,
  optionKey,
} from './form-logic.ts';
import { LanguageTabs, TextIn, type TTexts } from './texts.tsx';

type TDraftOption = { key: string | null; label: TTexts };

/** What the dialog edits: a new field in a group, or an existing one. */
export type TFieldTarget = { componentId: string; attribute: TAttribute | null };

const settingsFor = (type: TAttributeType, s: TAttributeSettings, items: TAttributeSettings['matchingItems']) => {
  const out: TAttributeSettings = {};
  if ((type === 'TEXT' || type === 'TEXT_AREA') && s.maxLength) out.maxLength = s.maxLength;
  if (type === 'INPUT_BOX') {
    if (s.min !== undefined) out.min = s.min;
    if (s.max !== undefined) out.max = s.max;
  }
  if (type === 'DATE' && s.notAfterToday) out.notAfterToday = true;
  if (type === 'FILE_UPLOAD') {
    if (s.maxFiles) out.maxFiles = s.maxFiles;
    if (s.maxMegabytes) out.maxMegabytes = s.maxMegabytes;
  }
  if (type === 'MATCHING' && items && items.length > 0) out.matchingItems = items;
  return out;
};

/** Keys for options that have none yet (new ones), from their English labels. */
function withKeys(options: TDraftOption[]) {
  const taken = options.map((o) => o.key).filter((k): k is string => Boolean(k));
  return options.map((o) => {
    if (o.key) return { key: o.key, label: cleanText(o.label) as TCmsText };
    const key = optionKey(o.label.en ?? '', taken);
    taken.push(key);
    return { key, label: cleanText(o.label) as TCmsText };
  });
}

/** Add or edit one field of the complaint form. */
export function FieldDialog(props: {
  builder: TWorkflowBuilder;
  target: TFieldTarget;
  language: TLanguage;
  onClose: () => void;
  onSaved: (label: string) => void;
}) {
  const { builder, target } = props;
  const { t } = useTranslation('workflowForm');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const workflowId = builder.workflow.id;
  const languages = builder.workflow.languages.length > 0 ? builder.workflow.languages : (['en'] as TLanguage[]);
  const existing = target.attribute;
  // A new field starts in English (required); an existing one in the language being edited.
  const [language, setLanguage] = useState<TLanguage>(
    existing && languages.includes(props.language) ? props.language : 'en',
  );
  const [type, setType] = useState<TAttributeType>(existing?.type ?? 'TEXT');
  const [componentId, setComponentId] = useState(existing?.componentId ?? target.componentId);
  const [label, setLabel] = useState<TTexts>(existing?.label ?? {});
  const [hint, setHint] = useState<TTexts>(existing?.hint ?? {});
  const [mandatory, setMandatory] = useState(existing?.mandatory ?? false);
  const [options, setOptions] = useState<TDraftOption[]>(
    existing?.options.map((o) => ({ key: o.key, label: o.label })) ?? [
      { key: null, label: {} },
      { key: null, label: {} },
    ],
  );
  const [items, setItems] = useState<TDraftOption[]>(
    existing?.settings.matchingItems?.map((o) => ({ key: o.key, label: o.label })) ?? [{ key: null, label: {} }],
  );
  const [settings, setSettings] = useState<TAttributeSettings>(existing?.settings ?? {});
  const [condition, setCondition] = useState<TAttributeCondition | null>(existing?.condition ?? null);
  const [conditional, setConditional] = useState(Boolean(existing?.condition));
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const hasOptions = OPTION_TYPES.includes(type);
  const sources = conditionSources(builder.components, componentId, existing?.id ?? null).filter(
    (f) => f.id !== existing?.id,
  );
  const source = sources.find((f) => f.key === condition?.attributeKey) ?? null;

  // Which languages lack a text the field shows (English is required, so not counted here).
  const texts: TTexts[] = [
    label,
    ...(hint.en?.trim() ? [hint] : []),
    ...(hasOptions ? options.map((o) => o.label) : []),
    ...(type === 'MATCHING' ? items.map((o) => o.label) : []),
  ];
  const missingIn = (l: TLanguage) => texts.some((x) => missingLanguages(x, [l]).length > 0);

  const labelError = showErrors && !label.en?.trim() ? t('dialog.englishRequired') : null;
  const optionsOk = !hasOptions || (options.length >= 2 && options.every((o) => o.label.en?.trim()));
  const itemsOk = type !== 'MATCHING' || (items.length >= 1 && items.every((o) => o.label.en?.trim()));
  const rangeOk =
    type !== 'INPUT_BOX' || settings.min === undefined || settings.max === undefined || settings.min <= settings.max;
  const conditionOk = !conditional || (condition !== null && source !== null);
  const tooBig = file !== null && file.size > ATTRIBUTE_RESOURCE_MAX_BYTES;

  const save = useBuilderMutation(workflowId, async () => {
    const cleanOptions = hasOptions ? withKeys(options) : [];
    const matchingItems = type === 'MATCHING' ? withKeys(items) : undefined;
    const wanted = settingsFor(type, settings, matchingItems);
    let result: TWorkflowBuilder;
    let attributeId: string;
    if (existing) {
      result = await formApi.updateAttribute(existing.id, {
        ...(componentId !== existing.componentId ? { componentId } : {}),
        label: cleanText(label) as TCmsText,
        hint: cleanText(hint),
        ...(existing.locked || type === 'RESOURCE' ? {} : { mandatory }),
        ...(hasOptions ? { options: cleanOptions } : {}),
        // A locked field is always asked (the server refuses a condition on it).
        ...(existing.locked ? {} : { condition: conditional ? condition : null }),
      });
      attributeId = existing.id;
      if (
        JSON.stringify(wanted) !== JSON.stringify(settingsFor(type, existing.settings, existing.settings.matchingItems))
      ) {
        result = await formApi.attributeSettings(attributeId, wanted);
      }
    } else {
      const before = new Set(builder.components.flatMap((c) => c.attributes.map((a) => a.id)));
      result = await formApi.createAttribute({
        workflowId,
        componentId,
        type,
        label: cleanText(label) as TCmsText,
        hint: cleanText(hint),
        mandatory: type !== 'RESOURCE' && mandatory,
        options: cleanOptions,
        condition: conditional ? condition : null,
      });
      const created = result.components.flatMap((c) => c.attributes).find((a) => !before.has(a.id));
      if (!created) return result;
      attributeId = created.id;
      if (Object.keys(wanted).length > 0) result = await formApi.attributeSettings(attributeId, wanted);
    }
    if (type === 'RESOURCE' && file) {
      // Saved so far: keep it even if the upload fails.
      queryClient.setQueryData(workflowKeys.builder(workflowId), result);
      try {
        result = await uploadResource(attributeId, file);
      } catch (error) {
        setProblem(`${t('dialog.resourceFailed')} ${errorText(t, error, '')}`);
        throw error;
      }
    }
    return result;
  });

  const submit = () => {
    setShowErrors(true);
    if (!label.en?.trim()) {
      setLanguage('en');
      return;
    }
    if (!optionsOk || !itemsOk || !rangeOk || !conditionOk || tooBig) return;
    setProblem(null);
    save.mutate(undefined, {
      onSuccess: () => props.onSaved(textIn(label, props.language)),
      onError: () => void queryClient.invalidateQueries({ queryKey: workflowKeys.builder(workflowId) }),
    });
  };

  const setOption = (list: TDraftOption[], set: (v: TDraftOption[]) => void, i: number, value: TTexts) =>
    set(list.map((o, j) => (j === i ? { ...o, label: value } : o)));

  const optionList = (kind: 'option' | 'item', list: TDraftOption[], set: (v: TDraftOption[]) => void) => (
    <Stack gap="xs">
      {list.map((o, i) => (
        <Group key={o.key ?? `new-${i}`} gap="xs" align="flex-end" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <TextIn
              label={t(kind === 'option' ? 'dialog.option' : 'dialog.item', { n: i + 1 })}
              value={o.label}
              language={language}
              required
              maxLength={200}
              onChange={(v) => setOption(list, set, i, v)}
            />
          </div>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(kind === 'option' ? 'dialog.removeOption' : 'dialog.removeItem', { n: i + 1 })}
            disabled={list.length <= (kind === 'option' ? 2 : 1)}
            onClick={() => set(list.filter((_, j) => j !== i))}
          >
            <svg width="14" height="14" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={list.length >= (kind === 'option' ? 100 : 30)}
          onClick={() => set([...list, { key: null, label: {} }])}
        >
          {t(kind === 'option' ? 'dialog.addOption' : 'dialog.addItem')}
        </Button>
      </Group>
    </Stack>
  );

  const num = (v: string | number) => (typeof v === 'number' ? v : undefined);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={existing ? t('dialog.editTitle') : t('dialog.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <LanguageTabs languages={languages} value={language} onChange={setLanguage} missing={missingIn} />
          {existing ? (
            <Stack gap={0}>
              <Text size="sm">
                {t('dialog.type')}: <strong>{t(`type.${type}`)}</strong>
              </Text>
              <Text size="xs" c="dimmed">
                {t('dialog.typeFixed')}
              </Text>
            </Stack>
          ) : (
            <Select
              label={t('dialog.type')}
              data={ATTRIBUTE_TYPES.map((ty) => ({ value: ty, label: t(`type.${ty}`) }))}
              value={type}
              allowDeselect={false}
              onChange={(v) => v && setType(v as TAttributeType)}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {builder.components.length > 1 ? (
            <Select
              label={t('dialog.group')}
              data={builder.components.map((c) => ({ value: c.id, label: textIn(c.title, props.language) }))}
              value={componentId}
              allowDeselect={false}
              onChange={(v) => {
                if (!v) return;
                setComponentId(v);
              }}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <TextIn
            label={t('dialog.label')}
            value={label}
            onChange={setLabel}
            language={language}
            required
            maxLength={300}
            error={labelError}
            data-testid="field-label"
          />
          <TextIn
            label={t('dialog.hint')}
            value={hint}
            onChange={setHint}
            language={language}
            multiline
            maxLength={1000}
            description={t('dialog.hintDescription')}
          />
          {type !== 'RESOURCE' ? (
            <Switch
              label={t('dialog.mandatory')}
              checked={mandatory}
              disabled={existing?.locked}
              description={existing?.locked ? t('dialog.mandatoryLocked') : undefined}
              onChange={(e) => setMandatory(e.currentTarget.checked)}
            />
          ) : null}

          {hasOptions ? (
            <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Title order={3} size="h6" component="legend" p={0}>
                {type === 'MATCHING' ? t('dialog.rightOptions') : t('dialog.options')}
              </Title>
              {optionList('option', options, setOptions)}
              {showErrors && !optionsOk ? (
                <Text size="sm" c="red.8" role="alert">
                  {t('dialog.optionsNeeded')}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {type === 'MATCHING' ? (
            <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Title order={3} size="h6" component="legend" p={0}>
                {t('dialog.leftItems')}
              </Title>
              {optionList('item', items, setItems)}
              {showErrors && !itemsOk ? (
                <Text size="sm" c="red.8" role="alert">
                  {t('dialog.itemsNeeded')}
                </Text>
              ) : null}
            </Stack>
          ) : null}

          {type === 'TEXT' || type === 'TEXT_AREA' ? (
            <NumberInput
              label={t('dialog.maxLength')}
              min={1}
              max={20000}
              allowDecimal={false}
              value={settings.maxLength ?? ''}
              onChange={(v) => setSettings({ ...settings, maxLength: num(v) })}
            />
          ) : null}
          {type === 'INPUT_BOX' ? (
            <Group grow align="flex-start">
              <NumberInput
                label={t('dialog.min')}
                value={settings.min ?? ''}
                onChange={(v) => setSettings({ ...settings, min: num(v) })}
                error={showErrors && !rangeOk ? t('dialog.minAboveMax') : undefined}
              />
              <NumberInput
                label={t('dialog.max')}
                value={settings.max ?? ''}
                onChange={(v) => setSettings({ ...settings, max: num(v) })}
              />
            </Group>
          ) : null}
          {type === 'DATE' ? (
            <Checkbox
              label={t('dialog.notAfterToday')}
              checked={settings.notAfterToday ?? false}
              onChange={(e) => setSettings({ ...settings, notAfterToday: e.currentTarget.checked })}
            />
          ) : null}
          {type === 'FILE_UPLOAD' ? (
            <Group grow align="flex-start">
              <NumberInput
                label={t('dialog.maxFiles')}
                min={1}
                max={20}
                allowDecimal={false}
                value={settings.maxFiles ?? ''}
                onChange={(v) => setSettings({ ...settings, maxFiles: num(v) })}
              />
              <NumberInput
                label={t('dialog.maxMegabytes')}
                min={1}
                max={50}
                allowDecimal={false}
                value={settings.maxMegabytes ?? ''}
                onChange={(v) => setSettings({ ...settings, maxMegabytes: num(v) })}
              />
            </Group>
          ) : null}
          {type === 'RESOURCE' ? (
            <Stack gap={4}>
              {existing?.resource ? (
                <Text size="sm">{t('dialog.resourceCurrent', { name: existing.resource.fileName })}</Text>
              ) : null}
              <FileInput
                label={existing?.resource ? t('dialog.resourceReplace') : t('dialog.resource')}
                placeholder={t('dialog.resourceChoose')}
                styles={READABLE_PLACEHOLDER}
                accept="application/pdf"
                clearable
                value={file}
                onChange={setFile}
                error={
                  tooBig ? t('dialog.resourceTooBig', { mb: ATTRIBUTE_RESOURCE_MAX_BYTES / 1024 / 1024 }) : undefined
                }
              />
            </Stack>
          ) : null}

          {existing?.locked ? null : (
            <>
              <Radio.Group
                label={t('dialog.condition')}
                value={conditional ? 'when' : 'always'}
                onChange={(v) => setConditional(v === 'when')}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="always" label={t('dialog.conditionAlways')} />
                  <Radio value="when" label={t('dialog.conditionWhen')} disabled={sources.length === 0} />
                </Stack>
              </Radio.Group>
              {sources.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {t('dialog.conditionNone')}
                </Text>
              ) : null}
              {conditional && sources.length > 0 ? (
                <Group grow align="flex-start">
                  <Select
                    label={t('dialog.conditionField')}
                    data={sources.map((f) => ({ value: f.key, label: textIn(f.label, props.language) }))}
                    value={condition?.attributeKey ?? null}
                    onChange={(v) => {
                      const f = sources.find((x) => x.key === v);
                      if (!f) return setCondition(null);
                      setCondition({
                        attributeKey: f.key,
                        equals: f.type === 'CHECKBOX_WITH_TEXT' ? true : (f.options[0]?.key ?? true),
                      });
                    }}
                    error={showErrors && !conditionOk ? t('dialog.conditionField') : undefined}
                    comboboxProps={{ withinPortal: true }}
                  />
                  {source && CONDITION_SOURCE_TYPES.includes(source.type) && source.type !== 'CHECKBOX_WITH_TEXT' ? (
                    <Select
                      label={t('dialog.conditionOption')}
                      data={source.options.map((o) => ({ value: o.key, label: textIn(o.label, props.language) }))}
                      value={typeof condition?.equals === 'string' ? condition.equals : null}
                      allowDeselect={false}
                      onChange={(v) => v && setCondition({ attributeKey: source.key, equals: v })}
                      comboboxProps={{ withinPortal: true }}
                    />
                  ) : source ? (
                    <Text size="sm" mt={28}>
                      {t('dialog.conditionTicked')}
                    </Text>
                  ) : null}
                </Group>
              ) : null}
            </>
          )}
          {save.isPending && file ? (
            <Text size="sm" role="status">
              {t('dialog.resourceUploading')}
            </Text>
          ) : null}
          {problem || save.error ? (
            <Alert color="red" role="alert">
              {problem ?? errorText(t, save.error, t('failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
