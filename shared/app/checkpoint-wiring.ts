import { makeCheckpointSigner } from '../composition/checkpoint-signer.js';
import { provide } from './services.js';

/** Installs the checkpoint signer for the functions not yet given their deps explicitly (shared/composition/checkpoint-signer.ts). */
provide('checkpointSigner', makeCheckpointSigner);
