import * as oidc from 'openid-client';

export interface OidcClaims {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * Google sign-in through OpenID Connect: authorization code flow with PKCE,
 * state and nonce. The issuer is configurable so tests run a real local OpenID
 * provider in its place.
 */
export interface OidcProvider {
  start(redirectUri: string): Promise<AuthorizationStart>;
  finish(
    callbackUrl: URL,
    pending: { state: string; codeVerifier: string; nonce: string },
  ): Promise<OidcClaims>;
}

export function createOidcProvider(settings: {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}): OidcProvider {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.issuer.startsWith('http://')
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url: url.toString(), state, codeVerifier, nonce };
    },

    async finish(callbackUrl, pending) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string') throw new OidcError('no_email');
      return {
        sub: claims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
        familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

export class OidcError extends Error {
  constructor(readonly reason: string) {
    super(`OpenID sign-in failed: ${reason}`);
    this.name = 'OidcError';
  }
}
