import type { CustodyClient } from '../../clients/typescript/src/index.js';
import { randomAddress } from './fixtures.js';

/**
 * The restart tests' transfers: the tenant's native asset (listed first), and `submit(n)` posting n native transfers
 * from one wallet to fresh addresses, each of an amount of its own, kept in `transfers` in submission order.
 */
export async function transferBatch(admin: CustodyClient, walletId: string) {
  let assetId = '';
  for await (const a of admin.list('/v1/assets')) if (!assetId) assetId = a.id; // the native asset is listed first
  const transfers: { id: string; to: string; amount: bigint }[] = [];
  const submit = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const to = randomAddress();
      const amount = BigInt(1_000 + transfers.length);
      const tx = await admin.post('/v1/transactions', {
        body: { sourceWalletId: walletId, destinationAddr: to, assetId, amount: amount.toString() },
      });
      transfers.push({ id: tx.id, to, amount });
    }
  };
  return { assetId, transfers, submit };
}
