import type { Client, Code } from '@connectrpc/connect';
import type { Http2SessionManager } from '@connectrpc/connect-node';
import { logger } from '../../logger.js';
import { keySizes, toHex, fromHex } from '../../domain/chain/chain-profile-rules.js';
import type { SignerService } from './grpc-transport.js';
import {
  KEY_REF_RE,
  SignerUnavailableError,
  type GenerateKeyRequest,
  type GeneratedKey,
  type SignOutcome,
  type SignRequest,
  type Signer,
} from '../../ports/signer.js';

/**
 * The `grpc` signer: `signer.v1.Signer` (proto/signer/v1/signer.proto) over HTTP/2 with mutual TLS. The service
 * presents its client certificate and trusts only the given CA for the signer's server certificate. The TLS material
 * is read once, at the first call (`tls()`; see tls-material.ts for the forms it takes), and one HTTP/2 session is
 * kept per process. Every call has a deadline (`CUSTODY_SIGNER_TIMEOUT_MS`). gRPC status codes map to
 * `SignOutcome` with `classifyGrpcCode`; key generation failures are `SignerUnavailableError` (503 1500).
 */
export type TlsMaterial = { ca?: string; cert: string; key: string };
export type GrpcSignerOptions = { url: string; tls: () => Promise<TlsMaterial>; timeoutMs: number };

/** What a gRPC error status on `Sign` means (docs/signer.md, "Failures"). */
/**
 * The gRPC stack (grpc-transport.ts), loaded at the first call: the signer's functions carry it, but their cold start
 * does not evaluate it (`npm run bundle-sizes`).
 */
type Transport = typeof import('./grpc-transport.js');
let transport: Transport | undefined;
const loadTransport = async (): Promise<Transport> => (transport ??= await import('./grpc-transport.js'));

/** The gRPC status codes this adapter tells apart (the standard numbering: `Code` of @connectrpc/connect). */
const GRPC = {
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  AlreadyExists: 6,
  FailedPrecondition: 9,
  OutOfRange: 11,
  Unimplemented: 12,
  DataLoss: 15,
} as const;

export function classifyGrpcCode(code: Code): Exclude<SignOutcome['outcome'], 'signed'> {
  switch (code as number) {
    case GRPC.NotFound:
      return 'key_not_held';
    case GRPC.InvalidArgument:
    case GRPC.FailedPrecondition:
    case GRPC.OutOfRange:
    case GRPC.Unimplemented:
    case GRPC.AlreadyExists:
    case GRPC.DataLoss:
      return 'permanent';
    default: // Unavailable, DeadlineExceeded, ResourceExhausted, Aborted, Canceled, Internal, Unknown, Unauthenticated, PermissionDenied
      return 'transient';
  }
}

/** A receipt refusal on gRPC: FAILED_PRECONDITION whose message starts with this (proto/signer/v1/signer.proto). */
export const RECEIPT_INVALID_PREFIX = 'receipt_invalid: ';
const receiptRefusal = (code: Code, message: string) =>
  (code as number) === GRPC.FailedPrecondition && message.startsWith(RECEIPT_INVALID_PREFIX);

export class GrpcSigner implements Signer {
  private client: Promise<Client<typeof SignerService>> | undefined;
  private sessions: Http2SessionManager | undefined;

  constructor(private readonly opts: GrpcSignerOptions) {}

  async generateKey(req: GenerateKeyRequest): Promise<GeneratedKey> {
    let res;
    try {
      const client = await this.connect();
      res = await client.generateKey(
        { algorithm: req.algorithm, tenantId: req.tenantId, vaultId: req.vaultId, label: req.walletLabel ?? '' },
        { timeoutMs: this.opts.timeoutMs },
      );
    } catch (e) {
      throw this.unavailable(
        'GenerateKey',
        describe(e),
        connectError(e)?.code === GRPC.DeadlineExceeded ? 'signer timed out' : undefined,
      );
    }
    if (!KEY_REF_RE.test(res.keyRef)) throw this.unavailable('GenerateKey', 'malformed answer');
    const expected = keySizes(req.algorithm).publicKey;
    if (res.publicKey.length !== expected)
      throw this.unavailable(
        'GenerateKey',
        `public key is not ${expected} bytes (${req.algorithm})`,
        'the signer returned a key of another parameter set',
      );
    return { publicKey: toHex(res.publicKey), keyRef: res.keyRef };
  }

