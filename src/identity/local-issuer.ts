// The built-in identity provider for development: an ES256 key pair kept in the data dir.
// `folio token` mints ID tokens with it; the service verifies them when no OIDC issuer is configured.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type CryptoKey } from 'jose';

export const LOCAL_ISSUER = 'folio-local';
export const LOCAL_AUDIENCE = 'folio';

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface LocalIssuer {
  issuer: string;
  audience: string;
  /** The `kid` of the key pair, and the file that holds it. */
  keyId: string;
  keyFile: string;
  publicKey: CryptoKey;
  mint(claims: { sub: string; email?: string; name?: string; ttlSeconds: number }): Promise<string>;
}

function keyFile(dataDir: string): string {
  return path.join(dataDir, 'identity', 'local-issuer.json');
}

async function loadOrCreate(dataDir: string): Promise<StoredKeys> {
  const file = keyFile(dataDir);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
  } catch (err: any) {
    if (err.code !== 'ENOENT') throw new Error(`Cannot read the local issuer keys in ${file}: ${err.message}`);
  }
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `local-${Date.now().toString(36)}`;
  const stored: StoredKeys = {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256' },
  };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole under a private name, then linked into place: link() fails when the file exists, so
  // two processes starting together agree on one key pair, and neither ever reads a half-written file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(stored, null, 2), { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    return stored;
  } catch (err: any) {
    if (err.code === 'EEXIST') return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export async function openLocalIssuer(dataDir: string): Promise<LocalIssuer> {
  const stored = await loadOrCreate(dataDir);
  const privateKey = (await importJWK(stored.privateJwk, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK(stored.publicJwk, 'ES256')) as CryptoKey;
  return {
    issuer: LOCAL_ISSUER,
    audience: LOCAL_AUDIENCE,
    keyId: stored.kid,
    keyFile: keyFile(dataDir),
    publicKey,
    mint: ({ sub, email, name, ttlSeconds }) => {
      const payload: Record<string, unknown> = {};
      if (email) {
        payload.email = email;
        payload.email_verified = true;
      }
      if (name) payload.name = name;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: stored.kid })
        .setIssuer(LOCAL_ISSUER)
        .setAudience(LOCAL_AUDIENCE)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(privateKey);
    },
  };
}
