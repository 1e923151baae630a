import http2 from 'node:http2';
import type { Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { Signer as SignerService } from '../../shared/gen/signer/v1/signer_pb.js';
import { AlgorithmMismatchError, isAlgorithm, UnknownKeyError, type KeyStore } from './key-store.js';
import { receiptRefusal } from './http-api.js';
import type { PolicyKey } from './receipt-check.js';

/**
 * The reference signer's gRPC transport: `signer.v1.Signer` (proto/signer/v1/signer.proto) on an HTTP/2 TLS server
 * that requires a client certificate issued by the given CA (mutual TLS: a client without one, or with one from
 * another CA, fails the handshake and never reaches a handler). The certificate is the credential: no token.
 *   GenerateKey -> {key_ref, public_key (bytes), algorithm}
 *   Sign        -> {signature (bytes)}; unknown key_ref NOT_FOUND; bad digest, context or algorithm INVALID_ARGUMENT;
 *                  with policy keys configured, a refused receipt is FAILED_PRECONDITION "receipt_invalid: <why>"
 *   Health      -> {status: "ok"}
 */
export type ServerTls = { ca: string; cert: string; key: string };
export type GrpcSignerServer = { url: string; port: number; close: () => Promise<void> };

function routes(keys: KeyStore, policyKeys: readonly PolicyKey[] | undefined, now: (() => Date) | undefined) {
  return (router: ConnectRouter) =>
    router.service(SignerService, {
      async generateKey(req) {
        if (!isAlgorithm(req.algorithm))
          throw new ConnectError('algorithm must be ML-DSA-44, ML-DSA-65 or ML-DSA-87', Code.InvalidArgument);
        const owner = {
          tenant_id: req.tenantId.slice(0, 64) || null,
          vault_id: req.vaultId.slice(0, 64) || null,
          label: req.label.slice(0, 256) || null,
        };
        const { keyRef, publicKey } = await keys.createKey(req.algorithm, owner);
        return { keyRef, publicKey: Buffer.from(publicKey.slice(2), 'hex'), algorithm: req.algorithm };
      },
      async sign(req) {
        if (req.digest.length !== 32) throw new ConnectError('digest must be 32 bytes', Code.InvalidArgument);
        const context = Buffer.from(req.context, 'utf8');
        if (context.length > 255) throw new ConnectError('context must be at most 255 bytes', Code.InvalidArgument);
        if (req.algorithm !== '' && !isAlgorithm(req.algorithm))
          throw new ConnectError('algorithm must be ML-DSA-44, ML-DSA-65 or ML-DSA-87', Code.InvalidArgument);
        try {
          const receipt = req.receipt && {
            payload: req.receipt.payload,
            key_id: req.receipt.keyId,
            algorithm: req.receipt.algorithm,
            signature: `0x${Buffer.from(req.receipt.signature).toString('hex')}`,
          };
          const refusal = await receiptRefusal(
            keys,
            policyKeys,
            { keyRef: req.keyRef, digest: req.digest, unsignedTx: req.unsignedTx, receipt },
            now,
          );
          if (refusal) throw new ConnectError(`receipt_invalid: ${refusal}`, Code.FailedPrecondition);
          const signature = await keys.sign(
            req.keyRef,
            req.digest,
            context,
            req.algorithm === '' ? undefined : req.algorithm,
          );
          return { signature: Buffer.from(signature.slice(2), 'hex') };
        } catch (e) {
          if (e instanceof UnknownKeyError)
            throw new ConnectError('this signer holds no key with this key_ref', Code.NotFound);
          if (e instanceof AlgorithmMismatchError) throw new ConnectError(e.message, Code.InvalidArgument);
          throw e;
        }
      },
      async health() {
        return { status: 'ok' };
      },
    });
}

export async function startGrpcSignerServer(opts: {
  keys: KeyStore;
  tls: ServerTls;
  port?: number;
  host?: string;
  policyKeys?: readonly PolicyKey[];
  now?: () => Date;
}): Promise<GrpcSignerServer> {
  const server = http2.createSecureServer(
    {
      ca: opts.tls.ca,
      cert: opts.tls.cert,
      key: opts.tls.key,
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
    connectNodeAdapter({
      routes: routes(opts.keys, opts.policyKeys, opts.now),
      grpc: true,
      connect: false,
      grpcWeb: false,
    }),
  );
  const sessions = new Set<Http2Session>();
  server.on('session', (s: Http2Session) => {
    sessions.add(s);
    s.once('close', () => sessions.delete(s));
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sessions) s.destroy();
      }),
  };
}
