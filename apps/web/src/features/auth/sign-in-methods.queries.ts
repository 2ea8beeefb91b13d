import type {
  TCreateEmailOtpRequest,
  TCreateSmsOtpRequest,
  TVerifyEmailOtpRequest,
  TVerifySmsOtpRequest,
} from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { urlOnHost } from '../../app/host-context.tsx';
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
