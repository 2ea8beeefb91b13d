import type { TCmsOptionalText, TCmsText, TLanguage, TStage, TStep, TStepType, TWorkflowBuilder } from '@app/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { notify } from '../../../app/notify.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { type TabProps, textIn } from '../builder.shared.ts';
import { useStageCalls } from './stages.api.ts';
import { cleanText, dueRuleWords, type Translate, withStepTitles } from './stages.logic.ts';
import { StepIcon, TextsField } from './stages.parts.tsx';
import { StepEditor } from './step-editor.tsx';

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

/** The stages in order, each with its steps in order. */
export function orderedStages(builder: TWorkflowBuilder): TStage[] {
  return [...builder.stages].sort(byPosition).map((s) => ({ ...s, steps: [...s.steps].sort(byPosition) }));
}

/** The languages a new title is asked in: English (required) and the edited language. */
const titleLanguages = (language: TLanguage): TLanguage[] => (language === 'en' ? ['en'] : ['en', language]);

/** The Stages of Redressal tab (issue 25): stages, steps, and the step editor. */
export function StagesTab({ builder, language, readOnly }: TabProps) {
  const { t } = useTranslation('workflowStages');
  const editable = !readOnly && builder.workflow.actions.includes('edit');
  const stages = orderedStages(builder);
  const [openStepId, setOpenStepId] = useState<string | null>(null);
  const calls = useStageCalls(builder.workflow.id);
  const [addingStage, setAddingStage] = useState(false);

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('intro')}</Text>
      {editable ? null : (
        <Alert color="gray" variant="light" role="note">
          {t('readOnly')}
        </Alert>
      )}
      {stages.length === 0 ? <Text>{t('noStages')}</Text> : null}
      {stages.map((stage, i) => (
        <StageCard
          key={stage.id}
          builder={builder}
          stages={stages}
          stage={stage}
          index={i}
          language={language}
          editable={editable}
          onOpenStep={setOpenStepId}
        />
      ))}
      {editable ? (
        addingStage ? (
          <Card withBorder>
            <NewTitleForm
              label={t('stage.title')}
              language={language}
              pending={calls.createStage.isPending}
              submitLabel={t('stage.add')}
              onCancel={() => setAddingStage(false)}
              onSubmit={(title) =>
                calls.createStage.mutate(
                  { title },
                  {
                    onSuccess: () => setAddingStage(false),
                    onError: (e) => notify(errorText(t, e, t('editor.failed')), 'error'),
                  },
                )
              }
            />
          </Card>
        ) : (
          <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => setAddingStage(true)}>
            {t('stage.add')}
          </Button>
        )
      ) : null}
      <StepEditor
        builder={builder}
        stages={stages}
        stepId={openStepId}
        language={language}
        editable={editable}
        onClose={() => setOpenStepId(null)}
      />
    </Stack>
  );
}

