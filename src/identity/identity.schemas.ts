import { Type } from 'typebox';
import { TIERS } from '../config.ts';
import { Nullable, StringEnum, Timestamp } from '../http/schemas.ts';

const NotBlank = '\\S';
export const Tier = StringEnum(TIERS, { description: 'Billing tier: `free`, `pro` or `enterprise`.' });
export const Role = StringEnum(['owner', 'admin', 'member'] as const);

export const SignupBody = Type.Object(
  {
    org_name: Type.Optional(Type.String({ minLength: 2, maxLength: 120, pattern: NotBlank, description: 'Name of the new organization (2-120 characters). Required unless `existing_org_id` is given.' })),
    existing_org_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Mint a key on this organization instead of creating one. The caller must be its owner or admin: a non-member gets 404, a plain member 403.' })),
    tier: Type.Optional(StringEnum(TIERS, { description: 'Tier of a new organization. Default: FOLIO_SIGNUP_DEFAULT_TIER, which is `free` in production and `pro` on a development server (NODE_ENV `development`, the default), so that a newcomer trying the API is not rate limited at 10 requests a minute. Ignored with `existing_org_id`. Tiers outside FOLIO_SIGNUP_TIERS answer 403.' })),
    key_name: Type.String({ minLength: 1, maxLength: 80, default: 'default', description: 'Label of the API key minted (at most 80 characters).' }),
  },
  { additionalProperties: false },
);

export const CreatedKeyFields = {
  org_id: Type.String(),
  secret: Type.String({ description: 'The API key (`sk_live_` + 28 alphanumerics). Shown exactly once; only its SHA-256 is stored.' }),
  webhook_secret: Type.String({ description: "The organization's primary webhook signing secret (`whsec_...`)." }),
  key_id: Type.String(),
  key_prefix: Type.String({ description: 'The leading characters of the key, the only part shown later.' }),
};

export const SignupResponse = Type.Object({
  ...CreatedKeyFields,
  org_name: Type.String(),
  tier: Tier,
});

export const ApiKey = Type.Object({
  key_id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  created_at: Timestamp,
  last_used_at: Nullable(Timestamp, { description: 'Updated in batches, a few seconds behind at most.' }),
  revoked_at: Nullable(Timestamp, { description: 'Null while the key is active.' }),
});

export const CreatedApiKey = Type.Object({
  ...ApiKey.properties,
  ...CreatedKeyFields,
});

export const MintKeyBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 80, default: 'default', description: 'Label for the key (at most 80 characters).' }) },
  { additionalProperties: false },
);

export const OrgParams = Type.Object({ org_id: Type.String({ maxLength: 100 }) });
export const KeyParams = Type.Object({ org_id: Type.String({ maxLength: 100 }), key_id: Type.String({ maxLength: 100 }) });
export const MemberParams = Type.Object({ org_id: Type.String({ maxLength: 100 }), user_id: Type.String({ maxLength: 100 }) });

export const VerifyResponse = Type.Object({
  org_id: Type.String(),
  org_name: Type.String(),
  tier: Tier,
  webhook_secret: Type.String(),
  key_prefix: Type.String(),
});

export const Membership = Type.Object({
  org_id: Type.String(),
  org_name: Type.String(),
  tier: Tier,
  status: StringEnum(['active', 'suspended'] as const),
  role: Role,
});

export const Me = Type.Object({
  user_id: Type.String({ description: 'Share this id with an organization owner or admin to be added as a member.' }),
  issuer: Type.String(),
  subject: Type.String(),
  email: Nullable(Type.String()),
  name: Nullable(Type.String()),
  organizations: Type.Array(Membership),
});

export const Member = Type.Object({
  user_id: Type.String(),
  email: Nullable(Type.String()),
  name: Nullable(Type.String()),
  role: Role,
  created_at: Timestamp,
});

export const PutMemberBody = Type.Object(
  { role: StringEnum(['admin', 'member'] as const, { description: 'Owners may grant `admin`; owners and admins may grant `member`.' }) },
  { additionalProperties: false },
);
