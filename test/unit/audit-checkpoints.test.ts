import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { mockClient } from 'aws-sdk-client-mock';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import {
  appendLeaves,
  checkpointBody,
  consistencyProof,
  cosignatureBytes,
  cosignatureMessage,
  cosignatureValid,
  COSIGNATURE_TYPE,
  frontierRoot,
  inclusionPath,
  inclusionProof,
  leafHash,
  LOG_SIGNATURE_TYPE,
  merkleRoot,
  noteKeyId,
  noteSignedBy,
  parseCheckpointBody,
  parseVerifierKey,
  rawMlDsa65Key,
  signatureLine,
  verifierKey,
  verifyConsistency,
  verifyInclusion,
} from '../../shared/domain/audit/checkpoints.js';
import { KmsCheckpointSigner } from '../../shared/adapters/kms/kms-checkpoint-signer.js';
import { makeCheckpointSigner } from '../../shared/composition/checkpoint-signer.js';
import { LocalCheckpointSigner } from '../../shared/adapters/keys/local-checkpoint-signer.js';
import { commit, UnitOfWork } from '../../shared/domain/unit-of-work.js';
import { loadEvent } from '../../shared/domain/events/load-event.js';
import { MemoryStore } from '../support/memory-store.js';
import { audited } from '../support/audited.js';

const sha = (...parts: Buffer[]) => parts.reduce((h, p) => h.update(p), createHash('sha256')).digest();
const hex = (s: string) => createHash('sha256').update(s).digest('hex');

