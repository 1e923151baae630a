import * as esbuild from 'esbuild';
import { bundleFunction, type RuntimeFile } from '../lib/function-bundle.js';

/**
 * One function's bundle (lib/function-bundle.ts): what CDK's bundling step runs, locally in a child process or in
 * the Lambda build image (Docker) with the repository mounted. Usage:
 * tsx scripts/bundle-function.ts <entry> <outdir> ['<files as JSON>']
 */
const [entry, outdir, files] = process.argv.slice(2);
if (!entry || !outdir) throw new Error('usage: tsx scripts/bundle-function.ts <entry> <outdir> [files-json]');
await bundleFunction(esbuild, entry, outdir, files ? (JSON.parse(files) as RuntimeFile[]) : []);
