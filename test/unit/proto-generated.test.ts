import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/* The committed TypeScript of proto/signer/v1/signer.proto is what `npm run proto:generate` makes now. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GENERATED = 'shared/gen/signer/v1/signer_pb.ts';

describe('generated protobuf code', () => {
  it(`${GENERATED} is up to date with the .proto (run npm run proto:generate)`, async () => {
    const out = await mkdtemp(join(tmpdir(), 'proto-gen-'));
    try {
      const bin = join(ROOT, 'node_modules/.bin');
      execFileSync(join(bin, 'buf'), ['generate', '--output', out], {
        cwd: ROOT,
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
        stdio: 'pipe',
      });
      expect(await readFile(join(out, GENERATED), 'utf8')).toBe(await readFile(join(ROOT, GENERATED), 'utf8'));
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
