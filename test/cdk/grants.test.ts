import { beforeAll, describe, expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../functions/index.js';
import { BACKGROUND_FUNCTIONS, constructId } from '../../shared/background/manifest.js';
import { GRANTS, PORT_GRANTS, type Grant } from '../../shared/composition/grants.js';
import { REPO_ROOT } from '../../local/functions.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Family } from '../../shared/http/route.js';
import { actionsOf, idsOf, resourceId, roleOf, roleStatements, synth, type CfnResource } from './synth.js';

/**
 * Each function's role holds exactly what its declaration grants (shared/composition/grants.ts): the grants are read
 * back from the synthesized IAM statements, not from the code that writes them.
 */
const SIGNER_TOKEN_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:custody/signer-token-AbCdEf';

let resources: Record<string, CfnResource>;
beforeAll(() => {
  ({ resources } = synth({
    context: {
      'custody:CUSTODY_NODE_RPC_URL': 'https://rpc.example.org',
      'custody:CUSTODY_CHAIN_ID': 7,
      'custody:CUSTODY_SIGNER_TOKEN_SECRET_ARN': SIGNER_TOKEN_ARN,
    },
  }));
});

/** The grants a role's statements amount to. */
function grantsHeld(functionId: string): Grant[] {
  const keyArn = (path: string) =>
    JSON.stringify({ 'Fn::GetAtt': [resourceId(resources, 'AWS::KMS::Key', path), 'Arn'] });
  const statements = roleStatements(resources, roleOf(resources, functionId));
  const on = (path: string, action: string) =>
    statements.some(
      (s) => actionsOf(s).includes(action) && JSON.stringify(s.Resource).includes(keyArn(path)) && !s.Condition,
    );
  const held: Grant[] = [];
  if (on('MacKey', 'kms:GenerateMac')) held.push('audit-mac');
  if (on('Key', 'kms:Decrypt')) held.push('secrets');
  if (on('AuditKey', 'kms:Sign')) held.push('checkpoint-sign');
  else if (on('AuditKey', 'kms:GetPublicKey')) held.push('checkpoint-public-key');
  if (on('WebhookKey', 'kms:Sign')) held.push('webhook-sign');
  else if (on('WebhookKey', 'kms:GetPublicKey')) held.push('webhook-public-keys');
  if (on('PolicyKey', 'kms:Sign')) held.push('policy-sign');
  else if (on('PolicyKey', 'kms:GetPublicKey')) held.push('policy-public-keys');
  if (
    statements.some(
      (s) =>
        actionsOf(s).includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(SIGNER_TOKEN_ARN),
    )
  )
    held.push('signer-secrets');
  return held.sort();
}

const described = (prefix: string) => {
  const ids = idsOf(resources, 'AWS::Lambda::Function').filter((id) =>
    String(resources[id]!.Properties!.Description).startsWith(prefix),
  );
  expect(ids, prefix).toHaveLength(1);
  return ids[0]!;
};

describe('grants: one declaration per function, read back from the template', () => {
  it('every grant is one the checks below can see', () => {
    expect(Object.keys(GRANTS).sort()).toEqual([
      'audit-mac',
      'checkpoint-public-key',
      'checkpoint-sign',
      'policy-public-keys',
      'policy-sign',
      'secrets',
      'signer-secrets',
      'webhook-public-keys',
      'webhook-sign',
    ]);
  });

  it.each(Object.entries(API_FUNCTIONS) as [Family, NonNullable<(typeof API_FUNCTIONS)[Family]>][])(
    'API function %s holds exactly its grants',
    (family, fn) => {
      expect(grantsHeld(described(`Custody API: ${family} routes`))).toEqual([...fn.grants].sort());
    },
  );

  it.each(BACKGROUND_FUNCTIONS.filter((f) => f.trigger.kind !== 'stream').map((f) => [f.name, f] as const))(
    'background function %s holds exactly its grants',
    (_name, f) => {
      const kind = f.trigger.kind === 'queue' ? 'worker' : 'scheduled';
      expect(grantsHeld(described(`Custody ${kind} ${constructId(f.name)}:`))).toEqual([...f.grants].sort());
    },
  );

  /*
   * The declarations agree with the code: a function's grants are exactly those its entry's ports imply
   * (PORT_GRANTS), so a port without its grant (AccessDenied on AWS) or a grant no port uses fails here.
   */
  const declared = [
    ...Object.values(API_FUNCTIONS).map((f) => [f!.entry, f!.grants] as const),
    ...BACKGROUND_FUNCTIONS.map((f) => [f.entry, f.grants] as const),
  ];
  it.each(declared)("%s declares exactly the grants of its entry's ports", async (entry, grants) => {
    const { ports } = (await import(pathToFileURL(path.resolve(REPO_ROOT, entry)).href)) as { ports: object };
    const implied = Object.keys(ports).flatMap((p) => (PORT_GRANTS[p] ? [PORT_GRANTS[p]] : []));
    expect(implied.sort()).toEqual([...grants].sort());
  });

  it('the stream router holds no grant', () => {
    expect(grantsHeld(described('Custody stream router'))).toEqual([]);
  });

  it('only the functions that call the signer may read its secrets', () => {
    const holders = idsOf(resources, 'AWS::Lambda::Function').filter((id) => grantsHeld(id).includes('signer-secrets'));
    expect(holders.map((id) => resources[id]!.Properties!.Description).sort()).toEqual([
      'Custody API: wallets routes',
      'Custody worker TransactionWorker: consumes the transactions queue',
    ]);
  });
});
