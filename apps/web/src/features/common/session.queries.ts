import type { TSignInRequest, TSignInResponse, TUserDetailsResponse } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { mainApi, tokenStore } from '../../lib/api/index.ts';

/** Query keys of everything that belongs to the signed-in person; dropped on sign-in and sign-out. */
export const sessionKeys = {
  all: ['session'] as const,
  userDetails: ['session', 'user-details'] as const,
  featureFlags: ['session', 'feature-flags'] as const,
  navigation: ['session', 'navigation'] as const,
};

/** The bearer token of this host, re-rendering when it changes (also from another tab). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.getAccessToken);
}

/** Who is signed in; idle while there is no token. */
export function useUserDetails() {
  const token = useAccessToken();
  return useQuery({
    queryKey: sessionKeys.userDetails,
    queryFn: ({ signal }) => mainApi.getUserDetails(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in person, for components rendered only once user details have loaded. */
export function useSignedInUser(): TUserDetailsResponse {
  const { data } = useUserDetails();
  if (!data) throw new Error('useSignedInUser() is used before the user details loaded');
  return data;
}

/**
 * Starts a new session on this host: forgets anything cached for a previous one and stores the
 * token. The page around then notices the session and moves on (every sign-in method ends here).
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: TSignInResponse) => {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      tokenStore.save({ accessToken: session.accessToken, expiresAt: session.expiresAt });
    },
    [queryClient],
  );
}

/** Forgets this host's session locally (its token no longer works, e.g. after a password reset). */
export function useEndLocalSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    tokenStore.clear();
    queryClient.removeQueries({ queryKey: sessionKeys.all });
  }, [queryClient]);
}

/** Password sign-in: stores the new token and forgets anything cached for a previous session. */
export function useSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: TSignInRequest) => mainApi.signIn(body),
    onSuccess: startSession,
  });
}

/** Signs out (tokens are cleared whatever the server answers) and goes to /signin. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => mainApi.signOut(),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: sessionKeys.all });
      void navigate('/signin', { replace: true });
    },
  });
}
