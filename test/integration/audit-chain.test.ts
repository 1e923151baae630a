import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { inflateRawSync } from 'node:zlib';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { services } from '../../shared/composition/standalone.js';
import { DynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store.js';
import { keys } from '../../shared/store/keys.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { FakeClock } from '../../shared/ports/clock.js';
import {
  FORGED,
  GENESIS_HASH,
  recordHash,
  recordItem,
  storedEntry,
  type AuditRecord,
} from '../../shared/domain/audit/audit-record.js';
import { recordMac, recordMacKeyOf } from '../../shared/domain/audit/record-mac.js';
import { setMetricsSink, emfSink, type MetricsSink } from '../../shared/observability/metrics.js';
import {
  checkpointBody,
  merkleRoot,
  noteSignedBy,
  parseCheckpointBody,
  parseVerifierKey,
  signatureLine,
  splitNote,
  verifyInclusion,
} from '../../shared/domain/audit/checkpoints.js';
import { sequencedIn, sequenceRecords } from '../../shared/domain/audit/sequencer.js';
import { createVault } from '../support/fixtures.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { audited } from '../support/audited.js';

/**
 * The audit trail against DynamoDB Local: per-entity chains, the sequencer's signed checkpoints, and tampering done
 * directly in the table (as an attacker with write access would), each detected and named.
 */
let api: TestApi;
const clock = new FakeClock(new Date('2026-05-01T00:00:00.000Z').getTime());
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => api?.close());

const store = () => services().store as DynamoDbStore;
/**
 * Edits as an attacker with table access would make them: straight through a DocumentClient of its own (the service's
 * client caches its middleware, which the DocumentClient refuses), past the service.
 */
let attacker: DynamoDBDocumentClient | undefined;
const doc = () =>
  (attacker ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: store().client.config.region,
      endpoint: store().client.config.endpoint,
      credentials: store().client.config.credentials,
    }),
  ));
const table = () => store().tableName;
type Rec = Record<string, any>;

/** The tenant's records: the entries they hold, with their keys and MAC. */
async function records(tenantId: string): Promise<Rec[]> {
  return (
    await store().query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit: 500, consistent: true })
  ).items.map((i) => ({ ...storedEntry(i)!, mac: i.mac, pk: i.pk, sk: i.sk }));
}
/** Runs the sequencer over every record of the tenant (as the audit queue would deliver them). */
async function seal(tenantId: string) {
  return sequenceRecords(
    audited(store()),
    services().checkpointSigner,
    tenantId,
    (await records(tenantId)).map((r) => r.id as string),
    () => clock.now(),
  );
}
const verify = async (key: Key) => (await api.call('GET', '/v1/audit/verify', { key })).body;

/** A tenant with a few changes, all sequenced: tenant created + 3 renames, its admin user and credential. */
async function sealedTenant() {
  const t = await createTenantWithAdmin(api);
  for (const name of ['one', 'two', 'three'])
    await api.call('PUT', `/v1/tenants/${t.tenant.id}`, { key: t.admin, body: { name } });
  await seal(t.tenant.id);
  expect(await verify(t.admin)).toMatchObject({ valid: true, first_problem: null });
  return { ...t, tenantId: t.tenant.id as string, recs: await records(t.tenant.id) };
}

async function update(k: { pk: string; sk: string }, attr: string, value: unknown) {
  await doc().send(
    new UpdateCommand({
      TableName: table(),
      Key: k,
      UpdateExpression: 'SET #a = :a',
      ExpressionAttributeNames: { '#a': attr },
      ExpressionAttributeValues: { ':a': value },
    }),
  );
}
const del = (k: { pk: string; sk: string }) =>
  doc().send(new DeleteCommand({ TableName: table(), Key: { pk: k.pk, sk: k.sk } }));
