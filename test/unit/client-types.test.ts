import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, renderClientTypes } from '../../scripts/render-client-types.js';

describe('the TypeScript client', () => {
  it('has types generated from the current OpenAPI document (npm run client:generate)', async () => {
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(await renderClientTypes());
  }, 60_000);
});
