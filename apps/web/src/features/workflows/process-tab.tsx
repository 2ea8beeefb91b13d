import { type TLanguage, type TWorkflowFiler, type TWorkflowJurisdiction, WORKFLOW_JURISDICTIONS } from '@app/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { notify } from '../../app/notify.ts';
import { errorText, fieldErrorText } from '../../lib/i18n/error-text.ts';
import { useUnsavedChangesGuard } from '../common/unsaved-changes.hook.ts';
import { type TabProps, useBuilderMutation } from './builder.shared.ts';
import {
  filersFor,
  processFormOf,
  processProblems,
  processUpdate,
  type TProcessForm,
  withFilers,
  withJurisdiction,
  withLanguages,
} from './process-form.ts';
import { useWorkflowHandlers, workflowsApi } from './workflows.api.ts';

/**
 * The Process Details tab: name, description (in the language the builder edits), law (fixed by a
 * template), who may file, who handles complaints (each unit's own committee from the register, or
 * one), the contact complainants see, and the languages. Saved together; leaving with unsaved
 * changes asks first (switching the tab included). A new revision of the draft starts the form again.
 */
export function ProcessTab(props: TabProps) {
  const { workflow } = props.builder;
  return <ProcessForm key={`${workflow.id}:${workflow.revision}`} {...props} />;
}

