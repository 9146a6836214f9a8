// POST /signup: a new organization owned by the caller, or a new key on an organization the caller runs.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Config, Tier } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { newId } from '../ids.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { ApiKeyRow } from './api-keys.repository.ts';
import type { OrganizationsRepository, OrgRow } from './organizations.repository.ts';
import type { OrganizationsService } from './organizations.service.ts';

export interface SignupInput {
  org_name?: string;
  existing_org_id?: string;
  tier?: Tier;
  key_name: string;
}

export interface SignupResult {
  org: OrgRow;
  key: ApiKeyRow;
  secret: string;
  created: boolean;
}

/** Runs in the transaction that creates an organization (the credits module opens its account here). */
export type OrgCreatedHook = (trx: Transaction<DB>, org: OrgRow) => Promise<void>;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export class SignupService {
  private readonly config: Config;
  private readonly db: Kysely<DB>;
  private readonly orgs: OrganizationsRepository;
  private readonly organizations: OrganizationsService;
  private readonly apiKeys: ApiKeysService;
  private readonly onOrgCreated: OrgCreatedHook | undefined;

  constructor(config: Config, db: Kysely<DB>, orgs: OrganizationsRepository, organizations: OrganizationsService, apiKeys: ApiKeysService, onOrgCreated?: OrgCreatedHook) {
    this.config = config;
    this.db = db;
    this.orgs = orgs;
    this.organizations = organizations;
    this.apiKeys = apiKeys;
    this.onOrgCreated = onOrgCreated;
  }

  async signup(userId: string, input: SignupInput): Promise<SignupResult> {
    if (input.existing_org_id) return this.enableOnExisting(userId, input);
    if (!input.org_name) {
      throw errors.validation([{ loc: ['body', 'org_name'], msg: 'Field required when existing_org_id is not given', type: 'missing', input }]);
    }
    const tier = input.tier ?? this.config.signupDefaultTier;
    if (!this.config.signupTiers.includes(tier)) {
      throw errors.forbidden(`Signing up for the ${tier} tier is not allowed on this deployment; allowed: ${this.config.signupTiers.join(', ')}.`);
    }
    return this.db.transaction().execute(async (trx) => {
      const org = await this.orgs.insert(trx, { org_id: newId('org'), org_name: input.org_name!, tier, webhook_secret: newWebhookSecret() });
      await this.onOrgCreated?.(trx, org);
      await this.orgs.upsertMember(org.org_id, userId, 'owner', trx);
      const { key, secret } = await this.apiKeys.mint(trx, org.org_id, input.key_name, userId);
      return { org, key, secret, created: true };
    });
  }

  /** Owners and admins only; the tier of an existing organization is not changed by signup. */
  private async enableOnExisting(userId: string, input: SignupInput): Promise<SignupResult> {
    const org = await this.organizations.requireRole(input.existing_org_id!, userId, 'admin');
    const { key, secret } = await this.apiKeys.mintForOrg(org, input.key_name, userId);
    return { org, key, secret, created: false };
  }
}
