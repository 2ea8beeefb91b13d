import type { TLanguage } from '@app/contract';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOfferedLanguages } from '../../../app/host-context.tsx';
import { notify } from '../../../app/notify.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { coursesApi, type TCourseScope } from './courses.api.ts';
import { courseKeys, useJurisdictions } from './courses.queries.ts';

/** "New course": title, description, main and other languages, jurisdictions; opens the editor. */
export function NewCourseModal(props: { scope: TCourseScope; base: string; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('courses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const jurisdictions = useJurisdictions(props.scope);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  // The workspace's country's languages (all seven for the operator's catalogue).
  const offered = useOfferedLanguages();
  const [primary, setPrimary] = useState<TLanguage>(
    (offered as readonly string[]).includes(i18n.language) ? (i18n.language as TLanguage) : 'en',
  );
  const [others, setOthers] = useState<string[]>([]);
  const [jurisdictionIds, setJurisdictionIds] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () =>
      coursesApi(props.scope).create({
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        primaryLanguage: primary,
        languages: [primary, ...(others as TLanguage[]).filter((l) => l !== primary)],
        jurisdictionIds,
      }),
    onSuccess: (course) => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.all(props.scope) });
      notify(t('courses.create.created'));
      props.onClose();
      void navigate(`${props.base}/courses/${course.id}/edit`);
    },
  });
  const languageName = (l: string) => t(`languages.${l as TLanguage}`, { ns: 'common' });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('courses.create.title')}
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) create.mutate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('courses.create.courseTitle')}
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-autofocus
          />
          <Textarea
            label={t('courses.create.description')}
            maxLength={2000}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Select
            label={t('courses.create.primaryLanguage')}
            description={t('courses.create.primaryHelp')}
            data={offered.map((l) => ({ value: l, label: languageName(l) }))}
            value={primary}
            onChange={(v) => v && setPrimary(v as TLanguage)}
            allowDeselect={false}
          />
          <Checkbox.Group
            label={t('courses.create.otherLanguages')}
            value={others.filter((l) => l !== primary)}
            onChange={setOthers}
          >
            <Group gap="md" mt={6}>
              {offered
                .filter((l) => l !== primary)
                .map((l) => (
                  <Checkbox key={l} value={l} label={languageName(l)} />
                ))}
            </Group>
          </Checkbox.Group>
          {jurisdictions.data ? (
            <MultiSelect
              label={t('courses.create.jurisdictions')}
              data={jurisdictions.data.content.map((j) => ({ value: j.id, label: `${j.name} (${j.code})` }))}
              value={jurisdictionIds}
              onChange={setJurisdictionIds}
              searchable
            />
          ) : null}
          {create.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, create.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
              {t('courses.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