describe('audit checkpoints', () => {
  it('computes the RFC 6962 Merkle tree hash: domain-separated leaves and nodes, split at the largest power of two', () => {
    const [a, b, c] = ['a', 'b', 'c'].map(hex) as [string, string, string];
    const leaf = (x: string) => sha(Buffer.of(0), Buffer.from(x, 'hex'));
    const node = (l: Buffer, r: Buffer) => sha(Buffer.of(1), l, r);
    // RFC 6962 test vector: the leaf hash of the empty string.
    expect(merkleRoot([''])).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
    expect(merkleRoot([a])).toBe(leaf(a).toString('hex'));
    expect(merkleRoot([a, b])).toBe(node(leaf(a), leaf(b)).toString('hex'));
    expect(merkleRoot([a, b, c])).toBe(node(node(leaf(a), leaf(b)), leaf(c)).toString('hex'));
    expect(merkleRoot([b, a])).not.toBe(merkleRoot([a, b]));
  });

  it('proves inclusion with RFC 6962 audit paths for every leaf of trees of 1 to 33 leaves, and refuses a wrong leaf, index, path or root (the size comes from the signed checkpoint)', () => {
    for (let n = 1; n <= 33; n++) {
      const leaves = Array.from({ length: n }, (_, i) => hex(`entry ${i}`));
      const root = merkleRoot(leaves);
      for (let i = 0; i < n; i++) {
        const path = inclusionPath(leaves, i);
        expect(path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
        expect(verifyInclusion(leaves[i]!, i, n, path, root)).toBe(true);
        expect(verifyInclusion(hex('forged'), i, n, path, root)).toBe(false);
        if (n > 1) {
          expect(verifyInclusion(leaves[i]!, (i + 1) % n, n, path, root)).toBe(false);
          expect(verifyInclusion(leaves[i]!, i, n, path.slice(1), root)).toBe(false);
          expect(verifyInclusion(leaves[i]!, i, n, [...path.slice(0, -1), hex('x')], root)).toBe(false);
        }
        expect(verifyInclusion(leaves[i]!, i, n, path, merkleRoot([...leaves, hex('more')]))).toBe(false);
      }
    }
    expect(() => inclusionPath([hex('a')], 1)).toThrow(RangeError);
  });

  it('grows one tree from frontiers: every root matches the whole tree, and proofs from a frontier plus the later leaves match proofs from all leaves', () => {
    const all = Array.from({ length: 20 }, (_, i) => hex(`entry ${i}`));
    const roots = all.map((_, n) => merkleRoot(all.slice(0, n))).concat(merkleRoot(all));
    let frontier: Buffer[] = [];
    const frontiers: Buffer[][] = [[]];
    for (let n = 1; n <= all.length; n++) {
      frontier = appendLeaves(frontier, n - 1, [leafHash(all[n - 1]!)]);
      frontiers.push(frontier);
      expect(frontierRoot(frontier).toString('hex')).toBe(merkleRoot(all.slice(0, n)));
    }
    expect(frontierRoot([]).toString('hex')).toBe(merkleRoot([]));
    const hexes = (b: Buffer[]) => b.map((x) => x.toString('hex'));
    for (let n = 1; n <= all.length; n++) {
      for (let base = 0; base <= n; base++) {
        const slice = { base, frontier: frontiers[base]!, leaves: all.slice(base, n).map(leafHash) };
        const full = { base: 0, frontier: [], leaves: all.slice(0, n).map(leafHash) };
        for (let m = base; m <= n; m++) {
          const proof = hexes(consistencyProof(slice, m, n));
          expect(proof).toEqual(hexes(consistencyProof(full, m, n)));
          const [oldRoot, newRoot] = [roots[m]!, roots[n]!];
          expect(verifyConsistency(m, n, proof, oldRoot, newRoot)).toBe(true);
          if (m > 0 && m < n) {
            // A tree that is not an extension, a wrong root, a cut or changed proof: refused.
            expect(
              verifyConsistency(
                m,
                n,
                proof,
                oldRoot,
                merkleRoot([...all.slice(0, m - 1), hex('other'), ...all.slice(m, n)]),
              ),
            ).toBe(false);
            expect(verifyConsistency(m, n, proof, roots[m - 1]!, newRoot)).toBe(false);
            expect(verifyConsistency(m, n, proof.slice(0, -1), oldRoot, newRoot)).toBe(false);
            expect(verifyConsistency(m, n, [...proof.slice(0, -1), hex('x')], oldRoot, newRoot)).toBe(false);
            expect(verifyConsistency(m - 1, n, proof, oldRoot, newRoot)).toBe(false);
          }
        }
        if (base < n) expect(hexes(inclusionProof(slice, n - 1, n))).toEqual(inclusionPath(all.slice(0, n), n - 1));
        for (let i = base; i < n; i++)
          expect(verifyInclusion(all[i]!, i, n, hexes(inclusionProof(slice, i, n)), roots[n]!)).toBe(true);
      }
    }
  });

  it('writes and verifies C2SP signed notes: the checkpoint body, key IDs, verifier keys, ML-DSA-65 log signatures and witness cosignatures', () => {
    const root = merkleRoot([hex('a'), hex('b')]);
    const body = checkpointBody('custody.local/audit/t1', 2, root);
    expect(body).toBe(`custody.local/audit/t1\n2\n${Buffer.from(root, 'hex').toString('base64')}\n`);
    expect(parseCheckpointBody(body)).toEqual({ origin: 'custody.local/audit/t1', size: 2, root });
    const log = ml_dsa65.keygen(new Uint8Array(32).fill(7));
    const name = 'custody.local/audit/t1';
    const id = noteKeyId(name, LOG_SIGNATURE_TYPE, log.publicKey);
    expect(id).toEqual(
      createHash('sha256')
        .update(Buffer.concat([Buffer.from(`${name}\n`), Buffer.of(0xff), Buffer.from('ml-dsa-65'), log.publicKey]))
        .digest()
        .subarray(0, 4),
    );
    const vkey = verifierKey(name, LOG_SIGNATURE_TYPE, log.publicKey);
    const key = parseVerifierKey(vkey)!;
    expect(key).toMatchObject({ name });
    expect(parseVerifierKey(vkey.replace(/\+[0-9a-f]{8}\+/, '+00000000+'))).toBeUndefined();
    const note = `${body}\n${signatureLine(name, id, ml_dsa65.sign(Buffer.from(body), log.secretKey))}`;
    expect(noteSignedBy(note, key)).toBe(true);
    expect(noteSignedBy(note.replace('\n2\n', '\n3\n'), key)).toBe(false);
    const other = ml_dsa65.keygen(new Uint8Array(32).fill(8));
    expect(
      noteSignedBy(`${body}\n${signatureLine(name, id, ml_dsa65.sign(Buffer.from(body), other.secretKey))}`, key),
    ).toBe(false);
    // A witness: type 0xff "cosignature/v1/ml-dsa-65", the tlog-cosignature message, the timestamp before the signature.
    const w = ml_dsa65.keygen(new Uint8Array(32).fill(9));
    const wkey = parseVerifierKey(verifierKey('witness.example', COSIGNATURE_TYPE, w.publicKey))!;
    const line = signatureLine(
      'witness.example',
      wkey.id,
      cosignatureBytes(1_700_000_000, ml_dsa65.sign(Buffer.from(cosignatureMessage(body, 1_700_000_000)), w.secretKey)),
    );
    expect(cosignatureMessage(body, 5)).toBe(`cosignature/v1\ntime 5\n${body}`);
    expect(cosignatureValid(body, line, wkey)).toEqual({ time: 1_700_000_000 });
    expect(cosignatureValid(checkpointBody(name, 3, root), line, wkey)).toBeUndefined();
    expect(cosignatureValid(body, line, key)).toBeUndefined(); // a log key is not a witness key
  });

  it('signs locally with an ML-DSA-65 key derived from the key provider: stable across instances, its SPKI key the raw key', async () => {
    const provider = {
      derivedKey: async (purpose: string) => (expect(purpose).toBe('audit-checkpoint'), new Uint8Array(32).fill(3)),
    };
    const one = new LocalCheckpointSigner(provider);
    const msg = Buffer.from('custody.local/audit/t1\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n');
    const { signature, algorithm, key_id } = await one.sign(msg);
    const pub = await new LocalCheckpointSigner(provider).publicKey();
    expect(pub).toMatchObject({ algorithm: 'ml-dsa-65', key_id, origin_prefix: 'custody.local/audit' });
    expect(algorithm).toBe('ml-dsa-65');
    const raw = rawMlDsa65Key(pub.public_key_pem);
    expect(raw).toEqual(Buffer.from(ml_dsa65.keygen(new Uint8Array(32).fill(3)).publicKey));
    expect(ml_dsa65.verify(signature, msg, raw)).toBe(true);
  });

  it("signs on AWS with KMS: the raw note text, ML_DSA_SHAKE_256, and serves KMS's public key as PEM", async () => {
    const kms = mockClient(KMSClient);
    kms.on(SignCommand).resolves({ Signature: Uint8Array.of(1, 2, 3) });
    kms.on(GetPublicKeyCommand).resolves({ PublicKey: Uint8Array.of(48, 1, 2) });
    const s = new KmsCheckpointSigner(new KMSClient({ region: 'eu-west-1' }), 'arn:aws:kms:eu-west-1:1:key/k');
    const msg = Uint8Array.from(Buffer.from(hex('x'), 'hex'));
    expect(await s.sign(msg)).toEqual({
      key_id: 'arn:aws:kms:eu-west-1:1:key/k',
      algorithm: 'ml-dsa-65',
      signature: Uint8Array.of(1, 2, 3),
    });
    expect(kms.commandCalls(SignCommand)[0]!.args[0].input).toEqual({
      KeyId: 'arn:aws:kms:eu-west-1:1:key/k',
      Message: msg,
      MessageType: 'RAW',
      SigningAlgorithm: 'ML_DSA_SHAKE_256',
    });
    const pub = await s.publicKey();
    await s.publicKey();
    expect(kms.commandCalls(GetPublicKeyCommand)).toHaveLength(1); // fetched once per container
    expect(pub).toEqual({
      key_id: 'arn:aws:kms:eu-west-1:1:key/k',
      algorithm: 'ml-dsa-65',
      public_key_pem: '-----BEGIN PUBLIC KEY-----\nMAEC\n-----END PUBLIC KEY-----\n',
      origin_prefix: 'custody.local/audit',
    });
    kms.restore();
  });

  it('with CUSTODY_AUDIT_KEY_ID, the wiring loads the KMS signer at the first call and keeps one (shared/composition/kms-checkpoint.ts)', async () => {
    const kms = mockClient(KMSClient);
    kms.on(SignCommand).resolves({ Signature: Uint8Array.of(9) });
    kms.on(GetPublicKeyCommand).resolves({ PublicKey: Uint8Array.of(48, 1, 2) });
    const keys = { derivedKey: () => Promise.reject(new Error('no local key on AWS')) };
    const s = makeCheckpointSigner(
      {
        CUSTODY_ENV: 'production',
        CUSTODY_AUDIT_KEY_ID: 'arn:aws:kms:eu-west-1:1:key/k',
        CUSTODY_REGION: 'eu-west-1',
        CUSTODY_AUDIT_ORIGIN: 'custody.example/audit',
      },
      keys,
    );
    expect(kms.calls()).toHaveLength(0);
    const [a, b] = await Promise.all([s.publicKey(), s.publicKey()]);
    expect(a).toEqual(b);
    expect(a.algorithm).toBe('ml-dsa-65');
    expect(kms.commandCalls(GetPublicKeyCommand)).toHaveLength(1); // one signer, its public key fetched once
    expect((await s.sign(new Uint8Array(32))).signature).toEqual(Uint8Array.of(9));
    expect(kms.commandCalls(SignCommand)[0]!.args[0].input.KeyId).toBe('arn:aws:kms:eu-west-1:1:key/k');
    kms.restore();
  });

  it('without it, refuses in production and signs with the local ML-DSA-65 key elsewhere', async () => {
    const keys = { derivedKey: async () => new Uint8Array(32).fill(1) };
    await expect(
      makeCheckpointSigner(
        {
          CUSTODY_ENV: 'production',
          CUSTODY_AUDIT_KEY_ID: undefined,
          CUSTODY_REGION: 'eu-west-1',
          CUSTODY_AUDIT_ORIGIN: 'custody.example/audit',
        },
        keys,
      ).publicKey(),
    ).rejects.toThrow(/CUSTODY_AUDIT_KEY_ID is required/);
    expect(
      await makeCheckpointSigner(
        {
          CUSTODY_ENV: 'local',
          CUSTODY_AUDIT_KEY_ID: undefined,
          CUSTODY_REGION: 'eu-west-1',
          CUSTODY_AUDIT_ORIGIN: 'custody.example/audit',
        },
        keys,
      ).publicKey(),
    ).toMatchObject({ algorithm: 'ml-dsa-65', origin_prefix: 'custody.example/audit' });
  });
});

describe('loadEvent', () => {
  it('finds an event by the id uow.event gave it, in the audit record of its change; nothing for another tenant or a malformed id', async () => {
    const store = new MemoryStore();
    const now = new Date('2026-05-01T00:00:00.000Z');
    const uow = new UnitOfWork(() => now);
    uow.audit({ tenantId: 't1', action: 'vault.created', resourceType: 'vault', resourceId: 'v1', change: null });
    const first = uow.event(
      't1',
      'transaction.status_changed',
      { transaction_id: 'tx1', status: 'QUEUED', previous_status: 'SUBMITTED' },
      'tx1',
    );
    const second = uow.event(
      't1',
      'transaction.status_changed',
      { transaction_id: 'tx1', status: 'PENDING_SIGNATURE', previous_status: 'QUEUED' },
      'tx1',
    );
    const [record] = await commit(audited(store), uow, {
      actor: { type: 'system', user_id: null, key_id: null },
      requestId: null,
      now,
    });
    expect(first.id).toBe(`${record!.id}:0`);
    expect(await loadEvent(store, 't1', second.id)).toEqual({
      id: second.id,
      type: 'transaction.status_changed',
      tenant_id: 't1',
      timestamp: now.toISOString(),
      group: 'tx1',
      data: { transaction_id: 'tx1', status: 'PENDING_SIGNATURE', previous_status: 'QUEUED' },
    });
    expect(await loadEvent(store, 't2', second.id)).toBeUndefined();
    expect(await loadEvent(store, 't1', `${record!.id}:2`)).toBeUndefined();
    expect(await loadEvent(store, 't1', 'not-an-event')).toBeUndefined();
  });
});
