import {
  EVIDENCE_SOURCES,
  OBLIGATION_KINDS,
  type TObligation,
  type TObligationDueRule,
  type TObligationInput,
  type TObligationKind,
  type TObligationRecurrence,
} from '@app/contract';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { catalogueApi } from './catalogue.api.ts';
import { useAllJurisdictions, useCatalogueMutation, useCategories } from './catalogue.queries.ts';
import { inLanguage, TEXT_LANGUAGES, type TTextLanguage } from './text.ts';

type TTexts = Record<string, string>;
type TAnchor = TObligationDueRule['anchor'];

/** The due-rule anchors each kind allows (the server refuses the others: DUE_ANCHOR_KIND). */
const ANCHORS: Record<TObligationKind, TAnchor[]> = {
  PERIODIC: ['PERIOD_START', 'PERIOD_END', 'NEXT_PERIOD_START', 'APPLIES_FROM'],
  EVENT: ['EVENT'],
  ONE_TIME: ['APPLIES_FROM'],
  CONTINUOUS: ['APPLIES_FROM'],
};

const DEFAULT_RECURRENCE: TObligationRecurrence = { every: 1, unit: 'YEAR', alignTo: 'CALENDAR_YEAR' };

/** Drops empty translations (English stays, even empty: the server then says it is required). */
function cleaned(texts: TTexts): TObligationInput['title'] {
  const out: TTexts = {};
  for (const [k, v] of Object.entries(texts)) if (k === 'en' || v.trim()) out[k] = v.trim();
  return out as TObligationInput['title'];
}