  async sign(req: SignRequest): Promise<SignOutcome> {
    let outcome: SignOutcome;
    try {
      const client = await this.connect();
      const res = await client.sign(
        {
          keyRef: req.keyRef,
          digest: fromHex(req.digest),
          context: req.context,
          algorithm: req.algorithm,
          transactionId: req.transactionId,
          tenantId: req.tenantId,
          unsignedTx: fromHex(req.unsignedTx),
          receipt: {
            payload: req.receipt.payload,
            keyId: req.receipt.key_id,
            algorithm: req.receipt.algorithm,
            signature: fromHex(req.receipt.signature),
          },
        },
        { timeoutMs: this.opts.timeoutMs },
      );
      const size = keySizes(req.algorithm).signature;
      outcome =
        res.signature.length === size
          ? { outcome: 'signed', signature: toHex(res.signature) }
          : { outcome: 'permanent', reason: `signer answered no ${req.algorithm} signature (${size} bytes)` };
    } catch (e) {
      const ce = connectError(e);
      if (ce) {
        const kind = receiptRefusal(ce.code, ce.rawMessage) ? 'receipt_invalid' : classifyGrpcCode(ce.code);
        if (kind === 'receipt_invalid')
          outcome = {
            outcome: kind,
            reason: `signer refused the receipt: ${ce.rawMessage
              .slice(RECEIPT_INVALID_PREFIX.length)
              .replace(/[^\x20-\x7e]/g, ' ')
              .slice(0, 200)}`,
          };
        else
          outcome = {
            outcome: kind,
            reason: kind === 'key_not_held' ? 'signer does not hold the key' : `signer ${describe(e)}`,
          };
      } else outcome = { outcome: 'transient', reason: `signer ${describe(e)}` }; // TLS material unreadable, and the like
    }
    if (outcome.outcome !== 'signed')
      logger.warn('signer sign failed', {
        signer_rpc: 'Sign',
        outcome: outcome.outcome,
        reason: outcome.reason,
        transaction_id: req.transactionId,
      });
    return outcome;
  }

  /** `Health` of the signer: true when it answers `ok` within the timeout. */
  async healthy(): Promise<boolean> {
    try {
      const client = await this.connect();
      return (await client.health({}, { timeoutMs: this.opts.timeoutMs })).status === 'ok';
    } catch {
      return false;
    }
  }

  /** Closes the HTTP/2 session (tests, shutdown). */
  close(): void {
    this.sessions?.abort();
    this.sessions = undefined;
    this.client = undefined;
  }

  private connect(): Promise<Client<typeof SignerService>> {
    this.client ??= (async () => {
      const { createClient, createGrpcTransport, Http2SessionManager, SignerService } = await loadTransport();
      const tls = await this.opts.tls();
      this.sessions = new Http2SessionManager(
        this.opts.url,
        { pingIntervalMs: 30_000 },
        { ...(tls.ca ? { ca: tls.ca } : {}), cert: tls.cert, key: tls.key },
      );
      return createClient(
        SignerService,
        createGrpcTransport({ baseUrl: this.opts.url, sessionManager: this.sessions }),
      );
    })();
    this.client.catch(() => (this.client = undefined)); // unreadable TLS material: read it again next time
    return this.client;
  }

  private unavailable(rpc: string, reason: string, clientMessage?: string): SignerUnavailableError {
    logger.warn('signer call failed', { signer_rpc: rpc, reason });
    return new SignerUnavailableError(clientMessage);
  }
}

/** One line for the log and failureReason (TLS errors from OpenSSL span several). */
/** The error as a ConnectError (an answer of the signer), or undefined: none can come before the stack is loaded. */
const connectError = (e: unknown) => (transport && e instanceof transport.ConnectError ? e : undefined);

const describe = (e: unknown): string => {
  const ce = connectError(e);
  return (
    ce
      ? `answered ${transport!.Code[ce.code]}: ${ce.rawMessage}`
      : e instanceof Error
        ? `failed: ${e.message}`
        : 'failed'
  )
    .split('\n')[0]!
    .slice(0, 300);
};
