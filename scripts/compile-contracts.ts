import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import type { TokenTemplateId } from '../shared/domain/tokens/templates.js';

/**
 * Compiles the token templates (contracts/*.sol on the pinned @openzeppelin/contracts) with the pinned `solc` npm
 * package through its standard JSON interface, and writes one artifact per template to contracts/artifacts/<id>.json
 * (ABI, init bytecode, runtime bytecode, compiler version, settings) and the module calls.ts bundles
 * (shared/domain/tokens/template-code.ts). The settings are fixed here, so the same sources always give the same
 * bytes; test/unit/token-contract-artifacts.test.ts recompiles and compares both.
 *
 * Imports resolve from the repository (`contracts/...`) and from node_modules (`@openzeppelin/...`), nothing else.
 * evmVersion is the development chain's hardfork (Cancun, tools/dev-chain/chain-state.ts).
 *
 *   npm run contracts:build            (writes the artifacts)
 *   npm run contracts:build -- --check (exit 1 when an artifact differs from a fresh build)
 */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'contracts', 'artifacts');

export const TEMPLATE_CONTRACTS: Record<TokenTemplateId, { source: string; contract: string }> = {
  ERC20: { source: 'contracts/CustodyToken.sol', contract: 'CustodyToken' },
  ERC20_PERMISSIONED: { source: 'contracts/PermissionedCustodyToken.sol', contract: 'PermissionedCustodyToken' },
};

export const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'ipfs' },
} as const;

export type ContractArtifact = {
  template: TokenTemplateId;
  contractName: string;
  sourceName: string;
  compiler: { name: 'solc'; version: string };
  settings: typeof COMPILER_SETTINGS;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
};

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

/** Reads an imported file: repository sources under contracts/, packages from node_modules; nothing else. */
function readImport(unit: string): { contents: string } | { error: string } {
  const normal = path.posix.normalize(unit);
  if (normal !== unit || normal.startsWith('..') || path.isAbsolute(normal))
    return { error: `refused import path ${unit}` };
  const file = normal.startsWith('contracts/')
    ? path.join(REPO_ROOT, normal)
    : normal.startsWith('@openzeppelin/')
      ? path.join(REPO_ROOT, 'node_modules', normal)
      : null;
  if (!file) return { error: `imports resolve only from contracts/ and @openzeppelin/: ${unit}` };
  try {
    return { contents: readFileSync(file, 'utf8') };
  } catch (e) {
    return { error: `cannot read ${unit}: ${(e as Error).message}` };
  }
}

/** Compiles every template; throws with the compiler's messages on any error. */
export function compileContracts(): Record<TokenTemplateId, ContractArtifact> {
  const templates = Object.entries(TEMPLATE_CONTRACTS) as [TokenTemplateId, { source: string; contract: string }][];
  const sources = Object.fromEntries(
    templates.map(([, t]) => [t.source, { content: readFileSync(path.join(REPO_ROOT, t.source), 'utf8') }]),
  );
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      ...COMPILER_SETTINGS,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as SolcOutput;
  // Warnings fail the build too: a template ships only what compiles clean.
  const errors = (output.errors ?? []).filter((e) => e.severity !== 'info');
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const version = solc.version() as string;
  return Object.fromEntries(
    templates.map(([id, t]) => {
      const c = output.contracts?.[t.source]?.[t.contract];
      if (!c) throw new Error(`solc produced no ${t.contract} in ${t.source}`);
      const artifact: ContractArtifact = {
        template: id,
        contractName: t.contract,
        sourceName: t.source,
        compiler: { name: 'solc', version },
        settings: COMPILER_SETTINGS,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
      return [id, artifact];
    }),
  ) as Record<TokenTemplateId, ContractArtifact>;
}

export const artifactFile = (id: TokenTemplateId) => path.join(ARTIFACTS_DIR, `${id}.json`);
export const renderArtifact = (a: ContractArtifact) => `${JSON.stringify(a, null, 2)}\n`;

/**
 * What calls.ts bundles, as separate named constants (ABI without `internalType`, init code), so a bundler keeps only
 * those a function uses: a function that decodes reverts does not carry the init code. (A JSON import cannot be
 * tree-shaken: it comes whole.)
 */
export const CODE_MODULE = path.join(REPO_ROOT, 'shared', 'domain', 'tokens', 'template-code.ts');
export function renderCodeModule(artifacts: Record<TokenTemplateId, ContractArtifact>): string {
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(strip)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k]) => k !== 'internalType')
              .map(([k, x]) => [k, strip(x)]),
          )
        : v;
  const lines = [
    `// Generated by \`npm run contracts:build\` (scripts/compile-contracts.ts) from contracts/*.sol: do not edit.`,
    `// The ABI (without internalType) and init code of each template, as in contracts/artifacts/<template>.json.`,
    `import type { Abi } from 'viem';`,
    '',
  ];
  for (const [id, a] of Object.entries(artifacts) as [TokenTemplateId, ContractArtifact][]) {
    lines.push(`export const ${id}_ABI: Abi = ${JSON.stringify(strip(a.abi))};`, '');
    lines.push(`export const ${id}_INIT_CODE = '${a.bytecode}' as const;`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Every file the build writes, with its content. */
export function buildOutputs(): { file: string; content: string }[] {
  const artifacts = compileContracts();
  return [
    ...(Object.values(artifacts) as ContractArtifact[]).map((a) => ({
      file: artifactFile(a.template),
      content: renderArtifact(a),
    })),
    { file: CODE_MODULE, content: renderCodeModule(artifacts) },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  for (const { file, content } of buildOutputs()) {
    const name = path.relative(REPO_ROOT, file);
    if (check) {
      let current = '';
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        /* missing counts as stale */
      }
      if (current !== content) {
        console.error(`${name} is stale: run npm run contracts:build`);
        process.exitCode = 1;
      }
    } else {
      writeFileSync(file, content);
      console.log(`wrote ${name}`);
    }
  }
}
