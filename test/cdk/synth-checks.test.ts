import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { checkRoutes } from '../../lib/api-construct.js';
import { createCustodyApp } from '../../lib/custody-app.js';
import { deploySettings, DeploySettingsError } from '../../lib/deploy-settings.js';
import type { RouteDef } from '../../shared/http/route.js';
import { cdkJsonContext, TEST_ENV } from './synth.js';

/* What fails the synth before anything is built: bad settings in context, and a route table API Gateway would refuse. */
describe('deploy settings from context', () => {
  it('pass only the given settings through, as strings, and validate them with the defaults filled in', () => {
    const s = deploySettings({
      'custody:CUSTODY_CHAIN_ID': 7,
      'custody:CUSTODY_NODE_BACKUP_RPC_URLS': ['https://a.example', 'https://b.example'],
      other: 'x',
    });
    expect(s.environment).toEqual({
      CUSTODY_CHAIN_ID: '7',
      CUSTODY_NODE_BACKUP_RPC_URLS: 'https://a.example,https://b.example',
    });
    expect(s.config.CUSTODY_CHAIN_ID).toBe(7);
    expect(s.config.CUSTODY_NODE_BACKUP_RPC_URLS).toEqual(['https://a.example', 'https://b.example']);
    expect(s.config.CUSTODY_ENV).toBe('production');
    expect(s.config.CUSTODY_MAX_RECEIVES).toBe(5);
  });

  it('a bad value fails naming the setting', () => {
    expect(() => deploySettings({ 'custody:CUSTODY_CHAIN_ID': 'abc' })).toThrow(/CUSTODY_CHAIN_ID/);
    expect(() => deploySettings({ 'custody:CUSTODY_NODE_RPC_URL': 'not a url' })).toThrow(/CUSTODY_NODE_RPC_URL/);
    expect(() => deploySettings({ 'custody:CUSTODY_MAX_RECEIVES': '0' })).toThrow(DeploySettingsError);
  });

  it('an unknown setting fails instead of being ignored', () => {
    expect(() => deploySettings({ 'custody:CUSTODY_NODE_RPC': 'https://x.example' })).toThrow(
      /unknown setting.*CUSTODY_NODE_RPC/,
    );
  });

  it('a setting the stack owns cannot be given', () => {
    expect(() => deploySettings({ 'custody:CUSTODY_TABLE_NAME': 'mine' })).toThrow(/set by the stack/);
    expect(() => deploySettings({ 'custody:CUSTODY_ENV': 'local' })).toThrow(/set by the stack/);
  });

  it('a secret given as context is reported so the stack can warn', () => {
    expect(deploySettings({ 'custody:CUSTODY_SIGNER_TOKEN': 't0ken' }).secretsGiven).toEqual(['CUSTODY_SIGNER_TOKEN']);
    const grpc = {
      'custody:CUSTODY_SIGNER_TYPE': 'grpc',
      'custody:CUSTODY_SIGNER_GRPC_URL': 'https://signer.internal:8701',
      'custody:CUSTODY_SIGNER_TLS_CERT': '-----BEGIN CERTIFICATE-----',
    };
    expect(
      deploySettings({ ...grpc, 'custody:CUSTODY_SIGNER_TLS_KEY': '-----BEGIN PRIVATE KEY-----' }).secretsGiven,
    ).toEqual(['CUSTODY_SIGNER_TLS_KEY']);
    expect(
      deploySettings({
        ...grpc,
        'custody:CUSTODY_SIGNER_TLS_KEY': 'arn:aws:secretsmanager:us-east-1:123456789012:secret:signer-key-AbCdEf',
      }).secretsGiven,
    ).toEqual([]);
  });

  it('the app refuses a bad setting and a bad removalPolicy before building anything', () => {
    const context = { ...cdkJsonContext(), ...TEST_ENV };
    expect(() =>
      createCustodyApp({ bundling: 'none', context: { ...context, 'custody:CUSTODY_PQ_ALGORITHM': 'RSA' } }),
    ).toThrow(/CUSTODY_PQ_ALGORITHM/);
    expect(() => createCustodyApp({ bundling: 'none', context: { ...context, removalPolicy: 'keep' } })).toThrow(
      /removalPolicy/,
    );
  });
});

describe('route table checks', () => {
  const route = (method: RouteDef['method'], path: string, family: RouteDef['family'] = 'tenants'): RouteDef => ({
    operationId: `${method}${path}`,
    family,
    method,
    path,
    summary: 's',
    tag: 't',
    auth: 'credential',
    success: { status: 200, schema: () => z.object({}) },
  });
  const fns = { tenants: {}, credentials: {} };

  it('accepts variables with the same name under one parent', () => {
    expect(() =>
      checkRoutes(
        [route('GET', '/v1/tenants/{id}'), route('POST', '/v1/tenants/{id}/suspend'), route('GET', '/v1/tenants')],
        fns,
      ),
    ).not.toThrow();
  });

  it('refuses two different variables under one parent (API Gateway would reject the deploy)', () => {
    expect(() =>
      checkRoutes([route('GET', '/v1/tenants/{id}'), route('DELETE', '/v1/tenants/{tenantId}')], fns),
    ).toThrow(/two different variables/);
  });

  it('refuses a route declared twice', () => {
    expect(() => checkRoutes([route('GET', '/v1/tenants'), route('GET', '/v1/tenants')], fns)).toThrow(
      /declared twice/,
    );
  });

  it('refuses a path served by two families (its 405 answer comes from one function)', () => {
    expect(() => checkRoutes([route('GET', '/v1/tenants'), route('POST', '/v1/tenants', 'credentials')], fns)).toThrow(
      /one path, one function/,
    );
  });

  it('refuses a route whose family has no function', () => {
    expect(() => checkRoutes([route('GET', '/v1/vaults', 'vaults')], fns)).toThrow(/family 'vaults'.*API_FUNCTIONS/);
  });
});
