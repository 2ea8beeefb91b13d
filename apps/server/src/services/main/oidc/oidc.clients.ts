import * as client from 'openid-client';
import type { OidcConfig, OidcProviderName } from '../../../core/config.ts';
import { OIDC_PROVIDERS } from '../../../core/config.ts';

/** The OpenID providers this server is configured for, and their discovered metadata. */
export type OidcClients = {
  /** The configured providers, in a fixed order (what `app-config` tells the web app). */
  configured(): OidcProviderName[];
  /**
   * The provider's client configuration, discovered on first use and then kept. A failed discovery
   * is not kept, so that the next sign-in tries again.
   */
  get(provider: OidcProviderName): Promise<client.Configuration>;
};

/**
 * Builds the provider clients from configuration. Discovery follows the issuer's
 * `/.well-known/openid-configuration`; for Microsoft's multi-tenant endpoints (`common`,
 * `organizations`, `consumers`) openid-client checks each ID token's issuer against the tenant named
 * in its `tid` claim.
 */
export function createOidcClients(config: OidcConfig): OidcClients {
  const cache = new Map<OidcProviderName, Promise<client.Configuration>>();
  return {
    configured: () => OIDC_PROVIDERS.filter((p) => config[p] !== undefined),
    get(provider) {
      const settings = config[provider];
      if (!settings) return Promise.reject(new Error(`${provider} sign-in is not configured`));
      let found = cache.get(provider);
      if (!found) {
        found = client.discovery(
          new URL(settings.issuer),
          settings.clientId,
          { client_secret: settings.clientSecret },
          client.ClientSecretPost(settings.clientSecret),
          {
            timeout: 10,
            ...(config.allowInsecureHttp && settings.issuer.startsWith('http://')
              ? { execute: [client.allowInsecureRequests] }
              : {}),
          },
        );
        found.catch(() => cache.delete(provider));
        cache.set(provider, found);
      }
      return found;
    },
  };
}
