import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditedStore } from '../../shared/domain/audit/record-mac.js';
import { ensurePlatform } from '../../shared/domain/tenants/tenants.js';
import { operatorFilePath, readOperatorFile, writeOperatorFile } from '../files.js';
import type { Runtime } from './runtime.js';

export type OperatorCredential = { keyId: string; secret: string; created: boolean; file: string | null };

/**
 * The platform tenant and its operator, on the first start of this store. The credential is written to
 * `<stateDir>/operator.json` (mode 600) and shown once; with `--in-memory` the state folder is a temporary one,
 * removed on stop.
 */
export async function ensureOperator(
  rt: Runtime,
  o: AuditedStore & { now: Date; stateDir: string; baseUrl: string; inMemory: boolean },
): Promise<OperatorCredential | null> {
  const boot = await ensurePlatform(o, o.now);
  const file = operatorFilePath(o.stateDir);
  if (boot.created) {
    writeOperatorFile(file, { base_url: o.baseUrl, key_id: boot.keyId, secret: boot.secret });
    rt.log(
      `platform: tenant and operator created; operator credential written to ${file}${o.inMemory ? ' (a temporary folder, removed on stop)' : ''} (shown once):`,
    );
    rt.log(`  key_id: ${boot.keyId}`);
    rt.log(`  secret: ${boot.secret}`);
    return { keyId: boot.keyId, secret: boot.secret, created: true, file };
  }
  const f = readOperatorFile(file);
  if (!f) {
    rt.log(
      `platform: exists, but ${file} is missing: use a credential you kept, or delete ${path.dirname(file)} to start over`,
    );
    return null;
  }
  if (f.base_url !== o.baseUrl) writeOperatorFile(file, { ...f, base_url: o.baseUrl });
  rt.log(`platform: exists; operator credential in ${file}`);
  return { keyId: f.key_id, secret: f.secret, created: false, file };
}

/** What a client needs to find this stack (docs/architecture.md, "The local stack"): `<stateDir>/stack.json`. */
export type StackFile = { base_url: string; chain_rpc_url: string; chain_id: number; signer_url: string | null };

export function writeStackFile(stateDir: string, value: StackFile): string {
  const file = path.join(stateDir, 'stack.json');
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o644 });
  return file;
}
