import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOutputs, REPO_ROOT } from '../../scripts/compile-contracts.js';
import { TOKEN_TEMPLATES } from '../../shared/domain/tokens/templates.js';

/**
 * The committed build outputs are what the sources compile to: a fresh solc build gives the artifacts
 * (contracts/artifacts/<template>.json) and the module calls.ts bundles (template-code.ts) byte for byte.
 */
describe('token contract artifacts', () => {
  it('are exactly what `npm run contracts:build` writes from contracts/*.sol (no drift)', () => {
    const outputs = buildOutputs();
    expect(outputs.map((o) => path.relative(REPO_ROOT, o.file)).sort()).toEqual(
      [
        ...TOKEN_TEMPLATES.map((t) => `contracts/artifacts/${t.id}.json`),
        'shared/domain/tokens/template-code.ts',
      ].sort(),
    );
    for (const { file, content } of outputs) {
      expect(
        readFileSync(file, 'utf8'),
        `${path.relative(REPO_ROOT, file)} is stale: run npm run contracts:build`,
      ).toBe(content);
    }
  });

  it('record the pinned compiler and the fixed settings (Cancun, the dev chain’s hardfork; optimizer 200 runs)', async () => {
    const artifact = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'contracts/artifacts/ERC20_PERMISSIONED.json'), 'utf8'),
    );
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(artifact.compiler.version.startsWith(`${pkg.devDependencies.solc}+commit.`)).toBe(true);
    expect(artifact.settings).toEqual({
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      metadata: { bytecodeHash: 'ipfs' },
    });
    expect(artifact.bytecode).toMatch(/^0x[0-9a-f]+$/);
  });
});
