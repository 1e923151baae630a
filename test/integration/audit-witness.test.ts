import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetConfig } from '../../shared/config.js';
import { services } from '../../shared/composition/standalone.js';
import { DynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store.js';
import { keys } from '../../shared/store/keys.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { storedEntry } from '../../shared/domain/audit/audit-record.js';
import { cosignatureValid, parseVerifierKey, splitNote } from '../../shared/domain/audit/checkpoints.js';
import { sequenceRecords } from '../../shared/domain/audit/sequencer.js';
import { witnessKey, witnessOnce, type WitnessConfig } from '../../tools/witness/witness.js';
import { createTenantWithAdmin, startTestApi, type TestApi } from '../support/local-api.js';
import { audited } from '../support/audited.js';

/**
 * The reference witness (tools/witness) against the service on DynamoDB Local: it cosigns checkpoints the log proves
 * consistent, the service serves its cosignature in the note, and a rollback done in the table (the newest checkpoint
 * deleted with its records) that verification alone cannot see is refused by the witness that saw it.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'witness-'));
const keyFile = path.join(dir, 'witness.key');
writeFileSync(keyFile, `${'11'.repeat(32)}\n`);
const witness = witnessKey(keyFile, 'witness.example');
let api: TestApi;
beforeAll(async () => {
  process.env.CUSTODY_AUDIT_WITNESS_KEYS = witness.verifierKey;
  resetConfig();
  api = await startTestApi();
});
afterAll(async () => api?.close());

const store = () => services().store as DynamoDbStore;
const attacker = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: store().client.config.region,
      endpoint: store().client.config.endpoint,
      credentials: store().client.config.credentials,
    }),
  );
const records = async (tenantId: string) =>
  (await store().query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit: 500, consistent: true })).items;
const seal = async (tenantId: string) =>
  sequenceRecords(
    audited(store()),
    services().checkpointSigner,
    tenantId,
    (await records(tenantId)).map((i) => String(i.sk).slice(4)),
    () => new Date(),
  );

describe('witness', () => {
  it('cosigns consistent checkpoints, and refuses the log after its newest checkpoint was deleted with its records', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const credential = `${admin.keyId}:${admin.secret}`;
    const logKey = (await api.call('GET', '/v1/audit/public-key', { key: admin })).body.verifier_key as string;
    const cfg: WitnessConfig = {
      url: api.baseUrl,
      credential,
      logKey,
      name: 'witness.example',
      keyFile,
      stateFile: path.join(dir, `${tenant.id}.json`),
    };
    const note = async () =>
      (
        await fetch(`${api.baseUrl}/v1/audit/checkpoint`, { headers: { Authorization: `Bearer ${credential}` } })
      ).text();

    expect(await witnessOnce(cfg)).toEqual({ cosigned: false, reason: 'the log answered 404 for its checkpoint' });
    await seal(tenant.id);
    expect(await witnessOnce(cfg)).toMatchObject({ cosigned: true, number: 1 });
    // The note now carries the witness's cosignature, which verifies over its body with the witness key.
    const one = splitNote(await note())!;
    expect(one.signatures).toHaveLength(2);
    expect(cosignatureValid(one.body, one.signatures[1]!.line, parseVerifierKey(witness.verifierKey)!)).toBeTruthy();

    await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { name: 'renamed' } });
    await seal(tenant.id);
    expect(await witnessOnce(cfg)).toMatchObject({ cosigned: true, number: 2 });
    const seen = JSON.parse(readFileSync(cfg.stateFile, 'utf8'))[`custody.local/audit/${tenant.id}`];

    // The insider: deletes checkpoint 2 and its record, and puts the tenant's audit_hash back.
    const db = attacker();
    const table = store().tableName;
    const cp2 = (await db.send(new GetCommand({ TableName: table, Key: keys.auditCheckpoint(tenant.id, 2) }))).Item!;
    const rec = (await records(tenant.id)).find((i) => i.hash === cp2.entries[0].hash)!;
    await db.send(new DeleteCommand({ TableName: table, Key: keys.auditCheckpoint(tenant.id, 2) }));
    await db.send(new DeleteCommand({ TableName: table, Key: { pk: rec.pk, sk: rec.sk } }));
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.tenant(tenant.id),
        UpdateExpression: 'SET audit_hash = :h',
        ExpressionAttributeValues: { ':h': storedEntry(rec) && rec.previous_hash },
      }),
    );
    // Verification from the table alone sees nothing wrong: nothing in the table remembers checkpoint 2.
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body).toMatchObject({ valid: true });
    const refused = await witnessOnce(cfg);
    expect(refused).toEqual({
      cosigned: false,
      reason: `the log's tree (${seen.size - 1}) is smaller than the tree ${seen.size} this witness cosigned: rolled back`,
    });

    // The log grows again past the size the witness saw, with other content: not consistent with what it cosigned.
    for (const name of ['a', 'b']) await api.call('PUT', `/v1/tenants/${tenant.id}`, { key: admin, body: { name } });
    await seal(tenant.id);
    const forked = await witnessOnce(cfg);
    expect(forked).toMatchObject({
      cosigned: false,
      reason: expect.stringMatching(/is not consistent with the tree \d+ this witness cosigned: forked or rewritten$/),
    });
    expect(JSON.parse(readFileSync(cfg.stateFile, 'utf8'))[`custody.local/audit/${tenant.id}`]).toEqual(seen); // its state stays
  });

  it('accepts only cosignatures that verify with a configured witness key', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    await seal(tenant.id);
    const otherKey = path.join(dir, 'other.key');
    const credential = `${admin.keyId}:${admin.secret}`;
    const logKey = (await api.call('GET', '/v1/audit/public-key', { key: admin })).body.verifier_key as string;
    const stranger = await witnessOnce({
      url: api.baseUrl,
      credential,
      logKey,
      name: 'stranger.example',
      keyFile: otherKey,
      stateFile: path.join(dir, 'stranger.json'),
    });
    expect(stranger).toMatchObject({ cosigned: false, reason: expect.stringContaining('(400)') });
    const post = (cosignature: string, n = 1) =>
      api.call('POST', `/v1/audit/checkpoints/${n}/cosignatures`, { key: admin, body: { cosignature } });
    expect(await post('not a line')).toMatchObject({ status: 400, body: { error: { code: 1100 } } });
    // A line by the configured witness over another body does not verify.
    const sig = Buffer.concat([witness.id, Buffer.alloc(8), Buffer.alloc(3309)]).toString('base64');
    expect(await post(`\u2014 witness.example ${sig}`)).toMatchObject({ status: 400, body: { error: { code: 1100 } } });
    expect((await post(`\u2014 witness.example ${sig}`, 9)).status).toBe(404);
    expect((await api.call('GET', '/v1/audit/checkpoint', { key: admin })).status).toBe(200);
  });
});
