// TypeBox schemas of the console's session routes (hidden from the public OpenAPI document: the console's own API).
import { Type } from 'typebox';
import { Nullable, Timestamp } from '../http/schemas.ts';

export const ConsoleSession = Type.Object({
  session_id: Type.String(),
  expires_at: Timestamp,
  csrf_token: Type.String({ description: 'Send it as X-CSRF-Token with every API call the session cookie authenticates.' }),
  user: Type.Object({ user_id: Type.String(), email: Nullable(Type.String()), name: Nullable(Type.String()), issuer: Type.String() }),
  org_id: Nullable(Type.String({ description: 'The organization the console acts for.' })),
  organizations: Type.Array(Type.Object({ org_id: Type.String(), org_name: Type.String(), tier: Type.String(), status: Type.String(), role: Type.String() })),
});

export const SignInOptions = Type.Object({
  dev: Type.Boolean({ description: 'The development sign-in form (built-in issuer, from the server\'s machine).' }),
  oidc: Nullable(Type.Object({ issuer: Type.String(), login_url: Type.String() })),
});

export const DevSignInBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  sub: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Default: the email.' })),
}, { additionalProperties: false });

export const SwitchOrgBody = Type.Object({ org_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
