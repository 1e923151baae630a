/** The logger lives in shared/logger.ts, below every layer (adapters log too); re-exported here for the app code. */
export { logger, readableLine, useReadableLogs } from '../logger.js';
