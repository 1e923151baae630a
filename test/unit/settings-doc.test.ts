import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README, readmeWithSettings } from '../../scripts/render-settings.js';
import { ConfigError, readConfig, settingSchemas } from '../../shared/config.js';

describe('settings', () => {
  it('are all listed in the README, as shared/config.ts declares them (npm run docs:settings)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readmeWithSettings(readme)).toBe(readme);
    for (const name of Object.keys(settingSchemas())) expect(readme).toContain(`\`${name}\``);
  });

  it('stop the start with a message naming a bad setting', () => {
    expect(() => readConfig({ CUSTODY_CHAIN_ID: 'abc' })).toThrow(ConfigError);
    expect(() => readConfig({ CUSTODY_CHAIN_ID: 'abc' })).toThrow(/CUSTODY_CHAIN_ID/);
    expect(() => readConfig({ CUSTODY_SCREENING_PROVIDER: 'http' })).toThrow(/CUSTODY_SCREENING_URL/);
    expect(readConfig({}).CUSTODY_CONFIRMATION_DEPTH).toBe(12);
    expect(readConfig({}).CUSTODY_CHAIN_ID).toBe(20803);
  });
});
