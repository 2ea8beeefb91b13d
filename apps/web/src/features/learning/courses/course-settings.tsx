import { LANGUAGES, type TCourseDetails, type TLanguage } from '@app/contract';
import { Button, Checkbox, Group, MultiSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfferedLanguages } from '../../../app/host-context.tsx';
import { useCourseWrite } from './course-write.hook.ts';
import { coursesApi, type TCourseScope } from './courses.api.ts';
import { useJurisdictions } from './courses.queries.ts';

/** The settings tab: title and description in the language being edited, jurisdictions, languages. */
export function CourseSettings(props: { scope: TCourseScope; course: TCourseDetails; language: TLanguage }) {
  const { course, language } = props;
  // A new version, language or saved text starts the form again from what the server says.
  const key = `${course.version.id}:${language}:${course.updatedAt}`;
  return (
    <Stack gap="lg">
      <TextsForm key={`t:${key}`} {...props} />
      <JurisdictionsForm key={`j:${key}`} {...props} />
      <LanguagesForm key={`l:${key}`} {...props} />
    </Stack>
  );
}

function TextsForm({ scope, course, language }: { scope: TCourseScope; course: TCourseDetails; language: TLanguage }) {
  const { t } = useTranslation('courses');
  const editable = course.actions.includes('edit');
  // A text shown from the main language (none yet in this one) starts empty, the main one beside it.
  const [title, setTitle] = useState(course.fallback ? '' : course.title);
  const [description, setDescription] = useState(course.fallback ? '' : course.description);
  const save = useCourseWrite(
    scope,
    course.id,
    () =>
      coursesApi(scope).update(course.id, {
        language,
        ...(title.trim() ? { title: title.trim() } : {}),
        description: description.trim(),
      }),
    { success: () => t('editor.settings.saved') },
  );
  const languageName = t(`languages.${language}`, { ns: 'common' });
  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('editor.settings.inLanguage', { language: languageName })}
          </Title>
          <TextInput
            label={t('editor.settings.title')}
            lang={language}
            required
            maxLength={200}
            value={title}
            readOnly={!editable}
            onChange={(e) => setTitle(e.currentTarget.value)}
            description={course.fallback ? t('editor.settings.primaryText', { text: course.title }) : undefined}
          />
          <Textarea
            label={t('editor.settings.description')}
            lang={language}
            autosize
            minRows={3}
            maxLength={2000}
            value={description}
            readOnly={!editable}
            onChange={(e) => setDescription(e.currentTarget.value)}
            description={
              course.fallback && course.description
                ? t('editor.settings.primaryText', { text: course.description })
                : undefined
            }
          />
          {editable ? (
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!title.trim()}>
                {t('editor.settings.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

function JurisdictionsForm(props: { scope: TCourseScope; course: TCourseDetails; language: TLanguage }) {
  const { scope, course, language } = props;
  const { t } = useTranslation('courses');
  const jurisdictions = useJurisdictions(scope);
  const [ids, setIds] = useState(course.jurisdictions.map((j) => j.id));
  const save = useCourseWrite(
    scope,
    course.id,
    () => coursesApi(scope).update(course.id, { language, jurisdictionIds: ids }),
    { success: () => t('editor.settings.saved') },
  );
  if (!jurisdictions.data) return null;
  const editable = course.actions.includes('edit');
  const options = new Map(course.jurisdictions.map((j) => [j.id, j]));
  for (const j of jurisdictions.data.content) options.set(j.id, j);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <MultiSelect
          label={t('editor.settings.jurisdictions')}
          data={[...options.values()].map((j) => ({ value: j.id, label: `${j.name} (${j.code})` }))}
          value={ids}
          onChange={setIds}
          searchable
          readOnly={!editable}
        />
        {editable ? (
          <Group>
            <Button variant="default" loading={save.isPending} onClick={() => save.mutate(undefined)}>
              {t('editor.settings.saveJurisdictions')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function LanguagesForm({ scope, course }: { scope: TCourseScope; course: TCourseDetails; language: TLanguage }) {
  const { t } = useTranslation('courses');
  const editable = course.actions.includes('edit');
  const primary = course.languages.find((l) => l.languagePriority === 'PRIMARY')?.language ?? course.language;
  const [chosen, setChosen] = useState<string[]>(course.languages.map((l) => l.language));
  const saveLanguages = useCourseWrite(
    scope,
    course.id,
    () =>
      coursesApi(scope).setLanguages(
        course.id,
        LANGUAGES.filter((l) => l === primary || chosen.includes(l)),
      ),
    { success: () => t('editor.settings.saved') },
  );
  const makePrimary = useCourseWrite(
    scope,
    course.id,
    (language: TLanguage) => coursesApi(scope).makePrimary(course.id, language),
    { success: () => t('editor.settings.saved') },
  );
  const name = (l: TLanguage) => t(`languages.${l}`, { ns: 'common' });
  // The workspace's country's languages (all seven for the operator), and any the course already has.
  const offered = useOfferedLanguages();
  const shown = LANGUAGES.filter((l) => offered.includes(l) || course.languages.some((c) => c.language === l));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('editor.settings.languagesHeading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('editor.settings.languagesHelp')}
        </Text>
        <Stack gap="xs">
          {shown.map((l) => {
            const listed = course.languages.some((c) => c.language === l);
            return (
              <Group key={l} gap="sm" wrap="wrap" justify="space-between" maw={480}>
                <Checkbox
                  label={name(l)}
                  checked={l === primary || chosen.includes(l)}
                  disabled={!editable || l === primary}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setChosen((c) => (on ? [...c, l] : c.filter((x) => x !== l)));
                  }}
                />
                {l === primary ? (
                  <Text size="xs" c="dimmed">
                    {t('editor.settings.isPrimary')}
                  </Text>
                ) : editable && listed ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    loading={makePrimary.isPending && makePrimary.variables === l}
                    onClick={() => makePrimary.mutate(l)}
                  >
                    {t('editor.settings.makePrimaryOf', { language: name(l) })}
                  </Button>
                ) : null}
              </Group>
            );
          })}
        </Stack>
        {editable ? (
          <Group>
            <Button variant="default" loading={saveLanguages.isPending} onClick={() => saveLanguages.mutate(undefined)}>
              {t('editor.settings.saveLanguages')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
