import type { TLanguage, TWorkflowBuilder } from '@app/contract';
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { isApiError } from '../../lib/api/index.ts';
import { errorDetailText, errorText } from '../../lib/i18n/error-text.ts';
import { isUiLanguage } from '../../lib/i18n/namespaces.ts';
import { useBuilderMutation } from './builder.shared.ts';
import { keyNamer, namedParams, onlyTranslationsMissing, placeOf, statusOf } from './workflow-view.ts';
import { workflowsApi } from './workflows.api.ts';

/**
 * Publishes the draft as the next version, with a change note. A refusal (422 WORKFLOW_INVALID)
 * lists each problem in the reader's language with where it is (the tab, the stage, step, section
 * or field) and a link to that tab; when only translations are missing, the publisher may let
 * those texts fall back to English (`allowFallback`), which the version records.
 */
export function PublishDialog(props: {
  opened: boolean;
  builder: TWorkflowBuilder;
  language: TLanguage;
  onClose: () => void;
  onGoTo: (tab: 'process' | 'form' | 'stages') => void;
}) {
  const { t } = useTranslation('workflows');
  const { workflow } = props.builder;
  const next = statusOf(workflow).key === 'DRAFT' ? 1 : (workflow.latestVersion ?? 0) + 1;
  const [note, setNote] = useState('');
  const publish = useBuilderMutation(workflow.id, (allowFallback: boolean) =>
    workflowsApi.publish(workflow.id, { changeNote: note.trim(), allowFallback }),
  );
  const close = () => {
    publish.reset();
    props.onClose();
  };
  const invalid = isApiError(publish.error, 422) && publish.error.code === 'WORKFLOW_INVALID' ? publish.error : null;
  const refused = invalid !== null;
  const nameOf = keyNamer(props.builder, props.language);
  const languageName = (code: string) => (isUiLanguage(code) ? t(`languages.${code}`, { ns: 'common' }) : code);
  const problems = invalid?.details ?? [];

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('publish.title', { n: next })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('create.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          publish.mutate(false, {
            onSuccess: (b) => {
              notify(t('publish.published', { n: b.workflow.latestVersion ?? next }));
              setNote('');
              props.onClose();
            },
          });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('publish.body', { n: next })}</Text>
          <Textarea
            label={t('publish.changeNote')}
            description={t('publish.changeNoteHint')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          {refused ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={t('publish.problemsTitle')}
              data-testid="publish-problems"
            >
              <Text size="sm" mb="xs">
                {t('publish.problemsCount', { count: problems.length })}
              </Text>
              <List size="sm" spacing={6}>
                {problems.map((d) => {
                  const place = placeOf(d.path, props.builder, props.language);
                  return (
                    <List.Item key={`${d.code ?? ''}-${d.path ?? ''}-${d.message}`} data-problem={d.code}>
                      <Text size="sm" span>
                        {errorDetailText(t, readable(d, languageName, nameOf))}
                      </Text>{' '}
                      <Text size="sm" span c="dimmed">
                        ({[t(`where.${place.tab}`), ...place.names].join(' › ')})
                      </Text>{' '}
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        c="inherit"
                        underline="always"
                        onClick={() => {
                          close();
                          props.onGoTo(place.tab);
                        }}
                      >
                        {t('publish.goTo', { tab: t(`where.${place.tab}`) })}
                      </Anchor>
                    </List.Item>
                  );
                })}
              </List>
              {onlyTranslationsMissing(problems) ? (
                <Stack gap="xs" mt="md">
                  <Text size="sm">{t('publish.onlyTranslations')}</Text>
                  <Group>
                    <Button
                      variant="default"
                      loading={publish.isPending && publish.variables === true}
                      onClick={() =>
                        publish.mutate(true, {
                          onSuccess: (b) => {
                            notify(t('publish.published', { n: b.workflow.latestVersion ?? next }));
                            setNote('');
                            props.onClose();
                          },
                        })
                      }
                    >
                      {t('publish.withFallback')}
                    </Button>
                  </Group>
                </Stack>
              ) : null}
            </Alert>
          ) : publish.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, publish.error, t('publish.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={publish.isPending && publish.variables === false}>
              {t('publish.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type TDetail = { path?: string; message: string; code?: string; params?: Record<string, string | number> };

/**
 * A problem's params for reading: keys by the names of what they key (a step's title), the
 * languages a text lacks by their names ("हिन्दी, ಕನ್ನಡ", not "hi,kn"), and a cycle of prerequisites
 * under the name the stages' own refusal uses (`cycle`).
 */
function readable(d: TDetail, languageName: (code: string) => string, nameOf: (key: string) => string): TDetail {
  const params = namedParams(d.params, nameOf);
  if (typeof params.languages === 'string') params.languages = params.languages.split(',').map(languageName).join(', ');
  if (params.steps !== undefined && params.cycle === undefined) params.cycle = params.steps;
  return { ...d, params };
}
