import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { apiHandlers } from '../../functions/index.js';
import { portInUse, StartupError } from '../../shared/adapters/local/dynamodb-local.js';
import { createLocalApiServer } from '../http-server.js';
import type { Runtime } from './runtime.js';

export const portTaken = (port: number) =>
  new StartupError(
    `port ${port} is already in use: stop whatever listens there or choose another port (--port or PORT)`,
  );

/** Checked before anything starts: a start that cannot succeed must not leave a java process behind. */
export async function checkPortFree(port: number, host: string): Promise<void> {
  if (port !== 0 && (await portInUse(port, host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host)))
    throw portTaken(port);
}

/** The URL a person or a client uses (localhost for the loopback and wildcard addresses). */
export function publicUrl(host: string, port: number): string {
  const loopback = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host);
  return `http://${loopback ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        e.code === 'EADDRINUSE' ? portTaken(port) : new StartupError(`cannot listen on ${host}:${port}: ${e.message}`),
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  return (server.address() as AddressInfo).port;
}

/** The API over HTTP through the same family handlers as API Gateway. */
export async function startServer(
  rt: Runtime,
  o: { port: number; host: string; ports: Record<string, unknown> },
): Promise<{ server: http.Server; port: number; baseUrl: string }> {
  const server = createLocalApiServer({ routes: ALL_ROUTES, handlerFor: apiHandlers(o.ports) });
  rt.onStop('server', () => {
    if (server.listening) server.close();
  });
  const port = await listen(server, o.port, o.host);
  const baseUrl = publicUrl(o.host, port);
  rt.log(`server: listening on ${o.host}:${port} (${baseUrl})`);
  return { server, port, baseUrl };
}