/** A title in English (required) and the edited language, with submit and cancel. */
function NewTitleForm(props: {
  label: string;
  language: TLanguage;
  initial?: TCmsOptionalText;
  pending: boolean;
  submitLabel: string;
  onSubmit: (title: TCmsText) => void;
  onCancel: () => void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation('workflowStages');
  const [title, setTitle] = useState<TCmsOptionalText>(props.initial ?? {});
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!title.en?.trim()) return;
        props.onSubmit(cleanText(title) as TCmsText);
      }}
    >
      <Stack gap="sm">
        {props.extra}
        <TextsField
          label={props.label}
          value={title}
          languages={titleLanguages(props.language)}
          required
          maxLength={200}
          onChange={setTitle}
        />
        <Group gap="xs">
          <Button type="submit" loading={props.pending} disabled={!title.en?.trim()}>
            {props.submitLabel}
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StageCard(props: {
  builder: TWorkflowBuilder;
  stages: TStage[];
  stage: TStage;
  index: number;
  language: TLanguage;
  editable: boolean;
  onOpenStep: (id: string) => void;
}) {
  const { t } = useTranslation('workflowStages');
  const { stage, index, stages, editable, language } = props;
  const calls = useStageCalls(props.builder.workflow.id);
  const [renaming, setRenaming] = useState(false);
  const [addingStep, setAddingStep] = useState(false);
  const [stepType, setStepType] = useState<TStepType>('MEETING');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const title = textIn(stage.title, language);
  const headingId = `stage-${stage.id}-heading`;
  const failed = (e: unknown) => notify(errorText(t, e, t('editor.failed')), 'error');

  const moveStage = (delta: number) =>
    calls.updateStage.mutate({ id: stage.id, body: { position: index + delta } }, { onError: failed });

  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h4" id={headingId}>
              {t('stage.heading', { n: index + 1, title })}
            </Title>
            {stage.statutory ? (
              <Badge color="grape" variant="light" tt="none">
                {t('step.statutory', { reference: statutoryReferences(stage) })}
              </Badge>
            ) : null}
          </Group>
          {editable ? (
            <Group gap={4}>
              <Button size="compact-sm" variant="subtle" onClick={() => setRenaming(true)}>
                {t('stage.rename')}
              </Button>
              <ActionIcon
                variant="subtle"
                aria-label={t('stage.moveUp')}
                disabled={index === 0}
                onClick={() => moveStage(-1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('stage.moveDown')}
                disabled={index === stages.length - 1}
                onClick={() => moveStage(1)}
              >
                ↓
              </ActionIcon>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                {t('stage.remove')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {renaming ? (
          <NewTitleForm
            label={t('stage.title')}
            language={language}
            initial={stage.title}
            pending={calls.updateStage.isPending}
            submitLabel={t('editor.save')}
            onCancel={() => setRenaming(false)}
            onSubmit={(value) =>
              calls.updateStage.mutate(
                { id: stage.id, body: { title: { ...stage.title, ...value } } },
                { onSuccess: () => setRenaming(false), onError: failed },
              )
            }
          />
        ) : null}
        {stage.steps.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noSteps')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {stage.steps.map((step, i) => (
              <StepRow
                key={step.id}
                builder={props.builder}
                stages={stages}
                stage={stage}
                step={step}
                index={i}
                language={language}
                editable={editable}
                onOpen={() => props.onOpenStep(step.id)}
              />
            ))}
          </Stack>
        )}
        {editable && stage.steps.length > 1 ? (
          <Text size="xs" c="dimmed">
            {t('step.moveKeys')}
          </Text>
        ) : null}
        {editable ? (
          addingStep ? (
            <Card withBorder bg="var(--mantine-color-gray-0)">
              <NewTitleForm
                label={t('step.title')}
                language={language}
                pending={calls.createStep.isPending}
                submitLabel={t('step.add')}
                onCancel={() => setAddingStep(false)}
                extra={
                  <SegmentedControl
                    aria-label={t('actions.addType')}
                    value={stepType}
                    onChange={(v) => setStepType(v as TStepType)}
                    data={[
                      { value: 'MEETING', label: t('step.type.MEETING') },
                      { value: 'ACTION', label: t('step.type.ACTION') },
                    ]}
                    style={{ alignSelf: 'flex-start' }}
                  />
                }
                onSubmit={(stepTitle) => {
                  const before = new Set(stage.steps.map((s) => s.id));
                  calls.createStep.mutate(
                    { stageId: stage.id, type: stepType, title: stepTitle },
                    {
                      onSuccess: (answer) => {
                        setAddingStep(false);
                        const created = answer.stages
                          .find((s) => s.id === stage.id)
                          ?.steps.find((s) => !before.has(s.id));
                        if (created) props.onOpenStep(created.id);
                      },
                      onError: failed,
                    },
                  );
                }}
              />
            </Card>
          ) : (
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              aria-label={t('step.addTo', { stage: title })}
              onClick={() => setAddingStep(true)}
            >
              {t('step.add')}
            </Button>
          )
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('stage.remove')}
        message={
          stage.statutory ? t('stage.statutoryLocked') : t('stage.removeConfirm', { title, count: stage.steps.length })
        }
        confirmLabel={t('confirm.yes')}
        pending={calls.deleteStage.isPending}
        error={
          calls.deleteStage.error
            ? errorText(t, withStepTitles(calls.deleteStage.error, stages, language), t('editor.failed'))
            : null
        }
        onConfirm={() => calls.deleteStage.mutate(stage.id, { onSuccess: () => setConfirmDelete(false) })}
        onClose={() => {
          setConfirmDelete(false);
          calls.deleteStage.reset();
        }}
      />
    </Card>
  );
}

const statutoryReferences = (stage: TStage) =>
  [...new Set(stage.steps.flatMap((s) => (s.statutory ? [s.statutory.reference] : [])))].join(', ');

