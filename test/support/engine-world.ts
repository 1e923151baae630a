import { expect } from 'vitest';
import { makePolicyKeys } from '../../shared/composition/policy-keys.js';
import { services } from '../../shared/composition/standalone.js';
import { config } from '../../shared/config.js';
import { JsonRpcChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { fromHex } from '../../shared/domain/chain/chain-profile.js';
import { testProfile } from './step-deps.js';
import type { ConfirmDeps } from '../../shared/domain/transactions/confirm.js';
import type { StepDeps } from '../../shared/domain/transactions/steps/index.js';
import type { FakeClock } from '../../shared/ports/clock.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from './local-api.js';
import { createVault, registerWallet } from './fixtures.js';
import type { TestKey } from './pq-chain.js';
import { devChainRpc } from './test-chain.js';

/**
 * The world the engine's integration tests drive by hand: the dev chain, the API over HTTP on DynamoDB Local, one
 * tenant with its admin and a vault, and a JSON-RPC client to the chain for the steps and the poller (retries off, a
 * breaker as given). The tests run the worker's steps and the poller themselves, on the fake clock.
 */
export type EngineWorld = {
  chain: DevChain;
  api: TestApi;
  tenant: { id: string; admin: Key; vaultId: string };
  direct: JsonRpcChain;
};

const ETH = 10n ** 18n;

export async function startEngineWorld(
  clock: FakeClock,
  opts: { breakerFailures?: number; breakerCooldownMs?: number; chain?: DevChain } = {},
): Promise<EngineWorld> {
  const chain = opts.chain ?? (await startDevChain({ chainId: config().CUSTODY_CHAIN_ID, clock }));
  const api = await startTestApi({ clock });
  const t = await createTenantWithAdmin(api);
  const tenant = { id: t.tenant.id, admin: t.admin, vaultId: (await createVault(api, t.admin)).id };
  const direct = new JsonRpcChain({
    urls: [chain.url],
    timeoutMs: 2_000,
    breakerFailures: opts.breakerFailures ?? 5,
    breakerCooldownMs: opts.breakerCooldownMs ?? 30_000,
    clock,
    sleep: async () => undefined,
  });
  await testProfile().loadMlDsa();
  return { chain, api, tenant, direct };
}

export async function stopEngineWorld(world: Partial<Pick<EngineWorld, 'api' | 'chain'>>): Promise<void> {
  await world.api?.close();
  await world.chain?.stop();
}

/** What the worker's steps read, with the dev chain and the local policy key; a callback signer (no push). */
export const engineStepDeps = (clock: FakeClock, chain: JsonRpcChain): StepDeps => ({
  store: services().store,
  keys: services().keys,
  clock,
  screening: null,
  chain,
  profile: testProfile(),
  signer: null,
  chainId: config().CUSTODY_CHAIN_ID,
  approvalTtlSeconds: 3600,
  receipts: { signer: makePolicyKeys(config()), ttlSeconds: 86_400 },
});

/** What the poller reads. */
export const engineConfirmDeps = (clock: FakeClock, chain: JsonRpcChain, depth = 1): ConfirmDeps => ({
  store: services().store,
  keys: services().keys,
  clock,
  chain,
  confirmationDepth: depth,
});

/** Gives the key 10 coins on the dev chain and registers it as a wallet of the vault (the tenant's own by default). */
export async function fundedWallet(
  world: EngineWorld,
  clock: FakeClock,
  key: TestKey,
  vaultId = world.tenant.vaultId,
): Promise<string> {
  await devChainRpc(() => world.chain.url)('anvil_setBalance', [key.address, `0x${(10n * ETH).toString(16)}`]);
  const { wallet } = await registerWallet(
    world.api,
    world.tenant.admin,
    world.tenant.id,
    vaultId,
    Math.floor(clock.now().getTime() / 1000),
    key,
  );
  return wallet.id as string;
}

/** What a callback signer does: reads the payload, signs its digest with the wallet's key, posts the signature. */
export async function signAsCallbackSigner(world: Pick<EngineWorld, 'api' | 'tenant'>, key: TestKey, id: string) {
  const payload = await world.api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: world.tenant.admin });
  expect(payload.status).toBe(200);
  const signature = testProfile().sign(key.secretKey, fromHex(payload.body.digest));
  const res = await world.api.call('POST', `/v1/transactions/${id}/signature`, {
    key: world.tenant.admin,
    body: { signature },
  });
  expect(res.status).toBe(200);
  return { payload: payload.body, transaction: res.body };
}
