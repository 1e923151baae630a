import path from 'node:path';
import { StartupError, startDynamoDbLocal, type DynamoDbLocal } from '../../shared/adapters/local/dynamodb-local.js';
import type { Runtime } from './runtime.js';

/** DynamoDB Local, in memory or with its data in `<dataDir>/dynamodb`; java never outlives node (see the watchdog). */
export async function startStore(
  rt: Runtime,
  o: { port?: number; inMemory: boolean; dataDir: string; onFatal?: (e: Error) => void },
): Promise<DynamoDbLocal> {
  const ddb = await startDynamoDbLocal({
    port: o.port,
    inMemory: o.inMemory,
    dataDir: path.join(o.dataDir, 'dynamodb'),
  });
  const killJava = () => {
    if (ddb.process.exitCode === null) ddb.process.kill('SIGKILL');
  };
  process.on('exit', killJava); // no orphan java, even when node exits without stopping the stack
  rt.onStop('DynamoDB Local', async () => {
    await ddb.stop();
    process.off('exit', killJava);
  });
  rt.log(
    `store: DynamoDB Local (java pid ${ddb.process.pid}) at ${ddb.endpoint}, ${o.inMemory ? 'in memory' : `data in ${path.join(o.dataDir, 'dynamodb')}`}`,
  );
  ddb.process.once('exit', (code) => {
    if (!rt.stopping) o.onFatal?.(new StartupError(`DynamoDB Local exited unexpectedly (code ${code})`));
  });
  return ddb;
}
