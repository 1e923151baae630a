import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '../config.js';

/** The one structured JSON logger. Never pass it a secret or an Authorization header. */
export const logger = new Logger({ serviceName: 'custody', logLevel: config().CUSTODY_LOG_LEVEL });