/** The obligation's create/edit form: the catalogue's every field, texts per language (English required). */
export function ObligationForm({ editing, onDone }: { editing: TObligation | 'new'; onDone: () => void }) {
  const { t, i18n } = useTranslation('complianceCatalogue');
  const existing = editing === 'new' ? null : editing;
  const categories = useCategories();
  const jurisdictions = useAllJurisdictions();
  const [key, setKey] = useState(existing?.key ?? '');
  const [categoryId, setCategoryId] = useState<string | null>(existing?.categoryId ?? null);
  const [country, setCountry] = useState<'IN' | 'CA'>(existing?.country ?? 'IN');
  const [jurisdictionId, setJurisdictionId] = useState<string | null>(existing?.jurisdictionId ?? null);
  const [law, setLaw] = useState(existing?.law ?? '');
  const [section, setSection] = useState(existing?.section ?? '');
  const [language, setLanguage] = useState<TTextLanguage>('en');
  const [title, setTitle] = useState<TTexts>(existing?.title ?? { en: '' });
  const [description, setDescription] = useState<TTexts>(existing?.description ?? { en: '' });
  const [evidence, setEvidence] = useState<TTexts>(existing?.evidence ?? { en: '' });
  const [kind, setKind] = useState<TObligationKind>(existing?.kind ?? 'PERIODIC');
  const [recurrence, setRecurrence] = useState<TObligationRecurrence>(existing?.recurrence ?? DEFAULT_RECURRENCE);
  const [dueRule, setDueRule] = useState<TObligationDueRule>(
    existing?.dueRule ?? {
      anchor: 'PERIOD_END',
      offset: 0,
      unit: 'CALENDAR_DAY',
      onHoliday: 'NONE',
      reference: null,
    },
  );
  const [minHeadcount, setMinHeadcount] = useState<number | null>(existing?.applicability.minHeadcount ?? null);
  const [maxHeadcount, setMaxHeadcount] = useState<number | null>(existing?.applicability.maxHeadcount ?? null);
  const [codes, setCodes] = useState((existing?.applicability.jurisdictionCodes ?? []).join(', '));
  const [scope, setScope] = useState<'WORKSPACE' | 'UNIT'>(existing?.scope ?? 'WORKSPACE');
  const [evidenceSource, setEvidenceSource] = useState<TObligation['evidenceSource']>(
    existing?.evidenceSource ?? 'NONE',
  );

  const anchors = ANCHORS[kind];
  const changeKind = (next: TObligationKind) => {
    setKind(next);
    if (!ANCHORS[next].includes(dueRule.anchor)) setDueRule({ ...dueRule, anchor: ANCHORS[next][0]! });
  };
  const save = useCatalogueMutation(() => {
    const body: TObligationInput = {
      key: key.trim().toUpperCase(),
      categoryId: categoryId ?? '',
      country,
      jurisdictionId,
      law: law.trim(),
      section: section.trim(),
      title: cleaned(title),
      description: cleaned(description),
      evidence: cleaned(evidence),
      kind,
      recurrence: kind === 'PERIODIC' ? recurrence : null,
      dueRule: { ...dueRule, reference: dueRule.reference?.trim() || null },
      applicability: {
        minHeadcount,
        maxHeadcount,
        jurisdictionCodes: codes
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      },
      scope,
      evidenceSource,
    };
    return existing ? catalogueApi.updateObligation(existing.id, body) : catalogueApi.createObligation(body);
  });
  const options = <T extends string>(values: readonly T[], group: string) =>
    values.map((v) => ({ value: v, label: t(`${group}.${v}` as never) as string }));
  const languageOptions = TEXT_LANGUAGES.map((l) => ({
    value: l,
    label: title[l]?.trim() ? t('form.filled', { language: t(`languages.${l}`) }) : t(`languages.${l}`),
  }));
  const num = (v: string | number) => (v === '' ? null : Number(v));

  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        save.mutate(undefined, {
          onSuccess: () => {
            notify(existing ? t('form.saved') : t('form.created'));
            onDone();
          },
        });
      }}
    >
      {save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, save.error)}
        </Alert>
      ) : null}
      <TextInput
        label={t('form.key')}
        description={t('form.keyHelp')}
        value={key}
        onChange={(e) => setKey(e.currentTarget.value)}
        maxLength={64}
        required
        disabled={existing !== null}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('form.category')}
          data={(categories.data?.content ?? []).map((c) => ({
            value: c.id,
            label: inLanguage(c.name, i18n.language),
          }))}
          value={categoryId}
          onChange={setCategoryId}
          required
          allowDeselect={false}
        />
        <Select
          label={t('form.country')}
          data={(['IN', 'CA'] as const).map((c) => ({ value: c, label: t(`country.${c}`) }))}
          value={country}
          onChange={(v) => {
            setCountry((v as 'IN' | 'CA' | null) ?? 'IN');
            setJurisdictionId(null);
          }}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Select
        label={t('form.jurisdiction')}
        description={t('form.jurisdictionHelp')}
        data={(jurisdictions.data ?? [])
          .filter((j) => j.country === country)
          .map((j) => ({ value: j.id, label: `${j.name} (${j.code})` }))}
        value={jurisdictionId}
        onChange={setJurisdictionId}
        clearable
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('form.law')}
          value={law}
          onChange={(e) => setLaw(e.currentTarget.value)}
          maxLength={200}
          required
        />
        <TextInput
          label={t('form.section')}
          description={t('form.sectionHelp')}
          value={section}
          onChange={(e) => setSection(e.currentTarget.value)}
          maxLength={100}
          required
        />
      </SimpleGrid>

      <Fieldset legend={t('form.textsHeading')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('form.textsHelp')}
          </Text>
          <Select
            label={t('form.language')}
            data={languageOptions}
            value={language}
            onChange={(v) => setLanguage((v as TTextLanguage | null) ?? 'en')}
            allowDeselect={false}
          />
          <TextInput
            label={t('form.title')}
            value={title[language] ?? ''}
            onChange={(e) => setTitle({ ...title, [language]: e.currentTarget.value })}
            maxLength={200}
            required={language === 'en'}
            lang={language}
          />
          <Textarea
            label={t('form.description')}
            value={description[language] ?? ''}
            onChange={(e) => setDescription({ ...description, [language]: e.currentTarget.value })}
            maxLength={4000}
            autosize
            minRows={3}
            required={language === 'en'}
            lang={language}
          />
          <Textarea
            label={t('form.evidence')}
            value={evidence[language] ?? ''}
            onChange={(e) => setEvidence({ ...evidence, [language]: e.currentTarget.value })}
            maxLength={1000}
            autosize
            minRows={2}
            required={language === 'en'}
            lang={language}
          />
        </Stack>
      </Fieldset>

      <Select
        label={t('form.kind')}
        data={options(OBLIGATION_KINDS, 'kind')}
        value={kind}
        onChange={(v) => changeKind((v as TObligationKind | null) ?? 'PERIODIC')}
        allowDeselect={false}
      />
      {kind === 'PERIODIC' ? (
        <Fieldset legend={t('form.recurrenceHeading')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('form.every')}
              value={recurrence.every}
              onChange={(v) => setRecurrence({ ...recurrence, every: Number(v) || 1 })}
              min={1}
              max={10}
            />
            <Select
              label={t('form.recurrenceUnit')}
              data={options(['MONTH', 'YEAR'] as const, 'recurrenceUnit')}
              value={recurrence.unit}
              onChange={(v) => setRecurrence({ ...recurrence, unit: (v as 'MONTH' | 'YEAR' | null) ?? 'YEAR' })}
              allowDeselect={false}
            />
            <Select
              label={t('form.alignTo')}
              data={options(['CALENDAR_YEAR', 'FINANCIAL_YEAR_IN', 'APPLIES_FROM'] as const, 'alignTo')}
              value={recurrence.alignTo}
              onChange={(v) =>
                setRecurrence({
                  ...recurrence,
                  alignTo: (v as TObligationRecurrence['alignTo'] | null) ?? 'CALENDAR_YEAR',
                })
              }
              allowDeselect={false}
            />
          </SimpleGrid>
        </Fieldset>
      ) : null}

      <Fieldset legend={t('form.dueHeading')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('form.anchor')}
              data={options(anchors, 'anchor')}
              value={dueRule.anchor}
              onChange={(v) => setDueRule({ ...dueRule, anchor: (v as TAnchor | null) ?? anchors[0]! })}
              allowDeselect={false}
            />
            <NumberInput
              label={t('form.offset')}
              value={dueRule.offset}
              onChange={(v) => setDueRule({ ...dueRule, offset: Number(v) || 0 })}
              min={0}
              max={3650}
            />
            <Select
              label={t('form.dueUnit')}
              data={options(['CALENDAR_DAY', 'WORKING_DAY', 'MONTH', 'YEAR'] as const, 'dueUnit')}
              value={dueRule.unit}
              onChange={(v) =>
                setDueRule({ ...dueRule, unit: (v as TObligationDueRule['unit'] | null) ?? 'CALENDAR_DAY' })
              }
              allowDeselect={false}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('form.onHoliday')}
              data={options(['NONE', 'NEXT_WORKING_DAY'] as const, 'onHoliday')}
              value={dueRule.onHoliday}
              onChange={(v) =>
                setDueRule({ ...dueRule, onHoliday: (v as TObligationDueRule['onHoliday'] | null) ?? 'NONE' })
              }
              allowDeselect={false}
            />
            <TextInput
              label={t('form.reference')}
              description={t('form.referenceHelp')}
              value={dueRule.reference ?? ''}
              onChange={(e) => setDueRule({ ...dueRule, reference: e.currentTarget.value })}
              maxLength={100}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('form.applicabilityHeading')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('form.minHeadcount')}
              description={t('form.headcountHelp')}
              value={minHeadcount ?? ''}
              onChange={(v) => setMinHeadcount(num(v))}
              min={0}
            />
            <NumberInput
              label={t('form.maxHeadcount')}
              description={t('form.headcountHelp')}
              value={maxHeadcount ?? ''}
              onChange={(v) => setMaxHeadcount(num(v))}
              min={0}
            />
          </SimpleGrid>
          <TextInput
            label={t('form.jurisdictionCodes')}
            description={t('form.jurisdictionCodesHelp')}
            value={codes}
            onChange={(e) => setCodes(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('form.scope')}
              data={options(['WORKSPACE', 'UNIT'] as const, 'scope')}
              value={scope}
              onChange={(v) => setScope((v as 'WORKSPACE' | 'UNIT' | null) ?? 'WORKSPACE')}
              allowDeselect={false}
            />
            <Select
              label={t('form.evidenceSource')}
              data={options(EVIDENCE_SOURCES, 'evidenceSource')}
              value={evidenceSource}
              onChange={(v) => setEvidenceSource((v as TObligation['evidenceSource'] | null) ?? 'NONE')}
              allowDeselect={false}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </Group>
    </Stack>
  );
}