const put = (item: Rec) => doc().send(new PutCommand({ TableName: table(), Item: item }));
/** Stores an entry as the service stores records (body, hash and MAC as given: none when it has none), under the keys it carries. */
const putRecord = ({ pk, sk, ...entry }: Rec) => put({ ...recordItem(entry as AuditRecord), pk, sk });
/** What only a forger who also holds the service's MAC key could add (an insider with the KMS grant): a valid MAC. */
const withKeyHolderMac = async (r: Rec): Promise<Rec> => ({
  ...r,
  mac: recordMac(await recordMacKeyOf(services()), r.hash),
});

describe('audit trail', () => {
  it('records each change once, chained on its entity, with actor and request id; the entity item holds its last hash', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const upd = await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { name: 'audited' } });
    const entries = (await api.call('GET', '/v1/audit/entries', { key: admin })).body.entries;
    expect(entries.map((e: Rec) => e.action)).toEqual([
      'tenant.created',
      'user.created',
      'credential.created',
      'tenant.updated',
    ]);
    const last = entries.at(-1);
    expect(last.request_id).toBe(upd.headers.get('x-request-id'));
    expect(last.actor.key_id).toBe(admin.keyId);
    expect(last.previous_hash).toBe(entries[0].hash); // the tenant's chain: created -> updated
    expect(entries[1].previous_hash).toBe('0'.repeat(64)); // the user's own chain starts at genesis
    expect(last.chain).toBe(`item:${keys.tenant(tenant.id).pk}|${keys.tenant(tenant.id).sk}`);
    expect((await store().get(keys.tenant(tenant.id)))!.audit_hash).toBe(last.hash);
    expect(recordHash(last)).toBe(last.hash);
    // An auditor's recomputation (docs/audit.md): the tag, the canonical JSON of the plain fields, the listed body's bytes.
    for (const e of entries) {
      const plain = JSON.stringify({
        chain: e.chain,
        id: e.id,
        previous_hash: e.previous_hash,
        tenant_id: e.tenant_id,
      });
      expect(
        createHash('sha256')
          .update(`custody-audit-record-v2\n${plain}\n`)
          .update(Buffer.from(e.body, 'base64'))
          .digest('hex'),
      ).toBe(e.hash);
      const { body: _b, chain: _c, previous_hash: _p, hash: _h, ...content } = e;
      expect(JSON.parse(inflateRawSync(Buffer.from(e.body, 'base64')).toString('utf8'))).toEqual(content);
    }
  });

  it('never forks under concurrent changes of one tenant, and the sequencer seals them in one checkpoint', async () => {
    const { tenant, admin, adminUserId } = await createTenantWithAdmin(api);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.call('POST', '/v1/credentials', { key: admin, body: { user_id: adminUserId, name: `k${i}` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const [cp, ...more] = await seal(tenant.id);
    expect(more).toEqual([]);
    expect(cp).toMatchObject({ number: 1, first_sequence: 1, last_sequence: 11 });
    expect(await seal(tenant.id)).toEqual([]); // everything already sequenced: nothing written
    const v = await verify(admin);
    expect(v).toMatchObject({
      valid: true,
      entries_checked: 11,
      first_problem: null,
      latest_checkpoint: { number: 1, last_sequence: 11 },
    });
  });

  it('names the entry when any one stored field of it is edited (the change included)', async () => {
    const { admin, recs } = await sealedTenant();
    const victim = recs.find((r) => r.action === 'tenant.updated')!;
    const edits: [string, unknown][] = [
      ['change', { ...victim.change, name: 'forged' }],
      ['action', 'tenant.nothing_to_see'],
      ['actor', { ...victim.actor, key_id: 'someone_else' }],
      ['timestamp', '2020-01-01T00:00:00.000Z'],
      ['request_id', 'req_forged'],
      ['resource_id', 'other'],
      ['previous_hash', 'f'.repeat(64)],
      ['chain', 'record:forged'],
      ['events', [{ id: `${victim.id}:0`, type: 'x', timestamp: victim.timestamp, group: 'g', data: {} }]],
      ['extra_field', 'added'],
    ];
    const edited = {
      valid: false,
      first_problem: { entry_id: victim.id, reason: 'hash does not match the stored content (edited)' },
    };
    for (const [field, value] of edits) {
      await putRecord({ ...victim, [field]: value }); // the entry's field changed, its stored hash kept
      expect(await verify(admin), field).toMatchObject(edited);
      await putRecord(victim); // restore
    }
    // The stored item itself: its body's bytes, an attribute beside the body.
    for (const [attr, value] of [
      ['body', Buffer.from('not deflated')],
      ['extra_attribute', 'added'],
    ] as const) {
      await update({ pk: victim.pk, sk: victim.sk }, attr, value);
      expect(await verify(admin), attr).toMatchObject(edited);
      await putRecord(victim);
    }
    expect((await verify(admin)).valid).toBe(true);
  });

  it('names an edited entry whose hash was recomputed by the forger: it differs from its sequenced hash', async () => {
    const { admin, recs } = await sealedTenant();
    const victim: Rec = { ...recs.find((r) => r.action === 'tenant.updated')!, change: { name: 'forged' } };
    victim.hash = recordHash(victim);
    await putRecord(victim); // its MAC is the genuine record's: not the MAC of the new hash
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: { entry_id: victim.id, checkpoint: null, reason: FORGED },
    });
    // Even a forger holding the MAC key is caught: the checkpoint signed the genuine hash.
    await putRecord(await withKeyHolderMac(victim));
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: { entry_id: victim.id, checkpoint: 1, reason: 'entry differs from its sequenced hash (edited)' },
    });
  });

  it('names a deleted entry', async () => {
    const { admin, recs } = await sealedTenant();
    const victim = recs[2]!;
    await del(victim as never);
    expect(await verify(admin)).toMatchObject({
      valid: false,
      entries_checked: recs.length - 1,
      first_problem: { entry_id: victim.id, checkpoint: 1, reason: 'sequenced entry missing (deleted or truncated)' },
    });
  });

  it('names a forged entry inserted after an entity chain (hash correct, never sequenced)', async () => {
    const { tenantId, admin, recs } = await sealedTenant();
    const tail = recs.filter((r) => r.resource_type === 'tenant').at(-1)!;
    const forgedId = '01900000-0000-7000-8000-000000000001';
    const forged: Rec = {
      ...tail,
      ...keys.auditRecord(tenantId, forgedId),
      id: forgedId,
      previous_hash: tail.hash,
      action: 'tenant.updated',
      change: { name: 'forged' },
      events: [],
    };
    forged.hash = recordHash(forged);
    await putRecord(await withKeyHolderMac(forged)); // a forger holding the MAC key: the chain's end still names it
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: { entry_id: forgedId, reason: "entry after the entity's last audit hash (inserted)" },
    });
    // Also pointing the entity item at it: then it is an entry older than the sequencer's lag that was never sequenced.
    await update(keys.tenant(tenantId), 'audit_hash', forged.hash);
    clock.advance(301_000);
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: {
        entry_id: forgedId,
        reason: "entry older than the sequencer's lag is not sequenced (inserted, or the sequencer is behind)",
      },
    });
  });

  it('refuses to sequence records forged in the table without the MAC key, alarms, and verify names each forged record', async () => {
    const recorded: string[] = [];
    const capture: MetricsSink = (m, value) => void recorded.push(`${m.name}=${value}`);
    setMetricsSink(capture);
    try {
      const { tenantId, admin, adminUserId, recs } = await sealedTenant();
      // (a) an admin user that never existed: a `user.created` with role_admin, its hash correct, on a chain of its own.
      const ghostId = 'usr_forged_admin';
      const ghostKey = keys.user(tenantId, ghostId);
      const ghost: Rec = {
        ...recs.find((r) => r.action === 'user.created')!,
        ...keys.auditRecord(tenantId, '01990000-0000-7000-8000-00000000000a'),
        id: '01990000-0000-7000-8000-00000000000a',
        chain: `item:${ghostKey.pk}|${ghostKey.sk}`,
        previous_hash: GENESIS_HASH,
        resource_id: ghostId,
        change: { email: 'attacker@example.com', role: 'role_admin' },
        events: [],
        mac: undefined,
      };
      ghost.hash = recordHash(ghost);
      // (b) a change of an entity that exists: the admin user made someone else, appended to its chain, its item
      // pointed at the forged record as a careful forger would.
      const userTail = recs.filter((r) => r.resource_id === adminUserId).at(-1)!;
      const promoted: Rec = {
        ...userTail,
        ...keys.auditRecord(tenantId, '01990000-0000-7000-8000-00000000000b'),
        id: '01990000-0000-7000-8000-00000000000b',
        previous_hash: userTail.hash,
        action: 'user.updated',
        change: { role: 'role_admin' },
        events: [],
        mac: userTail.mac,
      };
      promoted.hash = recordHash(promoted); // the genuine record's MAC kept: it is not the MAC of this hash
      await putRecord(ghost);
      await putRecord(promoted);
      await update(keys.user(tenantId, adminUserId), 'audit_hash', promoted.hash);
      // A genuine change after them is still sequenced: the forged records do not hold it back.
      await api.call('PUT', `/v1/tenants/${tenantId}`, { key: admin, body: { name: 'after the forgery' } });
      const [cp] = await seal(tenantId);
      expect(cp!.entries.map((e) => e.id)).not.toContain(ghost.id);
      expect(cp!.entries.map((e) => e.id)).not.toContain(promoted.id);
      expect(cp!.entries).toHaveLength(1);
      expect(await sequencedIn(store(), tenantId, ghost.id)).toBeUndefined();
      expect(await sequencedIn(store(), tenantId, promoted.id)).toBeUndefined();
      expect(recorded.filter((m) => m.startsWith('AuditRecordsRefused'))).toEqual([
        'AuditRecordsRefused=1',
        'AuditRecordsRefused=1',
      ]);
      // Verify names the first forged record (in id order), then, with it gone, the other; never a genuine neighbour.
      expect(await verify(admin)).toMatchObject({
        valid: false,
        first_problem: { entry_id: ghost.id, chain: ghost.chain, checkpoint: null, reason: FORGED },
      });
      await del(ghost as never);
      expect(await verify(admin)).toMatchObject({
        valid: false,
        first_problem: { entry_id: promoted.id, chain: promoted.chain, checkpoint: null, reason: FORGED },
      });
    } finally {
      setMetricsSink(emfSink);
    }
  });

  it('fails a chain whose entity item is missing unless the chain ends with its deletion', async () => {
    const { tenantId, admin, recs } = await sealedTenant();
    // A forger holding the MAC key (so only this rule can catch it): a `user.created` for a user that never existed.
    const ghostKey = keys.user(tenantId, 'usr_never');
    const ghost: Rec = {
      ...recs.find((r) => r.action === 'user.created')!,
      ...keys.auditRecord(tenantId, '01990000-0000-7000-8000-00000000000c'),
      id: '01990000-0000-7000-8000-00000000000c',
      chain: `item:${ghostKey.pk}|${ghostKey.sk}`,
      previous_hash: GENESIS_HASH,
      resource_id: 'usr_never',
      change: { role: 'role_admin' },
      events: [],
    };
    ghost.hash = recordHash(ghost);
    await putRecord(await withKeyHolderMac(ghost));
    const missing =
      "the entity's item is missing and its chain does not end with its deletion (deleted from the table)";
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: { entry_id: null, chain: ghost.chain, reason: missing },
    });
    await del(ghost as never);
    expect((await verify(admin)).valid).toBe(true);
    // A genuine entity's item deleted in the table (its records intact): named by its chain.
    const vault = await createVault(api, admin);
    const vaultKey = keys.vault(tenantId, vault.id);
    await del(vaultKey);
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: { entry_id: null, chain: `item:${vaultKey.pk}|${vaultKey.sk}`, reason: missing },
    });
  });

  it('accepts an entity chain that ends with its deletion record (a deleted policy)', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const vault = await createVault(api, admin);
    const created = await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: vault.id, name: 'limits', rules: [{ type: 'MAX_AMOUNT', value: '1000' }] },
    });
    expect(created.status).toBe(201);
    expect((await api.call('DELETE', `/v1/policies/${created.body.id}`, { key: admin })).status).toBeLessThan(300);
    expect(await verify(admin)).toMatchObject({ valid: true, first_problem: null });
  });

  it('names reordered entries (two records swapped between their keys)', async () => {
    const { admin, recs } = await sealedTenant();
    const [a, b] = [recs[1]!, recs[3]!];
    await putRecord({ ...b, pk: a.pk, sk: a.sk });
    await putRecord({ ...a, pk: b.pk, sk: b.sk });
    // Named in id order: a's content, now under b's key, comes first.
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: { entry_id: a.id, reason: 'entry stored under a key that is not its own (moved or reordered)' },
    });
  });

  it('names the first of the truncated newest entries', async () => {
    const { admin, recs } = await sealedTenant();
    const newest = recs.slice(-2);
    for (const r of newest) await del(r as never);
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: {
        entry_id: newest[0]!.id,
        checkpoint: 1,
        reason: 'sequenced entry missing (deleted or truncated)',
      },
    });
  });

  it('names a truncated entity chain before it is sequenced (the item holds a newer hash)', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { name: 'x' } });
    const newest = (await records(tenant.id)).at(-1)!;
    await del(newest as never);
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: {
        entry_id: null,
        chain: newest.chain,
        reason: "the entity's last audit hash is not in its chain (newest entries missing: truncated)",
      },
    });
  });

  it('names a replaced checkpoint (re-rooted and signed with another key)', async () => {
    const { tenantId, admin } = await sealedTenant();
    const k = keys.auditCheckpoint(tenantId, 1);
    const cp = (await doc().send(new GetCommand({ TableName: table(), Key: k }))).Item!;
    const entries = cp.entries.slice(1);
    const body = checkpointBody(
      splitNote(cp.note)!.body.split('\n')[0]!,
      entries.length,
      merkleRoot(entries.map((e: Rec) => e.hash)),
    );
    const sig = splitNote(cp.note)!.signatures[0]!;
    const other = ml_dsa65.keygen(new Uint8Array(32).fill(5));
    const forged: Rec = {
      ...cp,
      entries,
      tree_size: entries.length,
      last_sequence: entries.length,
      root: parseCheckpointBody(body)!.root,
      note: `${body}\n${signatureLine(sig.name, sig.id, ml_dsa65.sign(Buffer.from(body), other.secretKey))}`,
    };
    await put(forged);
    expect(await verify(admin)).toMatchObject({
      valid: false,
      first_problem: { checkpoint: 1, reason: 'checkpoint signature does not verify (replaced or forged)' },
    });
  });

  it('records nothing when a change fails', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const before = (await verify(admin)).entries_checked;
    await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { ip_allowlist: ['not-a-cidr'] } });
    expect((await verify(admin)).entries_checked).toBe(before);
  });

  it('lists checkpoints and the public key, and the script of docs/audit.md verifies them outside the service', async () => {
    const { tenantId, admin } = await sealedTenant();
    await api.call('PUT', `/v1/tenants/${tenantId}`, { key: admin, body: { name: 'four' } });
    expect(await seal(tenantId)).toMatchObject([{ number: 2, first_sequence: 7, last_sequence: 7 }]);
    const list = await api.call('GET', '/v1/audit/checkpoints?limit=1', { key: admin });
    expect(list.status).toBe(200);
    expect(list.body.checkpoints[0]).toMatchObject({ number: 1, algorithm: 'ml-dsa-65', tree_size: 6 });
    const pub = await api.call('GET', '/v1/audit/public-key', { key: admin });
    expect(pub.body).toMatchObject({
      algorithm: 'ml-dsa-65',
      public_key_pem: expect.stringContaining('BEGIN PUBLIC KEY'),
      origin: `custody.local/audit/${tenantId}`,
    });

    const md = readFileSync(path.join(__dirname, '../../docs/audit.md'), 'utf8');
    const script = /```js\n([\s\S]*?)```/.exec(md)![1]!;
    // Written inside the project so that the script's fallback import of @noble/post-quantum resolves (Node < 24.7).
    const dir = mkdtempSync(path.join(__dirname, '../../.audit-script-'));
    const file = path.join(dir, 'verify-checkpoints.mjs');
    writeFileSync(file, script);
    const env = { ...process.env, CUSTODY_URL: api.baseUrl, CUSTODY_KEY: `${admin.keyId}:${admin.secret}` };
    const ok = await promisify(execFile)(process.execPath, [file], { env });
    expect(ok.stdout.trim()).toBe('ok: 2 checkpoints, tree size 7, consistent, every inclusion proof valid');
    // The same script refuses a checkpoint whose entries were changed.
    const cp2 = (await doc().send(new GetCommand({ TableName: table(), Key: keys.auditCheckpoint(tenantId, 2) })))
      .Item!;
    await update(keys.auditCheckpoint(tenantId, 2), 'entries', [{ ...cp2.entries[0], hash: '0'.repeat(64) }]);
    const bad = await promisify(execFile)(process.execPath, [file], { env }).catch(
      (e: { stdout: string; code: number }) => e,
    );
    rmSync(dir, { recursive: true });
    expect(bad).toMatchObject({ code: 1, stdout: 'checkpoint 2: root is not the tree of the entries so far\n' });
  });

  it('proves one entry is in a signed checkpoint with an RFC 6962 audit path; 404 for an unknown entry, 404 with Retry-After before it is sequenced', async () => {
    const { tenantId, admin, recs } = await sealedTenant();
    const pub = (await api.call('GET', '/v1/audit/public-key', { key: admin })).body;
    for (const rec of recs) {
      const res = await api.call('GET', `/v1/audit/entries/${rec.id}/proof`, { key: admin });
      expect(res.status).toBe(200);
      const p = res.body;
      expect(p).toMatchObject({
        entry_id: rec.id,
        entry_hash: recordHash(rec),
        tree_size: recs.length,
        checkpoint: { number: 1 },
      });
      expect(p.sequence).toBe(p.leaf_index + 1);
      expect(verifyInclusion(recordHash(rec), p.leaf_index, p.tree_size, p.audit_path, p.checkpoint.root)).toBe(true);
      expect(parseCheckpointBody(splitNote(p.checkpoint.note)!.body)).toEqual({
        origin: pub.origin,
        size: p.tree_size,
        root: p.checkpoint.root,
      });
      expect(noteSignedBy(p.checkpoint.note, parseVerifierKey(pub.verifier_key)!)).toBe(true);
      // The proof is for this entry only: another entry's hash does not verify on it.
      const other = recs.find((r) => r.id !== rec.id)!;
      expect(verifyInclusion(recordHash(other), p.leaf_index, p.tree_size, p.audit_path, p.checkpoint.root)).toBe(
        false,
      );
    }
    const unknown = await api.call('GET', '/v1/audit/entries/0192f5a0-0000-7000-8000-000000000000/proof', {
      key: admin,
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 1402 } } });
    await api.call('PUT', `/v1/tenants/${tenantId}`, { key: admin, body: { name: 'unsealed' } });
    const newest = (await records(tenantId))
      .map((r) => r.id as string)
      .sort()
      .at(-1)!;
    const pending = await api.call('GET', `/v1/audit/entries/${newest}/proof`, { key: admin });
    expect(pending).toMatchObject({
      status: 404,
      body: { error: { code: 1402, details: { retry_after_seconds: expect.any(Number) } } },
    });
    expect(Number(pending.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another tenant cannot read the proof of this tenant's entry.
    const other = await createTenantWithAdmin(api);
    expect((await api.call('GET', `/v1/audit/entries/${recs[0]!.id}/proof`, { key: other.admin })).status).toBe(404);
    expect((await api.call('GET', '/v1/audit/entries/not-a-uuid/proof', { key: admin })).status).toBe(400);
  });
});
