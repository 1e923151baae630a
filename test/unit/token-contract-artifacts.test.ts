import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { artifactFile, compileContracts, renderArtifact } from '../../scripts/compile-contracts.js';
import type { TokenTemplateId } from '../../shared/domain/tokens/templates.js';
import { TOKEN_TEMPLATES } from '../../shared/domain/tokens/templates.js';

/** The committed artifacts are what the sources compile to: a fresh solc build matches them byte for byte. */
describe('token contract artifacts', () => {
  it('are exactly what `npm run contracts:build` writes from contracts/*.sol (no drift)', () => {
    const fresh = compileContracts();
    for (const t of TOKEN_TEMPLATES) {
      const committed = readFileSync(artifactFile(t.id), 'utf8');
      expect(committed, `contracts/artifacts/${t.id}.json is stale: run npm run contracts:build`).toBe(renderArtifact(fresh[t.id as TokenTemplateId]));
    }
    expect(Object.keys(fresh).sort()).toEqual(TOKEN_TEMPLATES.map((t) => t.id).sort());
  });
});
