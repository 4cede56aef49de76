// Payout table (Report/GetPayoutTable; DOMAIN "Reports"): the account's package (normal or GD) as the
// trade prints it: what RM1, 2, 3, 4, 5, 6, 8 and 10 win on Big, Small, 3A, 3C and 4A per prize, 0 where
// the code is not sold. Read from the package in force now (its every-pool rates).
import { sql } from 'drizzle-orm';
import { BET_CODE_DEFS, PackageType } from '@app/domain';
import { PAYOUT_TABLE_AMOUNTS, PAYOUT_TABLE_CODES, type PayoutTable } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { effectivePackageIdSql, packageRatesSql, type EffectiveRateRow } from '../packages/queries';
import { reportNode } from './scope';

export async function payoutTable(db: DbOrTx, auth: AuthContext, q: { userId?: number; gd: '0' | '1' }): Promise<PayoutTable> {
  const node = await reportNode(db, auth, q.userId);
  const packageId = effectivePackageIdSql(node.userId, q.gd === '1' ? PackageType.GD : PackageType.Normal, false);
  const rates = await rows<EffectiveRateRow & { name: string }>(
    db,
    sql`select r.*, p.name from (${packageRatesSql(packageId)}) r join packages p on p.id = r."packageId"`,
  );
  const codes = PAYOUT_TABLE_CODES.map((code) => {
    const row = rates.find((r) => r.code === code && r.poolId === null);
    const sold = !!row?.enabled;
    return {
      code,
      sold,
      prizes: BET_CODE_DEFS[code].prizes.map((prize) => {
        const rate = sold ? Number(row?.[prize] ?? 0) : 0;
        return { prize, rate, wins: PAYOUT_TABLE_AMOUNTS.map((a) => a * rate) };
      }),
    };
  });
  return {
    account: { userId: node.userId, username: node.username, fullName: node.fullName, roleId: node.roleId },
    packageName: rates[0]?.name ?? '',
    amounts: [...PAYOUT_TABLE_AMOUNTS],
    codes,
  };
}
