import { describe, expect, it } from 'vitest';
import { keys } from '../../shared/store/keys.js';
import { decodeCredential, decodeTenant, decodeUser } from '../../shared/domain/identity/records.js';
import { sampleCredentialItem, sampleTenantItem, sampleUserItem } from '../support/identity-items.js';
import { walletFromItem, walletItem } from '../../shared/domain/wallets/wallet-record.js';
import { asAsset, assetItem } from '../../shared/domain/assets/asset-record.js';
import { asPolicy, policyItem } from '../../shared/domain/policies/policy-store.js';
import { asDeposit, depositItem } from '../../shared/domain/deposits/deposit-record.js';
import { decodeVault, vaultItem } from '../../shared/domain/vaults/vault-record.js';
import { asToken, tokenItem } from '../../shared/domain/tokens/token-record.js';
import { decodeEndpoint, endpointItem } from '../../shared/domain/webhooks/endpoints.js';
import { decodeDelivery, deliveryItem } from '../../shared/domain/webhooks/deliveries.js';
import { decodeConnection } from '../../shared/domain/sso/connections.js';
import { decodeLoginState } from '../../shared/domain/sso/login-state.js';
import { decodeHandoff } from '../../shared/domain/sso/handoff.js';

const at = '2026-11-21T10:00:00.000Z';
const tenantId = '0190f5b2-0000-7000-8000-000000000001';
type Item = Record<string, unknown>;

/**
 * One valid stored item of each kind decoded with its schema (shared/store/decode.ts `schemaDecoder`), a field that
 * every item of the kind has, and one whose type the decoder checks.
 */
const FAMILIES: { kind: string; item: () => Item; decode: (i: Item) => unknown; required: string; typed: string }[] = [
  {
    kind: 'tenant',
    item: () => sampleTenantItem(tenantId),
    decode: decodeTenant,
    required: 'status',
    typed: 'version',
  },
  {
    kind: 'user',
    item: () => sampleUserItem(tenantId),
    decode: decodeUser,
    required: 'role_ids',
    typed: 'status',
  },
  {
    kind: 'credential',
    item: () => sampleCredentialItem(tenantId),
    decode: decodeCredential,
    required: 'secret_hash',
    typed: 'version',
  },
  {
    kind: 'wallet',
    item: () =>
      walletItem({
        id: 'w-1',
        tenant_id: tenantId,
        vault_id: 'v-1',
        address: `0x${'ab'.repeat(20)}`,
        public_key: `0x${'cd'.repeat(8)}`,
        algorithm: 'ML-DSA-65',
        label: null,
        origin: 'registered',
        signer_key_ref: null,
        status: 'active',
        created_at: at,
        updated_at: at,
        version: 1,
      } as Parameters<typeof walletItem>[0]),
    decode: walletFromItem,
    required: 'vault_id',
    typed: 'public_key',
  },
  {
    kind: 'asset',
    item: () =>
      assetItem({
        id: 'a-1',
        tenant_id: tenantId,
        type: 'token',
        symbol: 'USDX',
        name: 'US Dollar X',
        decimals: 6,
        chain_id: 20803,
        contract_address: `0x${'ef'.repeat(20)}`,
        status: 'active',
        created_at: at,
        version: 1,
      }),
    decode: asAsset,
    required: 'symbol',
    typed: 'decimals',
  },
  {
    kind: 'policy',
    item: () =>
      policyItem({
        id: 'p-1',
        tenant_id: tenantId,
        vault_id: 'v-1',
        name: 'limits',
        rules: [{ type: 'MAX_AMOUNT', asset_id: 'a-1', max: '10' }] as never,
        created_at: at,
        updated_at: at,
        version: 1,
      }),
    decode: (i) => asPolicy(i as Parameters<typeof asPolicy>[0]),
    required: 'rules',
    typed: 'name',
  },
  {
    kind: 'deposit',
    item: () =>
      depositItem({
        id: 'd-1',
        tenant_id: tenantId,
        wallet_id: 'w-1',
        vault_id: 'v-1',
        asset_id: 'a-1',
        from: `0x${'01'.repeat(20)}`,
        to: `0x${'02'.repeat(20)}`,
        amount: '5',
        chain_tx_hash: `0x${'03'.repeat(32)}`,
        log_index: null,
        block_number: 10,
        block_hash: `0x${'04'.repeat(32)}`,
        confirmations: 1,
        status: 'DETECTED',
        detected_at: at,
        confirmed_at: null,
        updated_at: at,
        version: 1,
      }),
    decode: asDeposit,
    required: 'amount',
    typed: 'block_number',
  },
  {
    kind: 'vault',
    item: () =>
      vaultItem({
        id: 'v-1',
        tenant_id: tenantId,
        name: 'Treasury',
        metadata: {},
        status: 'active',
        archived_reason: null,
        archived_at: null,
        created_at: at,
        updated_at: at,
        version: 1,
      }),
    decode: decodeVault,
    required: 'name',
    typed: 'status',
  },
  {
    kind: 'token',
    item: () =>
      tokenItem({
        id: 't-1',
        tenant_id: tenantId,
        template_id: 'ERC20',
        standard: 'ERC20',
        name: 'Token',
        symbol: 'TOK',
        decimals: 18,
        initial_supply: '1000',
        admin_vault_account_id: 'v-1',
        admin_wallet_id: 'w-1',
        admin_address: `0x${'05'.repeat(20)}`,
        approval_policy_id: null,
        contract_address: null,
        deployed_block: null,
        status: 'PENDING_DEPLOYMENT',
        deploy_transaction_id: 'tx-1',
        created_at: at,
        updated_at: at,
        version: 1,
      }),
    decode: asToken,
    required: 'deploy_transaction_id',
    typed: 'decimals',
  },
  {
    kind: 'webhook',
    item: () =>
      endpointItem({
        id: 'wh-1',
        tenant_id: tenantId,
        url: 'https://hooks.example.com/in',
        events: ['transaction.completed'],
        description: null,
        status: 'active',
        secret_sealed: 'sealed',
        previous_secret_sealed: null,
        previous_secret_expires_at: null,
        disabled_at: null,
        created_at: at,
        updated_at: at,
        version: 1,
      }),
    decode: decodeEndpoint,
    required: 'secret_sealed',
    typed: 'events',
  },
  {
    kind: 'webhook_delivery',
    item: () =>
      deliveryItem({
        id: 'de-1',
        tenant_id: tenantId,
        webhook_id: 'wh-1',
        event_id: 'ev-1',
        event_type: 'transaction.completed',
        status: 'pending',
        attempts: 0,
        cycle: 1,
        cycle_attempt: 0,
        last_response_code: null,
        last_error: null,
        last_response_body: null,
        next_attempt_at: null,
        delivered_at: null,
        created_at: at,
        updated_at: at,
        version: 1,
      }),
    decode: decodeDelivery,
    required: 'event_id',
    typed: 'attempts',
  },
  {
    kind: 'sso_connection',
    item: () => ({
      ...keys.ssoConnection(tenantId, 'oidc'),
      entity: 'sso_connection',
      tenant_id: tenantId,
      kind: 'oidc',
      settings: { issuer: 'https://idp.example.com' },
      sealed_secrets: { client_secret: 'sealed' },
      allowed_email_domains: [],
      role_claim: 'groups',
      role_mapping: {},
      jit_provisioning: false,
      allowed_return_origins: [],
      created_at: at,
      updated_at: at,
      version: 1,
    }),
    decode: decodeConnection,
    required: 'settings',
    typed: 'jit_provisioning',
  },
  {
    kind: 'sso_login_state',
    item: () => ({
      ...keys.ssoLoginState('ab'.repeat(32)),
      entity: 'sso_login_state',
      tenant_id: tenantId,
      kind: 'oidc',
      data: { nonce: 'n' },
      return_to: null,
      binder_hash: 'cd'.repeat(32),
      created_at: at,
      use: 'outstanding',
    }),
    decode: decodeLoginState,
    required: 'binder_hash',
    typed: 'data',
  },
  {
    kind: 'sso_handoff',
    item: () => ({
      ...keys.ssoHandoff('ab'.repeat(32)),
      entity: 'sso_handoff',
      tenant_id: tenantId,
      user_id: 'u-1',
      method: 'saml',
      binder_hash: 'cd'.repeat(32),
      code_challenge: null,
      sign_in: { email: 'ops@example.com' },
      created_at: at,
      use: 'outstanding',
    }),
    decode: decodeHandoff,
    required: 'user_id',
    typed: 'use',
  },
];

