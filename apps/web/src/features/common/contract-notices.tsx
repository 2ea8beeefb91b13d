import { offeredAreas } from '@app/contract';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHost } from '../../app/host-context.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useWorkspaceContract } from './contract.queries.ts';

/** A plain date (YYYY-MM-DD) in the reader's language: the same calendar day in every zone. */
const plainDate = (date: string, language: string) => formatDate(`${date}T12:00:00Z`, language, 'UTC');

/** What goes on after a contract ended, per area: only areas the workspace offers today (built and on) are named. */
const GOES_ON = ['cms', 'policies', 'concernedAuthority'] as const;

/**
 * The banner on every page of a workspace whose contract has ended (administrators and learners
 * alike): administration and learning are read-only; what people can still do is listed from what
 * the workspace offers today (`offeredAreas`), so an area not built yet is never promised. Nothing
 * is disabled silently: a refused action shows the server's error (CONTRACT_EXPIRED) where it happens.
 */
export function ContractBanner() {
  const { t, i18n } = useTranslation();
  const { appConfig, profile } = useHost();
  const contract = useWorkspaceContract(!appConfig.isPlatformHost);
  const expiredOn = contract.data?.expiredOn;
  if (appConfig.isPlatformHost || !expiredOn) return null;
  const offered = offeredAreas(profile?.whiteLabel);
  const goesOn = GOES_ON.filter((area) => offered.includes(area));
  return (
    <Alert color="orange" variant="light" title={t('contract.title')} mb="md" role="status">
      <Text size="sm">{t('contract.ended', { date: plainDate(expiredOn, i18n.language) })}</Text>
      <Text size="sm">{[t('contract.still'), ...goesOn.map((area) => t(`contract.areas.${area}`))].join(' ')}</Text>
    </Alert>
  );
}

/**
 * The user limit's figures for who may invite ("48 of 50 people"), on the invitations and users
 * pages; when the members reached or passed the limit (the operator may set it below them) it says
 * that no one can be added and whom to ask. Nothing without a limit.
 */
export function UserLimitNote() {
  const { t } = useTranslation();
  const { appConfig } = useHost();
  const contract = useWorkspaceContract(!appConfig.isPlatformHost);
  const limit = contract.data?.userLimit;
  if (!limit) return null;
  const values = { members: limit.members, limit: limit.limit, pending: limit.pendingInvitations };
  return limit.reached ? (
    <Alert color="red" variant="light" role="status">
      <Text size="sm">{t('contract.limitReached', values)}</Text>
    </Alert>
  ) : (
    <Text size="sm" c="dimmed">
      {t('contract.limit', values)}
    </Text>
  );
}
