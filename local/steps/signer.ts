import type { Clock } from '../../shared/ports/clock.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startReferenceSigner, type ReferenceSigner } from '../../tools/reference-signer/server.js';
import { policyKeysFrom } from '../../tools/reference-signer/receipt-check.js';
import { LocalKeyProvider } from '../../shared/adapters/keys/local-key-provider.js';
import { LocalPolicyKeys } from '../../shared/adapters/keys/local-policy-keys.js';
import type { Runtime } from './runtime.js';

/**
 * The reference signer (tools/reference-signer), so wallets can be generated and transfers signed locally; keys in
 * `keysDir`. Answers the settings that point the service at it, in `remote` signer mode (docs/signer.md, "How the modes are wired") unless the
 * caller's CUSTODY_SIGNER_TYPE says otherwise (`signerType`), or {} when not wanted (an external signer, or local key
 * generation). The signer is configured with the stack's policy key (derived from the local key file `keyFile`,
 * as the service derives it), so it checks every receipt before signing, as a production signer would.
 */
export async function startSigner(
  rt: Runtime,
  o: {
    wanted: { port?: number } | null;
    keysDir: string;
    temporary: boolean;
    signerType?: string | undefined;
    keyFile: string;
    clock: Clock;
  },
): Promise<{ env: Record<string, string>; signer: ReferenceSigner | null }> {
  if (!o.wanted) return { env: {}, signer: null };
  const token = randomBytes(24).toString('base64url'); // per run: the service and the signer restart together
  const policyKeys = policyKeysFrom(await new LocalPolicyKeys(new LocalKeyProvider(o.keyFile)).publicKeys());
  const signer = await startReferenceSigner({
    port: o.wanted.port ?? 0,
    dir: o.keysDir,
    token,
    policyKeys,
    now: () => o.clock.now(),
  });
  rt.onStop('reference signer', () => signer.close());
  rt.log(
    `signer: reference signer on ${signer.url} (keys in ${o.temporary ? 'a temporary directory' : path.resolve(o.keysDir)})`,
  );
  return {
    env: { CUSTODY_SIGNER_URL: signer.url, CUSTODY_SIGNER_TOKEN: token, CUSTODY_SIGNER_TYPE: o.signerType || 'remote' },
    signer,
  };
}