/** A value of another type than the field's (a string where a number is, a number elsewhere). */
const wrongType = (v: unknown) => (typeof v === 'string' ? 7 : 'seven');

describe('decoding stored items with their schemas', () => {
  for (const f of FAMILIES) {
    const refusal = (item: Item, field: string) => {
      const key = `${String(item.pk)} ${String(item.sk)}`;
      return expect.objectContaining({
        name: 'MalformedItemError',
        kind: f.kind,
        key,
        message: expect.stringContaining(`malformed ${f.kind} item (${key}): ${field}:`),
      });
    };

    it(`reads a ${f.kind} item`, () => {
      expect(() => f.decode(f.item())).not.toThrow();
    });

    it(`refuses a ${f.kind} item without ${f.required}, naming the kind, key and field`, () => {
      const item = f.item();
      expect(item).toHaveProperty(f.required);
      delete item[f.required];
      expect(() => f.decode(item)).toThrow(refusal(item, f.required));
    });

    it(`refuses a ${f.kind} item whose ${f.typed} has the wrong type`, () => {
      const item = f.item();
      item[f.typed] = wrongType(item[f.typed]);
      expect(() => f.decode(item)).toThrow(refusal(item, f.typed));
    });
  }

  it('keeps the attributes the schema does not name, and leaves out the layout ones', () => {
    const item = { ...FAMILIES[0]!.item(), audit_hash: 'h' };
    const tenant = decodeTenant(item) as unknown as Item;
    expect(tenant.audit_hash).toBe('h');
    expect(tenant).not.toHaveProperty('pk');
    expect(tenant).not.toHaveProperty('entity');
  });

  it('passes a missing item (a read that found nothing) through as undefined', () => {
    expect(decodeTenant(undefined)).toBeUndefined();
  });
});
