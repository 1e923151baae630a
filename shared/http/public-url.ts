import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Config } from '../config.js';

/**
 * The API's base URL as a browser reaches it, for redirect URIs and the service's own origin: `CUSTODY_PUBLIC_URL`
 * when set; on AWS, API Gateway's domain name and stage (both set by API Gateway, not by the client); in the local
 * stack (stage `local`), the Host header of the request over plain HTTP.
 */
export function publicBaseUrl(
  cfg: Pick<Config, 'CUSTODY_PUBLIC_URL'>,
  event: Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>,
): string {
  if (cfg.CUSTODY_PUBLIC_URL) return cfg.CUSTODY_PUBLIC_URL;
  const rc = event.requestContext;
  if (rc?.stage && rc.stage !== 'local' && rc.domainName) return `https://${rc.domainName}/${rc.stage}`;
  const host = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'host')?.[1];
  return `http://${host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : 'localhost'}`;
}
