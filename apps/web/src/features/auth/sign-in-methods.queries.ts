import type {
  TCreateEmailOtpRequest,
  TCreateSmsOtpRequest,
  TSelfSignUpRequest,
  TVerifyEmailOtpRequest,
  TVerifySmsOtpRequest,
} from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { urlOnHost, useHost } from '../../app/host-context.tsx';
import { mainApi } from '../../lib/api/index.ts';
import { useStartSession } from '../common/session.queries.ts';

/** Mails a sign-in code (the answer never says whether the account exists). */
export function useCreateEmailOtp() {
  return useMutation({ mutationFn: (body: TCreateEmailOtpRequest) => mainApi.createEmailOtp(body) });
}

/** Signs in with a mailed code. */
export function useVerifyEmailOtp() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: TVerifyEmailOtpRequest) => mainApi.verifyEmailOtp(body),
    onSuccess: startSession,
  });
}

/** Texts a sign-in code. */
export function useCreateSmsOtp() {
  return useMutation({ mutationFn: (body: TCreateSmsOtpRequest) => mainApi.createSmsOtp(body) });
}

/** Signs in with a texted code. */
export function useVerifySmsOtp() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: TVerifySmsOtpRequest) => mainApi.verifySmsOtp(body),
    onSuccess: startSession,
  });
}

/** Workspace host: turns a one-time hand-off id (from the platform host or OpenID) into a session. */
export function useExchangeHandoff() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: (id: string) => mainApi.exchangeHandoff(id), onSuccess: startSession });
}

/**
 * Platform host: asks for a hand-off to one of the person's workspaces, then opens that
 * workspace's /signin with the id in the fragment (never sent to a server, kept out of logs).
 */
export function useContinueToWorkspace() {
  return useMutation({
    mutationFn: (workspaceId: string) => mainApi.createHandoff({ workspaceId }),
    onSuccess: (handoff) => {
      window.location.assign(urlOnHost(handoff.workspaceUrl, `/signin#handoff=${encodeURIComponent(handoff.id)}`));
    },
  });
}

/**
 * Whether this workspace takes self sign-ups (its bulk sign-up setting, public): the sign-in page
 * offers "Create an account" only then. Never asked on the platform host (it has no workspace).
 */
export function useSelfSignUpOpen() {
  const { host, appConfig } = useHost();
  return useQuery({
    queryKey: ['public', host, 'self-sign-up'],
    queryFn: ({ signal }) => mainApi.getBulkSignUpSetting(signal),
    enabled: !appConfig.isPlatformHost,
    staleTime: 60_000,
  });
}

/** Asks to join the workspace (the answer never says whether anything was sent). */
export function useSelfSignUp() {
  return useMutation({ mutationFn: (body: TSelfSignUpRequest) => mainApi.selfSignUp(body) });
}
