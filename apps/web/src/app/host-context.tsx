import { offeredLanguages, type TAppConfig, type TCompanyProfile, type TCountry, type TLanguage } from '@app/contract';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** What the app knows about the host it is served from, resolved once at start-up. */
export type THostState = {
  /** `window.location.host`, e.g. `acme.localhost:3000`. */
  host: string;
  appConfig: TAppConfig;
  /** The workspace served at this host; null on the platform host. */
  profile: TCompanyProfile | null;
};

const HostContext = createContext<THostState | null>(null);

/** Provides the resolved host to every route. */
export const HostProvider = HostContext.Provider;

/** The resolved host; only usable below the start-up gate (inside the router). */
export function useHost(): THostState {
  const state = useContext(HostContext);
  if (!state) throw new Error('useHost() is used outside the HostProvider');
  return state;
}

/** The host, when it has been resolved (pages shown before or without it get null). */
export function useOptionalHost(): THostState | null {
  return useContext(HostContext);
}

/** The name to show for this host: the workspace's company, or the product on the platform host. */
export function useBrandName(): string {
  const { t } = useTranslation();
  return useOptionalHost()?.profile?.companyName ?? t('product.name');
}

/** The address of a page on another host (the platform's or a workspace's), with this page's scheme. */
export function urlOnHost(host: string, path: string): string {
  return `${window.location.protocol}//${host}${path}`;
}

/**
 * The country whose national way phone numbers are typed in on this host: the workspace's, or
 * India's on the platform host (the server reads them the same way).
 */
export function usePhoneCountry(): TCountry {
  return useOptionalHost()?.profile?.country ?? 'IN';
}

/**
 * The languages offered on this host: the workspace's country's (`COUNTRY_LANGUAGES`: Canada English
 * and French, India its six), every language on the platform host (the operator's catalogue).
 */
export function useOfferedLanguages(): readonly TLanguage[] {
  return offeredLanguages(useOptionalHost()?.profile?.country ?? null);
}
