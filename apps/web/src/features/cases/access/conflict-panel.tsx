import type { TCaseView } from '@app/contract';
import { Alert, Badge, Button, Card, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { caseAccessApi } from './access.api.ts';

type Conflict = NonNullable<TCaseView['committee']>['conflicts'][number];

/**
 * The committee's conflicts of interest in a case (docs/cases-security.md §4), for the committee's
 * case page: the conflicts recorded, "Declare a conflict" (a reason and a confirmation that says
 * the member loses access to the case at once), "Clear" for the one who may (the presiding officer;
 * the external member for the presiding officer's own), and, when the committee cannot meet its
 * quorum for the case, why and the lawful routes. `onChanged` after a change (after a declaration
 * the caller no longer has the case: the page should leave it).
 */
export function ConflictPanel({ view, onChanged }: { view: TCaseView; onChanged: () => void }) {
  const { t } = useTranslation(['caseAccess', 'errors']);
  const { t: tc } = useTranslation();
  const committee = view.committee;
  const navigate = useNavigate();
  const [declaring, setDeclaring] = useState(false);
  const [clearing, setClearing] = useState<Conflict | null>(null);
  const [reason, setReason] = useState('');
  const declare = useMutation({
    mutationFn: () => caseAccessApi.declare(view.id, reason),
    // The member has no access from now on: back to their list, where the case no longer shows.
    onSuccess: () => {
      setDeclaring(false);
      setReason('');
      void navigate('/cases', { replace: true });
    },
  });
  const clear = useMutation({
    mutationFn: (c: Conflict) => caseAccessApi.clear(view.id, c.id, reason),
    onSuccess: () => {
      setClearing(null);
      setReason('');
      onChanged();
    },
  });
  if (!committee) return null;
  const q = committee.quorum;
  const canClear = view.actions.includes('clearConflict');
  const open = committee.conflicts.filter((c) => !c.cleared);

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('caseAccess:title')}
        </Title>
        {!q.met && (
          <Alert color="orange" title={t('caseAccess:quorum.title')}>
            <Stack gap={6}>
              <Text size="sm">
                {q.problem === 'QUORUM_PRESIDING_OFFICER_CONFLICTED'
                  ? t(
                      `caseAccess:quorum.${view.jurisdiction === 'CA_SOR_2020_130' ? 'noRecipient' : 'presidingOfficer'}`,
                    )
                  : t(`caseAccess:quorum.${view.jurisdiction === 'CA_SOR_2020_130' ? 'noRecipient' : 'tooFew'}`, {
                      members: q.members,
                      required: q.required,
                    })}
              </Text>
              <Text size="sm" fw={500}>
                {t('caseAccess:quorum.routes')}
              </Text>
              <List size="sm">
                {q.routes.map((r) => (
                  <List.Item key={r}>{t(`caseAccess:route.${r}`)}</List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
        {committee.conflicts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('caseAccess:none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {committee.conflicts.map((c) => (
              <Group key={c.id} justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {c.member.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`caseAccess:reason.${c.reason}`)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge color={c.cleared ? 'gray' : 'red.9'} variant="light">
                    {t(c.cleared ? 'caseAccess:cleared' : 'caseAccess:open')}
                  </Badge>
                  {canClear && !c.cleared && c.reason !== 'PARTY' && (
                    <Button size="xs" variant="default" onClick={() => setClearing(c)}>
                      {t('caseAccess:clear.button')}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {open.length > 0 && !canClear && (
          <Text size="xs" c="dimmed">
            {t('caseAccess:clear.who')}
          </Text>
        )}
        {view.actions.includes('declareConflict') && (
          <Group>
            <Button variant="outline" color="red.9" onClick={() => setDeclaring(true)}>
              {t('caseAccess:declare.button')}
            </Button>
          </Group>
        )}
      </Stack>

      <Modal
        opened={declaring}
        onClose={() => setDeclaring(false)}
        title={t('caseAccess:declare.title')}
        closeButtonProps={{ 'aria-label': tc('common.close') }}
        fullScreen={false}
      >
        <Stack gap="sm">
          <Alert color="orange">{t('caseAccess:declare.warning')}</Alert>
          <Textarea
            label={t('caseAccess:declare.reason')}
            description={t('caseAccess:declare.reasonHint')}
            value={reason}
            maxLength={2000}
            autosize
            minRows={3}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {declare.error && <Alert color="red">{errorText(t, declare.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclaring(false)}>
              {t('caseAccess:cancel')}
            </Button>
            <Button color="red.9" loading={declare.isPending} onClick={() => declare.mutate()}>
              {t('caseAccess:declare.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={clearing !== null}
        onClose={() => setClearing(null)}
        title={t('caseAccess:clear.title')}
        closeButtonProps={{ 'aria-label': tc('common.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('caseAccess:clear.explain', { name: clearing?.member.name ?? '' })}</Text>
          <Textarea
            label={t('caseAccess:clear.reason')}
            required
            value={reason}
            maxLength={2000}
            autosize
            minRows={3}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {clear.error && <Alert color="red">{errorText(t, clear.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setClearing(null)}>
              {t('caseAccess:cancel')}
            </Button>
            <Button
              disabled={reason.trim().length === 0}
              loading={clear.isPending}
              onClick={() => clearing && clear.mutate(clearing)}
            >
              {t('caseAccess:clear.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
