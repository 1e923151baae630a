import { expect } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import {
  startReferenceSigner,
  type ReferenceSigner,
  type ReferenceSignerOptions,
} from '../../tools/reference-signer/server.js';
import { createTenantWithAdmin, stackApi, type Key, type TestApi } from './local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress } from './fixtures.js';

/**
 * The world of the signing tests, over real HTTP on DynamoDB Local and the dev chain: a reference signer of the
 * test's own (keys in a temporary folder; gRPC with mutual TLS when `grpc` is given), the local stack in `callback`
 * mode pointed at it (webhook worker and chain poller off), and one tenant with its admin, an operator, a viewer and
 * a vault. The tests push to the signer, or sign themselves, as they need.
 */
export type SigningWorld = {
  stack: LocalStack;
  api: TestApi;
  signer: ReferenceSigner;
  /** The bearer token the signer expects (the service's `CUSTODY_SIGNER_TOKEN`). */
  token: string;
  tenant: { id: string; admin: Key; operator: Key; viewer: Key; vaultId: string };
  signerDir: string;
};

export async function startSigningWorld(
  clock: FakeClock,
  opts: { name: string; grpc?: ReferenceSignerOptions['grpc'] },
): Promise<SigningWorld> {
  const token = `${opts.name}-test-signer-token`;
  const signerDir = await mkdtemp(join(tmpdir(), `${opts.name}-test-signer-`));
  const signer = await startReferenceSigner({
    port: 0,
    dir: signerDir,
    token,
    ...(opts.grpc ? { grpc: opts.grpc } : {}),
  });
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: {
      ...process.env,
      CUSTODY_SIGNER_TYPE: 'callback',
      CUSTODY_SIGNER_URL: signer.url,
      CUSTODY_SIGNER_TOKEN: token,
    },
    workers: { webhooks: null },
    schedules: { 'chain-poller': null },
  });
  const api = stackApi(stack);
  const { tenant: created, admin } = await createTenantWithAdmin(api, opts.name);
  const tenant = {
    id: created.id as string,
    admin,
    operator: (await createUserWithRole(api, admin, 'operator')).key,
    viewer: (await createUserWithRole(api, admin, 'viewer')).key,
    vaultId: (await createVault(api, admin)).id as string,
  };
  return { stack, api, signer, token, tenant, signerDir };
}

export async function stopSigningWorld(world: Partial<SigningWorld> | undefined): Promise<void> {
  await world?.stack?.stop();
  await world?.signer?.close();
  if (world?.signerDir) await rm(world.signerDir, { recursive: true, force: true });
}

/** Gives the address `wei` on the dev chain. */
export const fund = (world: SigningWorld, address: string, wei = 10n ** 19n) =>
  world.stack.devChain!.state.setBalance(address, wei);

/** The transaction as `key` (the operator by default) reads it. */
export const getTransaction = async (world: SigningWorld, id: string, key: Key = world.tenant.operator) =>
  (await world.api.call('GET', `/v1/transactions/${id}`, { key })).body;

/** The operator's transfer of `amount` wei of the native asset to a random address (201), run as far as it goes. */
export async function submitTransfer(world: SigningWorld, walletId: string, amount: string): Promise<string> {
  const res = await world.api.call('POST', '/v1/transactions', {
    key: world.tenant.operator,
    body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount },
  });
  expect(res.status).toBe(201);
  await world.stack.drain();
  return res.body.id as string;
}

/** A wallet of the vault whose key the reference signer generated and holds (201), funded with `wei`. */
export async function signerHeldWallet(world: SigningWorld, wei?: bigint) {
  const res = await world.api.call('POST', `/v1/vault/accounts/${world.tenant.vaultId}/wallets/generate`, {
    key: world.tenant.admin,
    body: { label: 'signer-held' },
  });
  expect(res.status).toBe(201);
  await fund(world, res.body.address as string, wei);
  return res.body as { id: string; address: string; public_key: string };
}
