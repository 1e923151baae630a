/**
 * Screening of a transfer's destination (AML / sanctions). `clean` lets it through, `flagged` sends it to a
 * compliance officer, `blocked` ends it. A provider that cannot answer throws `ScreeningUnavailableError`: the
 * transaction stays in PENDING_AML_SCREENING (fail closed) and the message is retried.
 */
export type ScreeningRequest = {
  tenantId: string;
  transactionId: string;
  destination: string;
  amount: string;
  assetId: string;
  chainId: number;
};
export type ScreeningVerdict = { result: 'clean' | 'flagged' | 'blocked'; reason: string | null; provider: string };

export interface ScreeningPort {
  readonly name: string;
  screen(req: ScreeningRequest): Promise<ScreeningVerdict>;
}

export class ScreeningUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScreeningUnavailableError';
  }
}
