/*
 * The gRPC stack of the `grpc` signer (connect, connect-node and the generated protobuf descriptors: about 150 KiB),
 * loaded by grpc-signer.ts at its first call. It imports nothing the rest of a bundle imports: esbuild inlines a
 * dynamically imported module but wraps it and everything it reaches in lazy initialisers, so a shared module (the
 * logger, the AWS SDK) reached from here would be wrapped too, and parsed twice at every cold start.
 */
export { Code, ConnectError, createClient } from '@connectrpc/connect';
export { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
export { Signer as SignerService } from '../../gen/signer/v1/signer_pb.js';
