import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};

/**
 * Tests and the local stack run on the Node.js of the `node` devDependency (the Lambda runtime's major), whatever
 * Node the machine has: npm puts node_modules/.bin first on the PATH of its scripts and of npx.
 */
describe('the Node.js runtime of npm scripts', () => {
  it('pins the node package to an exact 24.x version, and lets its install script run', () => {
    expect(pkg.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.allowScripts?.node).toBe(true);
  });

  it.runIf(process.env.npm_config_user_agent !== undefined)(
    'runs this test on the pinned Node.js (through npm test or npx)',
    () => {
      expect(process.version).toBe(`v${pkg.devDependencies.node}`);
      expect(process.versions.node.split('.')[0]).toBe('24');
    },
  );
});
