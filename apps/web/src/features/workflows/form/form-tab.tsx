import {
  LANGUAGE_NAMES,
  type TAttribute,
  type TCmsText,
  type TComponent,
  type TLanguage,
  type TWorkflowBuilder,
  type TWorkflowJurisdiction,
} from '@app/contract';
import { DragDropProvider } from '@dnd-kit/react';
import { isSortable, useSortable } from '@dnd-kit/react/sortable';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { ComplaintFormPreview } from '../../common/complaint-form/complaint-form-preview.tsx';
import { type TabProps, textIn, useBuilderMutation } from '../builder.shared.ts';
import { FieldDialog, type TFieldTarget } from './field-dialog.tsx';
import { formApi } from './form.api.ts';
import { cleanText, fieldsInOrder, missingLanguages, moveItem, sameOrder } from './form-logic.ts';
import { LanguageTabs, TextIn, type TTexts } from './texts.tsx';

const byPosition = <T extends { position: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.position - b.position);

/** The Complaint Form tab (helper web-form): groups and their fields, editing dialogs, and the live preview beside them. */
export function FormTab(props: TabProps) {
  const { builder, language, readOnly } = props;
  const { t } = useTranslation('workflowForm');
  const workflowId = builder.workflow.id;
  const editable = !readOnly && builder.workflow.actions.includes('edit');
  const components = byPosition(builder.components);
  const [announcement, setAnnouncement] = useState('');
  const [fieldTarget, setFieldTarget] = useState<TFieldTarget | null>(null);
  const [groupTarget, setGroupTarget] = useState<{ component: TComponent | null } | null>(null);
  const [confirm, setConfirm] = useState<{ title: string; text: string; run: () => Promise<TWorkflowBuilder> } | null>(
    null,
  );
  // The order shown per group: the last one sent, until the builder's answer for that revision arrives.
  const [local, setLocal] = useState<{ revision: number; orders: Record<string, string[]> }>({
    revision: -1,
    orders: {},
  });
  const orders = local.revision === builder.workflow.revision ? local.orders : {};

  const change = useBuilderMutation(workflowId, (run: () => Promise<TWorkflowBuilder>) => run());
  const remove = useBuilderMutation(workflowId, (run: () => Promise<TWorkflowBuilder>) => run());
  const closeConfirm = () => {
    setConfirm(null);
    remove.reset();
  };

  const move = (component: TComponent, ids: string[], from: number, to: number) => {
    const next = moveItem(ids, from, to);
    if (sameOrder(ids, next)) return;
    setLocal({ revision: builder.workflow.revision, orders: { ...orders, [component.id]: next } });
    const moved = component.attributes.find((a) => a.id === ids[from]);
    const said = moved
      ? t('moved', { label: textIn(moved.label, language), position: next.indexOf(moved.id) + 1, count: next.length })
      : '';
    setAnnouncement('');
    change.mutate(() => formApi.orderAttributes({ workflowId, componentId: component.id, attributeIds: next }), {
      // Said once the server has it; a refusal is said by the alert instead.
      onSuccess: () => setAnnouncement(said),
      onError: () => setLocal({ revision: -1, orders: {} }),
    });
  };

  return (
    <Flex direction={{ base: 'column', lg: 'row' }} gap="lg" align="flex-start">
      <Stack gap="md" style={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4">
            {t('heading')}
          </Title>
          {editable ? (
            <Button variant="default" onClick={() => setGroupTarget({ component: null })}>
              {t('addGroup')}
            </Button>
          ) : null}
        </Group>
        {editable ? (
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        ) : null}
        {change.error ? (
          <Alert color="red" role="alert" withCloseButton onClose={() => change.reset()}>
            {errorText(t, change.error, t('failed'))}
          </Alert>
        ) : null}
        {components.map((component) => (
          <GroupSection
            key={component.id}
            component={component}
            components={components}
            order={orders[component.id]}
            jurisdiction={builder.workflow.jurisdiction}
            language={language}
            languages={builder.workflow.languages}
            editable={editable}
            onMove={move}
            onAdd={() => setFieldTarget({ componentId: component.id, attribute: null })}
            onEdit={(attribute) => setFieldTarget({ componentId: component.id, attribute })}
            onRename={() => setGroupTarget({ component })}
            onDelete={() =>
              setConfirm({
                title: t('deleteGroup', { title: textIn(component.title, language) }),
                text:
                  component.attributes.length === 0
                    ? t('deleteEmptyGroupConfirm', { title: textIn(component.title, language) })
                    : t('deleteGroupConfirm', {
                        title: textIn(component.title, language),
                        count: component.attributes.length,
                      }),
                run: () => formApi.deleteComponent(component.id),
              })
            }
            onDeleteField={(attribute) =>
              setConfirm({
                title: t('deleteField', { label: textIn(attribute.label, language) }),
                text: t('deleteFieldConfirm', { label: textIn(attribute.label, language) }),
                run: () => formApi.deleteAttribute(attribute.id),
              })
            }
          />
        ))}
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
      <PreviewPanel builder={builder} language={language} />
      {fieldTarget ? (
        <FieldDialog
          builder={builder}
          target={fieldTarget}
          language={language}
          onClose={() => setFieldTarget(null)}
          onSaved={(label) => {
            setFieldTarget(null);
            setAnnouncement(`${label}: ${t('saved')}`);
          }}
        />
      ) : null}
      {groupTarget ? (
        <GroupDialog
          workflowId={workflowId}
          component={groupTarget.component}
          languages={builder.workflow.languages}
          language={language}
          onClose={() => setGroupTarget(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm?.title ?? ''}
        message={confirm?.text ?? ''}
        confirmLabel={t('delete')}
        pending={remove.isPending}
        error={remove.error ? errorText(t, remove.error, t('failed')) : null}
        onConfirm={() => confirm && remove.mutate(confirm.run, { onSuccess: closeConfirm })}
        onClose={closeConfirm}
      />
    </Flex>
  );
}

function GroupSection(props: {
  component: TComponent;
  components: TComponent[];
  order: string[] | undefined;
  jurisdiction: TWorkflowJurisdiction;
  language: TLanguage;
  languages: readonly TLanguage[];
  editable: boolean;
  onMove: (component: TComponent, ids: string[], from: number, to: number) => void;
  onAdd: () => void;
  onEdit: (attribute: TAttribute) => void;
  onRename: () => void;
  onDelete: () => void;
  onDeleteField: (attribute: TAttribute) => void;
}) {
  const { component, language, editable } = props;
  const { t } = useTranslation('workflowForm');
  const title = textIn(component.title, language);
  const byId = new Map(component.attributes.map((a) => [a.id, a]));
  const ids = props.order ?? byPosition(component.attributes).map((a) => a.id);
  const fields = ids.map((id) => byId.get(id)).filter((a): a is TAttribute => Boolean(a));
  const allFields = fieldsInOrder(props.components);
  const hasLocked = component.attributes.some((a) => a.locked);
  const headingId = `form-group-${component.id}`;
  const missing = missingLanguages(component.title, props.languages);

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={headingId} data-testid="form-group">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {missing.length > 0 ? <MissingNote languages={missing} /> : null}
          </Stack>
          {editable ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('renameGroup', { title })}
                onClick={props.onRename}
              >
                <Icon d="M4 20h4l10-10l-4-4L4 16z M13 7l4 4" />
              </ActionIcon>
              {hasLocked ? (
                <Tooltip label={t('deleteGroupLocked')} events={{ hover: true, focus: true, touch: true }}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('deleteGroupLocked')} data-disabled>
                    <Icon d="M7 11V8a5 5 0 0 1 10 0v3 M5 11h14v9H5z" />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('deleteGroup', { title })}
                  onClick={props.onDelete}
                >
                  <Icon d="M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3" />
                </ActionIcon>
              )}
            </Group>
          ) : null}
        </Group>
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('groupEmpty')}
          </Text>
        ) : (
          <DragDropProvider
            onDragEnd={(event) => {
              if (event.canceled) return;
              const { source } = event.operation;
              if (isSortable(source)) props.onMove(component, ids, source.initialIndex, source.index);
            }}
          >
            <Stack
              gap={6}
              component="ol"
              aria-label={t('fieldsOf', { title })}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {fields.map((field, index) => (
                <FieldRow
                  key={field.id}
                  field={field}
                  group={component.id}
                  index={index}
                  count={fields.length}
                  allFields={allFields}
                  jurisdiction={props.jurisdiction}
                  language={language}
                  languages={props.languages}
                  editable={editable}
                  onMove={(from, to) => props.onMove(component, ids, from, to)}
                  onEdit={() => props.onEdit(field)}
                  onDelete={() => props.onDeleteField(field)}
                />
              ))}
            </Stack>
          </DragDropProvider>
        )}
        {editable ? (
          <Group>
            <Button variant="light" size="compact-sm" onClick={props.onAdd} aria-label={t('addFieldTo', { title })}>
              {t('addField')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function FieldRow(props: {
  field: TAttribute;
  group: string;
  index: number;
  count: number;
  allFields: TAttribute[];
  jurisdiction: TWorkflowJurisdiction;
  language: TLanguage;
  languages: readonly TLanguage[];
  editable: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { field, index, language } = props;
  const { t } = useTranslation('workflowForm');
  const { ref, handleRef, isDragging } = useSortable({
    id: field.id,
    index,
    group: props.group,
    disabled: !props.editable,
  });
  const label = textIn(field.label, language);
  const lockReason = field.statutoryReference
    ? t('locked.statutory', { reference: withLaw(props.jurisdiction, field.statutoryReference) })
    : t('locked.required');
  const missing = [
    ...new Set([
      ...missingLanguages(field.label, props.languages),
      ...(field.hint.en ? missingLanguages(field.hint, props.languages) : []),
      ...field.options.flatMap((o) => missingLanguages(o.label, props.languages)),
    ]),
  ];
  const summary = conditionText(t, field, props.allFields, language);

  return (
    <Paper
      component="li"
      ref={props.editable ? ref : undefined}
      withBorder
      radius="sm"
      p="xs"
      data-testid="form-field"
      data-key={field.key}
      style={{ opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {props.editable ? (
          <ActionIcon
            ref={handleRef}
            variant="subtle"
            color="gray"
            aria-label={t('dragHandle', { label })}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <path d="M9 5h2v2H9zM13 5h2v2h-2zM9 11h2v2H9zM13 11h2v2h-2zM9 17h2v2H9zM13 17h2v2h-2z" />
            </svg>
          </ActionIcon>
        ) : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}
            {field.mandatory ? (
              <Text span c="red.8" aria-hidden="true">
                {' *'}
              </Text>
            ) : null}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge size="sm" variant="light" tt="none">
              {t(`type.${field.type}`)}
            </Badge>
            {field.type === 'RESOURCE' ? null : (
              <Badge
                size="sm"
                variant={field.mandatory ? 'outline' : 'default'}
                color={field.mandatory ? 'red.8' : undefined}
                tt="none"
              >
                {field.mandatory ? t('mandatory') : t('optional')}
              </Badge>
            )}
            {field.locked ? (
              <Group gap={4} wrap="nowrap" data-testid="locked">
                <Icon d="M7 11V8a5 5 0 0 1 10 0v3 M5 11h14v9H5z" size={14} />
                <Text span size="xs" c="dimmed">
                  {lockReason}
                </Text>
              </Group>
            ) : null}
          </Group>
          {summary ? (
            <Text size="xs" c="dimmed" data-testid="condition">
              {summary}
            </Text>
          ) : null}
          {missing.length > 0 ? <MissingNote languages={missing} /> : null}
        </Stack>
        {props.editable ? (
          <Group gap={2} wrap="wrap" justify="flex-end" style={{ maxWidth: 72 }}>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={t('moveUp', { label })}
              disabled={index === 0}
              onClick={() => props.onMove(index, index - 1)}
            >
              <Icon d="M6 15l6-6l6 6" size={14} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={t('moveDown', { label })}
              disabled={index === props.count - 1}
              onClick={() => props.onMove(index, index + 1)}
            >
              <Icon d="M6 9l6 6l6-6" size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="md"
              aria-label={t('editField', { label })}
              onClick={props.onEdit}
            >
              <Icon d="M4 20h4l10-10l-4-4L4 16z M13 7l4 4" size={14} />
            </ActionIcon>
            {field.locked ? null : (
              <ActionIcon
                variant="subtle"
                color="red"
                size="md"
                aria-label={t('deleteField', { label })}
                onClick={props.onDelete}
              >
                <Icon d="M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3" size={14} />
              </ActionIcon>
            )}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

type TT = ReturnType<typeof useTranslation<'workflowForm'>>['t'];

/** The law's short name, which the server's references ("s.9(1)") leave out: "POSH s.9(1)". */
const LAW_SHORT: Record<TWorkflowJurisdiction, string> = { IN_POSH: 'POSH', CA_SOR_2020_130: 'SOR/2020-130' };
const withLaw = (jurisdiction: TWorkflowJurisdiction, reference: string) =>
  reference.startsWith(LAW_SHORT[jurisdiction]) ? reference : `${LAW_SHORT[jurisdiction]} ${reference}`;

/** "Shown when Gender is Woman", from the field's condition; null without one. */
function conditionText(t: TT, field: TAttribute, all: TAttribute[], language: TLanguage): string | null {
  const c = field.condition;
  if (!c) return null;
  const source = all.find((a) => a.key === c.attributeKey);
  const name = source ? textIn(source.label, language) : c.attributeKey;
  if (c.equals === true) return t('conditionSummaryTicked', { field: name });
  const option = source?.options.find((o) => o.key === c.equals);
  return t('conditionSummary', { field: name, option: option ? textIn(option.label, language) : c.equals });
}

function MissingNote(props: { languages: readonly TLanguage[] }) {
  const { t } = useTranslation('workflowForm');
  return (
    <Text size="xs" c="red.9">
      {t('missing', { languages: props.languages.map((l) => LANGUAGE_NAMES[l].nativeName).join(', ') })}
    </Text>
  );
}

function Icon(props: { d: string; size?: number }) {
  const size = props.size ?? 16;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={props.d} />
    </svg>
  );
}

/** The form as a complainant sees it, 360 px wide, in one of the workflow's languages. */
function PreviewPanel(props: { builder: TabProps['builder']; language: TLanguage }) {
  const { builder } = props;
  const { t } = useTranslation('workflowForm');
  const languages = builder.workflow.languages.length > 0 ? builder.workflow.languages : (['en'] as TLanguage[]);
  const [chosen, setChosen] = useState<TLanguage>(languages.includes(props.language) ? props.language : 'en');
  const language = languages.includes(chosen) ? chosen : 'en';
  const form = byPosition(builder.components).map((c) => ({ ...c, attributes: byPosition(c.attributes) }));
  const today = new Date().toISOString().slice(0, 10);
  const wide = useMediaQuery('(min-width: 75em)');
  return (
    <Stack
      gap="sm"
      w={{ base: '100%', lg: 384 }}
      component="aside"
      aria-labelledby="form-preview-heading"
      // Beside the editor (wide screens) the preview stays in view while the form scrolls.
      style={
        wide
          ? { flexShrink: 0, position: 'sticky', top: 76, maxHeight: 'calc(100vh - 92px)', overflowY: 'auto' }
          : { flexShrink: 0 }
      }
    >
      <Title order={2} size="h4" id="form-preview-heading">
        {t('preview.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('preview.intro')}
      </Text>
      {languages.length > 1 ? (
        <Box style={{ overflowX: 'auto' }}>
          <SegmentedControl
            aria-label={t('preview.language')}
            size="xs"
            value={language}
            onChange={(v) => setChosen(v as TLanguage)}
            data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l].nativeName }))}
          />
        </Box>
      ) : null}
      <Paper
        withBorder
        radius="lg"
        p="md"
        w={360}
        maw="100%"
        role="region"
        aria-label={t('preview.frame')}
        data-testid="form-preview"
        style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
      >
        <ComplaintFormPreview form={form} language={language} today={today} previewOnly idPrefix="preview" />
      </Paper>
    </Stack>
  );
}

/** Add or rename a group: its title in each language of the workflow. */
function GroupDialog(props: {
  workflowId: string;
  component: TComponent | null;
  languages: readonly TLanguage[];
  language: TLanguage;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflowForm');
  const { t: tc } = useTranslation();
  const languages = props.languages.length > 0 ? props.languages : (['en'] as TLanguage[]);
  const [language, setLanguage] = useState<TLanguage>(
    props.component && languages.includes(props.language) ? props.language : 'en',
  );
  const [title, setTitle] = useState<TTexts>(props.component?.title ?? {});
  const [showErrors, setShowErrors] = useState(false);
  const save = useBuilderMutation(props.workflowId, (text: TCmsText) =>
    props.component
      ? formApi.updateComponent(props.component.id, { title: text })
      : formApi.createComponent({ workflowId: props.workflowId, title: text }),
  );
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.component ? t('group.renameTitle') : t('group.addTitle')}
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShowErrors(true);
          if (!title.en?.trim()) {
            setLanguage('en');
            return;
          }
          save.mutate(cleanText(title) as TCmsText, { onSuccess: props.onClose });
        }}
      >
        <Stack gap="md">
          <LanguageTabs
            languages={languages}
            value={language}
            onChange={setLanguage}
            missing={(l) => missingLanguages(title, [l]).length > 0}
          />
          <TextIn
            label={t('group.title')}
            value={title}
            onChange={setTitle}
            language={language}
            required
            maxLength={200}
            error={showErrors && !title.en?.trim() ? t('dialog.englishRequired') : null}
          />
          {save.error ? (
            <Alert color="red" role="alert">
              {errorText(t, save.error, t('failed'))}
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
