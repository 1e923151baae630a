import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { checkEventsAtRuntime } from '../../shared/domain/unit-of-work.js';
import { parseEventData } from '../../shared/domain/events/catalog.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Runs before each test file's imports: points the configuration at DynamoDB Local and a table of the file's own,
 * so files run in parallel without seeing each other's data. The table is created lazily by test helpers.
 */
process.env.CUSTODY_DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.CUSTODY_TABLE_NAME = `test_${randomBytes(6).toString('hex')}`;
process.env.CUSTODY_LOG_LEVEL ??= 'SILENT';
// Metrics go to stdout as EMF documents on AWS; tests that check them turn them on (test/unit/metrics.test.ts).
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// The local key provider's master key (list cursors): one for the test run, outside the repository.
process.env.CUSTODY_LOCAL_KEY_FILE ??= join(tmpdir(), `custody-test-keys-${process.getuid?.() ?? 0}`, 'master.key');
process.env.CUSTODY_RATE_LIMIT_ENABLED ??= 'false';
process.env.CUSTODY_SCREENING_PROVIDER ??= 'builtin';

// Every staged outbox event is parsed against its schema in the event catalog (off in production).
checkEventsAtRuntime(parseEventData);
