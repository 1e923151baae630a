import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one structured JSON logger. Never pass it a secret or an Authorization header. Its level is applied by the
 * composition root (`services()`) when the configuration is read, so importing this module reads no setting.
 */
export const logger = new Logger({ serviceName: 'custody' });
