/**
 * A reference witness for the service's audit logs (docs/audit.md "Witnesses"): an outside party that remembers the
 * largest checkpoint of a log it cosigned and cosigns a newer one only when the log proves the new tree extends it.
 * It has its own ML-DSA-65 key (a 32-byte seed in its key file, made on first use) and its own state file (per log
 * origin: the tree size, root and note it last cosigned), and depends on nothing of the service but its HTTP API.
 *
 * One run (`witnessOnce`): fetch the latest checkpoint note, verify the log's signature with the log key it was
 * configured with, fetch the consistency proof from the tree it last cosigned and verify it (RFC 9162), record the
 * new tree in its state file, then post its C2SP tlog-cosignature (signature type 0xff "cosignature/v1/ml-dsa-65").
 * It never cosigns a tree smaller than, or inconsistent with, one it cosigned: it refuses with the reason, which is
 * how a rollback of the log (its newest checkpoint deleted) is detected.
 *
 *   npx tsx tools/witness/witness.ts key --key witness.key --name witness.example
 *   npx tsx tools/witness/witness.ts run --key witness.key --name witness.example --state witness.json \
 *     --url http://127.0.0.1:3000 --credential key_id:secret --log-key '<the log verifier key>'
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import {
  COSIGNATURE_TYPE,
  cosignatureBytes,
  cosignatureMessage,
  noteKeyId,
  noteSignedBy,
  parseCheckpointBody,
  parseVerifierKey,
  signatureLine,
  splitNote,
  verifierKey,
  verifyConsistency,
} from '../../shared/domain/audit/checkpoints.js';

export type WitnessState = Record<string, { size: number; root: string; note: string }>;
export type WitnessConfig = {
  url: string;
  credential: string;
  logKey: string;
  name: string;
  keyFile: string;
  stateFile: string;
  now?: () => Date;
};
export type WitnessResult = { cosigned: true; size: number; number: number } | { cosigned: false; reason: string };

/** The witness's key pair, from the seed in its key file (made if absent). */
export function witnessKey(keyFile: string, name: string) {
  if (!existsSync(keyFile)) writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  const { publicKey, secretKey } = ml_dsa65.keygen(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'hex'));
  return {
    publicKey,
    secretKey,
    id: noteKeyId(name, COSIGNATURE_TYPE, publicKey),
    verifierKey: verifierKey(name, COSIGNATURE_TYPE, publicKey),
  };
}

const readState = (file: string): WitnessState =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as WitnessState) : {};
function writeState(file: string, state: WitnessState) {
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
}

export async function witnessOnce(cfg: WitnessConfig): Promise<WitnessResult> {
  const refuse = (reason: string): WitnessResult => ({ cosigned: false, reason });
  const logKey = parseVerifierKey(cfg.logKey);
  if (!logKey) return refuse('the configured log key is not a verifier key');
  const headers = { Authorization: `Bearer ${cfg.credential}` };
  const res = await fetch(`${cfg.url}/v1/audit/checkpoint`, { headers });
  if (res.status !== 200) return refuse(`the log answered ${res.status} for its checkpoint`);
  const note = await res.text();
  const number = Number(res.headers.get('audit-checkpoint-number'));
  const parsed = splitNote(note);
  const body = parsed && parseCheckpointBody(parsed.body);
  if (!parsed || !body || body.origin !== logKey.name)
    return refuse('the checkpoint is not a note of the configured log');
  if (!noteSignedBy(note, logKey)) return refuse("the checkpoint does not carry the log's valid signature");
  const state = readState(cfg.stateFile);
  const last = state[body.origin];
  if (last) {
    if (body.size < last.size)
      return refuse(
        `the log's tree (${body.size}) is smaller than the tree ${last.size} this witness cosigned: rolled back`,
      );
    if (body.size === last.size && body.root !== last.root)
      return refuse(`the log's tree of ${body.size} has another root than the one this witness cosigned: forked`);
    if (body.size > last.size) {
      const p = await fetch(`${cfg.url}/v1/audit/proofs/consistency?from=${last.size}&to=${body.size}`, { headers });
      const proof = p.status === 200 ? ((await p.json()) as { proof: string[] }).proof : undefined;
      if (!proof || !verifyConsistency(last.size, body.size, proof, last.root, body.root)) {
        return refuse(
          `the log's tree of ${body.size} is not consistent with the tree ${last.size} this witness cosigned: forked or rewritten`,
        );
      }
    }
  }
  // Remembered before the cosignature leaves: a witness never forgets a tree it may have cosigned.
  writeState(cfg.stateFile, { ...state, [body.origin]: { size: body.size, root: body.root, note } });
  const key = witnessKey(cfg.keyFile, cfg.name);
  const time = Math.floor((cfg.now?.() ?? new Date()).getTime() / 1000);
  const sig = ml_dsa65.sign(Buffer.from(cosignatureMessage(parsed.body, time)), key.secretKey);
  const line = signatureLine(cfg.name, key.id, cosignatureBytes(time, sig));
  const post = await fetch(`${cfg.url}/v1/audit/checkpoints/${number}/cosignatures`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ cosignature: line }),
  });
  if (post.status !== 200) return refuse(`the log refused the cosignature (${post.status}): ${await post.text()}`);
  return { cosigned: true, size: body.size, number };
}

async function main(argv: string[]) {
  const [cmd, ...rest] = argv;
  const opt = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    const v = i >= 0 ? rest[i + 1] : undefined;
    if (!v) throw new Error(`--${name} is required`);
    return v;
  };
  if (cmd === 'key') {
    console.log(witnessKey(opt('key'), opt('name')).verifierKey);
    return;
  }
  if (cmd === 'run') {
    const out = await witnessOnce({
      url: opt('url'),
      credential: opt('credential'),
      logKey: opt('log-key'),
      name: opt('name'),
      keyFile: opt('key'),
      stateFile: opt('state'),
    });
    console.log(out.cosigned ? `cosigned checkpoint ${out.number} (tree size ${out.size})` : `refused: ${out.reason}`);
    if (!out.cosigned) process.exitCode = 1;
    return;
  }
  throw new Error('usage: witness.ts key|run (see the comment at the top)');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main(process.argv.slice(2)).catch((e: Error) => (console.error(e.message), process.exit(2)));