function ProcessForm({ builder, language, readOnly }: TabProps) {
  const { t } = useTranslation('workflows');
  const { workflow, offeredLanguages } = builder;
  const initial = useMemo(() => processFormOf(workflow), [workflow]);
  const [form, setForm] = useState<TProcessForm>(initial);
  const [tried, setTried] = useState(false);
  const handlers = useWorkflowHandlers();
  const update = processUpdate(initial, form);
  const dirty = !readOnly && update !== null;
  // Changing only the language of the texts keeps the form (it holds every language's description).
  const guard = useUnsavedChangesGuard(dirty, {
    allow: (next) => next.pathname === window.location.pathname && sameExceptLang(next.search, window.location.search),
  });
  const save = useBuilderMutation(workflow.id, () => workflowsApi.update(workflow.id, update ?? {}));
  const problems = tried ? processProblems(form) : {};
  const problem = (field: string): string | undefined => {
    const key = problems[field];
    return key ? t(`process.${key}`) : fieldErrorText(t, save.error, field);
  };
  const set = (patch: Partial<TProcessForm>) => setForm((f) => ({ ...f, ...patch }));
  const canada = form.jurisdiction === 'CA_SOR_2020_130';
  // The register's committees of the kind the law asks: an Internal Committee (POSH s.4) or a designated recipient (Canada s.14).
  const kind = canada ? 'DESIGNATED_RECIPIENT' : 'INTERNAL_COMMITTEE';
  const committees = (handlers.data?.committees ?? []).filter((c) => c.kind === kind);
  const languageName = (l: TLanguage) => t(`languages.${l}`, { ns: 'common' });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (Object.keys(processProblems(form)).length === 0 && update) {
            save.mutate(undefined, { onSuccess: () => notify(t('process.saved')) });
          }
        }}
      >
        <Fieldset variant="unstyled" disabled={readOnly} legend={null}>
          <Stack gap="lg">
            <TextInput
              label={t('process.name')}
              value={form.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={problem('name')}
              required
              maxLength={200}
            />
            <Textarea
              label={t('process.description', { language: languageName(language) })}
              description={t('process.descriptionHint')}
              value={form.description[language] ?? ''}
              onChange={(e) => set({ description: { ...form.description, [language]: e.currentTarget.value } })}
              error={fieldErrorText(t, save.error, 'description')}
              autosize
              minRows={3}
              maxLength={4000}
              lang={language}
            />
            <div>
              <Select
                label={t('process.jurisdiction')}
                description={workflow.template ? t('process.jurisdictionLocked') : undefined}
                data={WORKFLOW_JURISDICTIONS.map((j) => ({ value: j, label: t(`jurisdiction.${j}`) }))}
                value={form.jurisdiction}
                onChange={(v) => v && setForm((f) => withJurisdiction(f, v as TWorkflowJurisdiction))}
                disabled={readOnly || workflow.template !== null}
                allowDeselect={false}
                maw={420}
              />
            </div>
            <Checkbox.Group
              label={t('process.filers')}
              value={form.filers}
              onChange={(v) => setForm((f) => withFilers(f, v as TWorkflowFiler[]))}
              error={problem('filers')}
              required
            >
              <Stack gap="xs" mt={6}>
                {filersFor(form.jurisdiction).map((f) => (
                  <Checkbox key={f} value={f} label={t(`process.filerKinds.${f}`)} disabled={readOnly} />
                ))}
              </Stack>
            </Checkbox.Group>
            {canada ? (
              <Switch
                label={t('process.anonymousWitnesses')}
                checked={form.anonymousWitnesses}
                onChange={(e) => set({ anonymousWitnesses: e.currentTarget.checked })}
                disabled={readOnly || !form.filers.includes('WITNESS')}
              />
            ) : null}
            <Radio.Group
              label={t('process.handler')}
              value={form.handlerKind}
              onChange={(v) => set({ handlerKind: v as TProcessForm['handlerKind'] })}
            >
              <Stack gap="xs" mt={6}>
                <Radio
                  value="UNIT_COMMITTEE"
                  label={t('process.handlerUnit')}
                  description={t('process.handlerUnitHint')}
                  disabled={readOnly}
                />
                <Radio value="COMMITTEE" label={t('process.handlerOne')} disabled={readOnly} />
              </Stack>
            </Radio.Group>
            {form.handlerKind === 'COMMITTEE' ? (
              handlers.isSuccess && committees.length === 0 ? (
                <Alert color="orange" variant="light">
                  <Text size="sm">{t('process.noCommittees')}</Text>
                  <Anchor component={Link} to="/committee" size="sm">
                    {t('process.openRegister')}
                  </Anchor>
                </Alert>
              ) : (
                <Select
                  label={t('process.handlerCommittee')}
                  placeholder={t('process.handlerChoose')}
                  data={committees.map((c) => ({
                    value: c.id,
                    label: `${c.name} (${
                      c.unitNames.length
                        ? t('process.handlerServes', { units: c.unitNames.join(', ') })
                        : t('process.handlerServesAll')
                    })`,
                  }))}
                  value={form.committeeId}
                  onChange={(v) => set({ committeeId: v })}
                  error={problem('committee')}
                  required
                  maw={520}
                />
              )
            ) : null}
            <Radio.Group
              label={t('process.contact')}
              value={form.contactKind}
              onChange={(v) => set({ contactKind: v as TProcessForm['contactKind'] })}
            >
              <Stack gap="xs" mt={6}>
                <Radio value="REGISTER" label={t('process.contactRegister')} disabled={readOnly} />
                <Radio value="OWN" label={t('process.contactOwn')} disabled={readOnly} />
              </Stack>
            </Radio.Group>
            {form.contactKind === 'OWN' ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label={t('process.contactName')}
                  value={form.contactName}
                  onChange={(e) => set({ contactName: e.currentTarget.value })}
                  error={problem('contactName') ?? fieldErrorText(t, save.error, 'contact.name')}
                  required
                  maxLength={120}
                />
                <TextInput
                  label={t('process.contactEmail')}
                  type="email"
                  value={form.contactEmail}
                  onChange={(e) => set({ contactEmail: e.currentTarget.value })}
                  error={problem('contactEmail') ?? fieldErrorText(t, save.error, 'contact.email')}
                />
                <TextInput
                  label={t('process.contactPhone')}
                  type="tel"
                  value={form.contactPhone}
                  onChange={(e) => set({ contactPhone: e.currentTarget.value })}
                  error={fieldErrorText(t, save.error, 'contact.phone')}
                  maxLength={32}
                />
              </SimpleGrid>
            ) : null}
            <Checkbox.Group
              label={t('process.languages')}
              description={t('process.languagesHint')}
              value={form.languages}
              onChange={(v) => set({ languages: withLanguages(offeredLanguages, v) })}
            >
              <Group gap="md" mt={6}>
                {offeredLanguages.map((l) => (
                  <Checkbox key={l} value={l} label={languageName(l)} disabled={readOnly || l === 'en'} lang={l} />
                ))}
              </Group>
            </Checkbox.Group>
            {save.error ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(t, save.error, t('process.failed'))}
              </Alert>
            ) : tried && Object.keys(processProblems(form)).length ? (
              <Alert color="orange" variant="light" role="alert">
                {t('process.fixFirst')}
              </Alert>
            ) : null}
            {readOnly ? null : (
              <Group>
                <Button type="submit" loading={save.isPending} disabled={!dirty}>
                  {t('process.save')}
                </Button>
                <Button
                  variant="default"
                  disabled={!dirty}
                  onClick={() => {
                    setForm(initial);
                    setTried(false);
                    save.reset();
                  }}
                >
                  {t('process.reset')}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      </form>
      <ConfirmDialog
        opened={guard.asking}
        title={t('process.leaveTitle')}
        message={t('process.leaveBody')}
        confirmLabel={t('process.leave')}
        onConfirm={guard.proceed}
        onClose={guard.stay}
      />
    </Paper>
  );
}

/** Whether two query strings differ only in `lang` (the language of the texts). */
function sameExceptLang(a: string, b: string): boolean {
  const strip = (s: string) => {
    const p = new URLSearchParams(s);
    p.delete('lang');
    p.sort();
    return p.toString();
  };
  return strip(a) === strip(b);
}
