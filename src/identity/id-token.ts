// Verifies identity-provider ID tokens: a configured OIDC issuer (Firebase, Auth0, Keycloak, Google...)
// through its JWKS, or the built-in local issuer when none is configured.
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTVerifyGetKey, type CryptoKey } from 'jose';
import type { Config } from '../config.ts';
import { AppError, errors } from '../errors.ts';
import { LOCAL_ISSUER, openLocalIssuer } from './local-issuer.ts';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
}

export interface IdTokenVerifier {
  /** Issuer whose tokens are accepted; null when ID tokens are refused (production without an issuer). */
  issuer: string | null;
  verify(token: string): Promise<IdentityClaims>;
}

// Asymmetric algorithms only: `none` and HMAC (which would turn a public key into a shared secret) are refused.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

function discoverJwks(issuer: string): JWTVerifyGetKey {
  let resolved: Promise<JWTVerifyGetKey> | null = null;
  const resolve = async (): Promise<JWTVerifyGetKey> => {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`OIDC discovery at ${url} answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: string };
    if (!doc.jwks_uri) throw new Error(`OIDC discovery at ${url} has no jwks_uri`);
    return createRemoteJWKSet(new URL(doc.jwks_uri));
  };
  return async (header, token) => {
    resolved ??= resolve().catch((err) => { resolved = null; throw err; });
    return (await resolved)(header, token);
  };
}

/** What the server expected, for messages that tell a developer how to get a token that matches. */
interface Expected {
  issuer: string;
  local: { keyId: string; keyFile: string } | null;
}

const GET_LOCAL_TOKEN = 'Get a token from this server: `npx folio token --sub <id> --email <email>` (it asks the running server at http://127.0.0.1:$PORT, or the one --server names), or POST /api/v1/dev/token from the server\'s machine.';

function claimsOf(token: string): { iss: string | null; kid: string | null } {
  try {
    const header = decodeProtectedHeader(token);
    const payload = decodeJwt(token);
    return { iss: typeof payload.iss === 'string' ? payload.iss : null, kid: typeof header.kid === 'string' ? header.kid : null };
  } catch {
    return { iss: null, kid: null };
  }
}

/** The failure, with what was expected when the built-in issuer is involved on either side. */
function explainFailure(err: unknown, token: string, expected: Expected): AppError {
  const base = describeFailure(err);
  if (base.code !== 'invalid_token') return base;
  const got = claimsOf(token);
  if (expected.local) {
    if (err instanceof joseErrors.JWSSignatureVerificationFailed || (got.kid !== null && got.kid !== expected.local.keyId && got.iss === LOCAL_ISSUER)) {
      return errors.invalidToken(`The ID token signature is invalid: this server's built-in issuer (${LOCAL_ISSUER}) signs with key ${expected.local.keyId} (${expected.local.keyFile}), and this token was signed with ${got.kid ? `key ${got.kid}` : 'another key'}, probably by \`folio token\` reading another FOLIO_DATA_DIR. ${GET_LOCAL_TOKEN}`);
    }
    if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'iss') {
      return errors.invalidToken(`The ID token was issued by ${got.iss ?? 'an unnamed issuer'}, but this server trusts only its built-in issuer (${LOCAL_ISSUER}) because FOLIO_OIDC_ISSUER is not set. ${GET_LOCAL_TOKEN}`);
    }
  } else if (got.iss === LOCAL_ISSUER) {
    return errors.invalidToken(`The ID token comes from Folio's built-in development issuer (${LOCAL_ISSUER}), but this server trusts only ${expected.issuer} (FOLIO_OIDC_ISSUER). Get an ID token from that provider.`);
  }
  return base;
}

function describeFailure(err: unknown): AppError {
  if (err instanceof joseErrors.JWTExpired) return errors.invalidToken('The ID token has expired.');
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return errors.invalidToken('The ID token was issued for another audience.');
    if (err.claim === 'iss') return errors.invalidToken('The ID token was issued by an issuer this service does not trust.');
    if (err.claim === 'nbf') return errors.invalidToken('The ID token is not valid yet.');
    return errors.invalidToken(`The ID token's "${err.claim}" claim is invalid.`);
  }
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return errors.invalidToken('The ID token is signed with an algorithm this service does not accept.');
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return errors.invalidToken('The ID token signature is invalid.');
  if (err instanceof joseErrors.JWKSNoMatchingKey) return errors.invalidToken('The ID token was signed with an unknown key.');
  if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid || err instanceof joseErrors.JOSENotSupported) {
    return errors.invalidToken('The ID token is malformed.');
  }
  return new AppError('upstream_error', 'The identity provider could not be reached to verify the ID token.', { cause: err });
}

export async function createIdTokenVerifier(config: Config): Promise<IdTokenVerifier> {
  let key: JWTVerifyGetKey | CryptoKey;
  let issuer: string;
  let audience: string;
  let localKeys: Expected['local'] = null;
  if (config.oidc) {
    ({ issuer, audience } = config.oidc);
    key = config.oidc.jwksUrl ? createRemoteJWKSet(new URL(config.oidc.jwksUrl)) : discoverJwks(issuer);
  } else if (config.env === 'production') {
    return {
      issuer: null,
      verify: async () => {
        throw errors.notImplemented(
          'No identity provider is configured. Set FOLIO_OIDC_ISSUER and FOLIO_OIDC_AUDIENCE; the built-in development issuer is disabled when NODE_ENV=production.',
        );
      },
    };
  } else {
    const local = await openLocalIssuer(config.dataDir);
    ({ issuer, audience } = local);
    key = local.publicKey;
    localKeys = { keyId: local.keyId, keyFile: local.keyFile };
  }
  const expected: Expected = { issuer, local: localKeys };

  return {
    issuer,
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key as any, {
          issuer,
          audience,
          algorithms: ALGORITHMS,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: 5,
        }));
      } catch (err) {
        throw explainFailure(err, token, expected);
      }
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
        throw errors.invalidToken('The ID token has no valid "sub" claim.');
      }
      const str = (v: unknown, max: number) => (typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null);
      return { issuer, subject: payload.sub, email: str(payload.email, 320), name: str(payload.name, 200) };
    },
  };
}
