import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { makeDynamoClient } from '../../shared/adapters/dynamodb/dynamo-client.js';

describe('the DynamoDB client of a local engine', () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume().on('end', () => {
      res.setHeader('content-type', 'application/x-amz-json-1.0');
      res.end('{"TableNames":["t"]}');
    });
  });
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends a fixed header naming the local key and the region, and computes no signature', async () => {
    const client = makeDynamoClient({ CUSTODY_REGION: 'eu-west-1', CUSTODY_DYNAMODB_ENDPOINT: endpoint });
    const out = await client.send(new ListTablesCommand({}));
    expect(out.TableNames).toEqual(['t']);
    await client.send(new ListTablesCommand({ Limit: 5 }));
    expect(seen).toHaveLength(2);
    for (const h of seen) {
      expect(h.authorization).toBe(
        'AWS4-HMAC-SHA256 Credential=local/20000101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      );
      // SigV4 would date the request and sign a hash of its body.
      expect(h['x-amz-date']).toBeUndefined();
      expect(h['x-amz-content-sha256']).toBeUndefined();
    }
  });
});