function StepRow(props: {
  builder: TWorkflowBuilder;
  stages: TStage[];
  stage: TStage;
  step: TStep;
  index: number;
  language: TLanguage;
  editable: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('workflowStages');
  const tt = t as unknown as Translate;
  const { step, stage, stages, index, language, editable } = props;
  const calls = useStageCalls(props.builder.workflow.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const title = textIn(step.title, language);
  const openId = `step-${step.id}-open`;
  const refocus = () => setTimeout(() => document.getElementById(openId)?.focus(), 0);
  const failed = (e: unknown) => notify(errorText(t, e, t('editor.failed')), 'error');

  const move = (delta: number) => {
    const to = index + delta;
    if (to < 0 || to >= stage.steps.length) return;
    calls.updateStep.mutate({ id: step.id, body: { position: to } }, { onSuccess: refocus, onError: failed });
  };
  const moveTo = (target: TStage) =>
    calls.updateStep.mutate(
      { id: step.id, body: { stageId: target.id, position: target.steps.length } },
      { onSuccess: refocus, onError: failed },
    );
  const onKeyDown = (e: KeyboardEvent) => {
    if (!editable || !e.altKey) return;
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(1);
    }
  };
  const due = step.settings.dueRule;

  return (
    <li onKeyDown={onKeyDown} data-step-key={step.key}>
      <Card withBorder padding="sm" radius="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <StepIcon type={step.type} />
              <Text size="xs" tt="uppercase" fw={600} c="dimmed">
                {t(`step.type.${step.type}`)}
              </Text>
            </Group>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text size="sm">
              {t('step.performedBy', { performer: t(`performer.${step.settings.performer}`) })}
              {' · '}
              {due ? dueRuleWords(tt, due, stages, language) : t('step.noDeadline')}
            </Text>
            <Group gap={6}>
              {step.statutory ? (
                <Tooltip label={t('step.statutoryWhy', { reference: step.statutory.reference })} multiline w={280}>
                  <Badge color="grape" variant="light" tt="none">
                    {t('step.statutory', { reference: step.statutory.reference })}
                  </Badge>
                </Tooltip>
              ) : null}
              {step.mandatory ? <Badge variant="outline">{t('step.mandatory')}</Badge> : null}
              {step.settings.start.kind === 'ON_REQUEST' ? (
                <Badge variant="outline" color="dark">
                  {t('step.onRequest')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Group gap={4}>
            <Button
              id={openId}
              size="compact-sm"
              variant="light"
              aria-label={t('step.editLabel', { title })}
              onClick={props.onOpen}
            >
              {t('step.edit')}
            </Button>
            {editable ? (
              <>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('step.moveUp')}: ${title}`}
                  disabled={index === 0}
                  onClick={() => move(-1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('step.moveDown')}: ${title}`}
                  disabled={index === stage.steps.length - 1}
                  onClick={() => move(1)}
                >
                  ↓
                </ActionIcon>
                {stages.length > 1 ? (
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <Button size="compact-sm" variant="subtle" aria-label={`${t('step.moveTo')}: ${title}`}>
                        ⇄
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Label>{t('step.moveTo')}</Menu.Label>
                      {stages
                        .filter((s) => s.id !== stage.id)
                        .map((s) => (
                          <Menu.Item key={s.id} onClick={() => moveTo(s)}>
                            {textIn(s.title, language)}
                          </Menu.Item>
                        ))}
                    </Menu.Dropdown>
                  </Menu>
                ) : null}
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={`${t('step.remove')}: ${title}`}
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('step.remove')}
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
      </Card>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('step.remove')}
        message={
          step.statutory
            ? t('step.statutoryWhy', { reference: step.statutory.reference })
            : t('step.removeConfirm', { title })
        }
        confirmLabel={t('confirm.yes')}
        pending={calls.deleteStep.isPending}
        error={
          calls.deleteStep.error
            ? errorText(t, withStepTitles(calls.deleteStep.error, stages, language), t('editor.failed'))
            : null
        }
        onConfirm={() => calls.deleteStep.mutate(step.id, { onSuccess: () => setConfirmDelete(false) })}
        onClose={() => {
          setConfirmDelete(false);
          calls.deleteStep.reset();
        }}
      />
    </li>
  );
}
