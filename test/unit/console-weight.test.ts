import { describe, expect, it } from 'vitest';
import { consoleWeight, SCRIPT_GZIP_LIMIT } from '../../scripts/console-weight.js';
import { buildConsoleScript } from '../../shared/http/console-page.js';
import { REPO_ROOT } from '../../lib/function-bundle.js';

describe('approver console weight', () => {
  it('keeps the script under 150 KB gzip (npm run console:weight prints the figures)', async () => {
    const weights = await consoleWeight();
    const script = weights.find((w) => w.name.startsWith('script'))!;
    expect(script.gzip).toBeGreaterThan(1000);
    expect(script.gzip).toBeLessThan(SCRIPT_GZIP_LIMIT);
  });

  it('bundles only our own code: no URL of another origin, no eval, no inline-style writes', async () => {
    const code = await buildConsoleScript(REPO_ROOT);
    expect(code).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(code).not.toMatch(/\beval\(|new Function\(|innerHTML|\.style\./);
  });
});
