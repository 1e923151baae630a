import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { lazySecretBox } from '../../shared/composition/lazy-secret-box.js';
import { config } from '../../shared/config.js';
import { createEndpoint } from '../../shared/domain/webhooks/endpoints.js';
import type { UseCaseContext } from '../../shared/domain/context.js';
import { ApiError } from '../../shared/errors/catalog.js';
import type { SecretBox } from '../../shared/ports/secret-box.js';

/**
 * The webhooks function's lazy chunks (test/integration/webhooks-lazy-routes.test.ts shows which routes load them):
 * a failed load fails that request and is not kept, so the next request loads the module and succeeds. The load
 * failure is a mocked module whose evaluation throws (what a missing chunk does).
 */
const BOX = '../../shared/composition/secret-box.js';
const URL_CHECK = '../../shared/domain/webhooks/webhook-url.js';
const dir = mkdtempSync(join(tmpdir(), 'webhooks-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.doUnmock(BOX);
  vi.doUnmock(URL_CHECK);
});
const fail = () => {
  throw new Error('chunk failed to load');
};

/** Enough of a use case context for `createEndpoint`: what it wrote is in `written`. */
function context() {
  const written: unknown[] = [];
  const ctx = {
    principal: { tenantId: 't-1' },
    now: new Date('2026-03-01T00:00:00.000Z'),
    uow: { create: (i: unknown) => written.push(i), audit: () => {} },
  } as unknown as UseCaseContext;
  return { ctx, written };
}
const sealing = (): SecretBox & { sealed: string[] } => {
  const sealed: string[] = [];
  return { sealed, seal: async (s) => (sealed.push(s), `sealed:${s}`), open: async (s) => s.slice('sealed:'.length) };
};

describe("the webhooks function's lazy secret box (shared/composition/lazy-secret-box.ts)", () => {
  it('a failed load fails the seal, and the next seal loads the box and works', async () => {
    const box = lazySecretBox({
      ...config(),
      CUSTODY_ENV: 'local',
      CUSTODY_KMS_KEY_ID: undefined,
      CUSTODY_LOCAL_KEY_FILE: join(dir, 'box.key'),
    });
    vi.doMock(BOX, fail);
    await expect(box.seal('whsk_x', { tenant_id: 't-1' })).rejects.toThrow(/error when mocking/); // vitest's wrapper of the module's own error
    vi.doUnmock(BOX);
    const sealed = await box.seal('whsk_x', { tenant_id: 't-1' });
    expect(sealed).toMatch(/^local:v1:/);
    expect(await box.open(sealed, { tenant_id: 't-1' })).toBe('whsk_x');
  });
});

describe('creating an endpoint loads the URL check (shared/domain/webhooks/webhook-url.ts)', () => {
  it('refuses private, loopback and link-local hosts in production before sealing anything', async () => {
    const box = sealing();
    for (const url of [
      'https://10.0.0.1/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/',
    ]) {
      const { ctx, written } = context();
      const err = await createEndpoint(ctx, box, 'production', { url }).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(ApiError);
      expect((err as ApiError).code, url).toBe(1107);
      expect(written, url).toEqual([]);
    }
    expect(box.sealed).toEqual([]);
  });

  it('a failed load fails the create (nothing sealed or written), and the next create loads the check and registers', async () => {
    const box = sealing();
    const first = context();
    vi.doMock(URL_CHECK, fail);
    await expect(
      createEndpoint(first.ctx, box, 'production', { url: 'https://receiver.example.com/hook' }),
    ).rejects.toThrow(/error when mocking/); // vitest's wrapper of the module's own error
    expect(first.written).toEqual([]);
    expect(box.sealed).toEqual([]);
    vi.doUnmock(URL_CHECK);
    const second = context();
    const created = await createEndpoint(second.ctx, box, 'production', { url: 'https://receiver.example.com/hook' });
    expect(created.url).toBe('https://receiver.example.com/hook');
    expect(box.sealed).toEqual([created.secret]);
    expect(second.written).toHaveLength(1);
  });
});
