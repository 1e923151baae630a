/** A signer that could not sign now (unreachable, timed out, overloaded): the queue redelivers with backoff. */
export class SignerTransientError extends Error {}
