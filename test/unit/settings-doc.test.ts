import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS_DOC, docWithSettings } from '../../scripts/render-settings.js';
import { ConfigError, readConfig, settingSchemas } from '../../shared/config.js';

describe('settings', () => {
  it('are all listed in docs/settings.md, as shared/config.ts declares them (npm run docs:settings)', () => {
    const readme = readFileSync(SETTINGS_DOC, 'utf8');
    expect(docWithSettings(readme)).toBe(readme);
    for (const name of Object.keys(settingSchemas())) expect(readme).toContain(`\`${name}\``);
  });

  it('stop the start with a message naming a bad setting', () => {
    expect(() => readConfig({ CUSTODY_CHAIN_ID: 'abc' })).toThrow(ConfigError);
    expect(() => readConfig({ CUSTODY_CHAIN_ID: 'abc' })).toThrow(/CUSTODY_CHAIN_ID/);
    expect(() => readConfig({ CUSTODY_SCREENING_PROVIDER: 'http' })).toThrow(/CUSTODY_SCREENING_URL/);
    expect(readConfig({}).CUSTODY_CONFIRMATION_DEPTH).toBe(12);
    expect(readConfig({}).CUSTODY_CHAIN_ID).toBe(20803);
  });

  it('build the schema of a variable that is set, and of no other (an empty variable is unset)', () => {
    const table = settingSchemas() as Record<string, { schema: () => unknown; unset: unknown }>;
    const saved = Object.entries(table).map(([name, s]) => [name, s.schema] as const);
    const built: string[] = [];
    for (const [name, schema] of saved) table[name]!.schema = () => (built.push(name), schema());
    try {
      const cfg = readConfig({ CUSTODY_CHAIN_ID: '7', CUSTODY_ENV: '', CUSTODY_PQ_CONTEXT: '' });
      expect(built.sort()).toEqual(['CUSTODY_CHAIN_ID', 'CUSTODY_PQ_CONTEXT']);
      expect(cfg.CUSTODY_CHAIN_ID).toBe(7);
      expect(cfg.CUSTODY_ENV).toBe('local');
    } finally {
      for (const [name, schema] of saved) table[name]!.schema = schema;
    }
  });

  it('take, when unset, a value their own schema accepts as it is', () => {
    for (const [name, { schema, unset }] of Object.entries(settingSchemas())) {
      if (unset === undefined) continue;
      const raw = Array.isArray(unset) ? unset.join(',') : String(unset);
      expect((schema() as { parse: (v: unknown) => unknown }).parse(raw), name).toEqual(unset);
    }
  });
});
