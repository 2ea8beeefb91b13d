import type { TChangePasswordRequest, TForgotPasswordRequest, TResetPasswordRequest } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '../../lib/api/index.ts';
import { sessionKeys, useEndLocalSession } from '../common/session.queries.ts';

/** Mails (or texts, for an account without email) a password-reset code; always answers the same. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: TForgotPasswordRequest) => mainApi.forgotPassword(body) });
}

/**
 * Sets a new password with the mailed code. The server ends every session of the account, so a
 * session kept in this browser is forgotten too.
 */
export function useResetPassword() {
  const endLocalSession = useEndLocalSession();
  return useMutation({
    mutationFn: (body: TResetPasswordRequest) => mainApi.resetPassword(body),
    onSuccess: endLocalSession,
  });
}

/** Mails a fresh confirmation link (the previous one stops working). */
export function useResendConfirmation() {
  return useMutation({ mutationFn: (userEmail: string) => mainApi.resendConfirmationEmail({ userEmail }) });
}

/**
 * Confirms an email address once, when the page opens. The code is single use, so the answer is
 * kept and never asked again (a second call would say the link was used).
 */
export function useConfirmEmail(code: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['confirm-email', code],
    queryFn: async () => {
      const confirmed = await mainApi.confirmEmail(code);
      // A signed-in person's details now say the address is confirmed.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails });
      return confirmed;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Completes the first sign-in: saves the person's name, then their own password (which ends the
 * first-sign-in state), then reloads the user details.
 */
export function useCompleteFirstLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { firstName: string; lastName: string; userNewPassword: string }) => {
      await mainApi.updateProfile({ firstName: input.firstName, lastName: input.lastName });
      await mainApi.changeFirstLogin({ userNewPassword: input.userNewPassword });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails }),
  });
}

/** Changes the signed-in person's password; this session stays, the others end. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: TChangePasswordRequest) => mainApi.changePassword(body) });
}
