// Currencies (SPEC 3; /admin-setting/currency; decision 0033). Money stays integer cents of one book
// currency (BOOK_CURRENCY, rate 1). A currency's rate is how many of its units one book unit is worth:
// the operator's real rate, used where the super admin reads an amount in that currency. Its fake rate is
// the rate the accounts of that currency are shown (their dashboard's equivalent): the operator may set it
// apart from the real one. Neither ever converts a stored amount.
import { sql } from 'drizzle-orm';
import { currencies } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';

export const BOOK_CURRENCY = 'MYR';

interface CurrencyRow {
  code: string;
  name: string;
  rate: string;
  fakeRate: string;
  recordStatus: number;
  accounts: number;
  updatedAt: Date | string | null;
  updatedBy: string | null;
}

const trimRate = (r: string) => String(Number(r));

export async function listCurrencies(deps: Deps) {
  const list = await rows<CurrencyRow>(
    deps.db,
    sql`select c.code, c.name, c.rate::text as rate, c.fake_rate::text as "fakeRate", c.record_status as "recordStatus",
               (select count(*)::int from users u where u.currency = c.code and u.record_status = 1) as accounts,
               c.updated_at as "updatedAt", uu.username as "updatedBy"
        from currencies c left join users uu on uu.id = c.updated_by
        order by (c.code = ${BOOK_CURRENCY}) desc, c.code`,
  );
  return list.map((c) => ({
    code: c.code,
    name: c.name,
    rate: trimRate(c.rate),
    fakeRate: trimRate(c.fakeRate),
    active: c.recordStatus === 1,
    accounts: c.accounts,
    updatedAt: c.updatedAt ? new Date(c.updatedAt).toISOString() : null,
    updatedBy: c.updatedBy,
  }));
}

/** Active currency codes, the book currency first: the choices of an account's currency (read on every account save, so without listCurrencies' per-currency account counts). */
export async function activeCurrencyCodes(deps: Deps): Promise<string[]> {
  const list = await rows<{ code: string }>(
    deps.db,
    sql`select code from currencies where record_status = 1 order by (code = ${BOOK_CURRENCY}) desc, code`,
  );
  return list.map((c) => c.code);
}

export async function updateCurrency(
  deps: Deps,
  auth: AuthContext,
  body: { code: string; name: string; rate: string; fakeRate: string; active: boolean },
  ip: string,
) {
  if (body.code === BOOK_CURRENCY && (Number(body.rate) !== 1 || Number(body.fakeRate) !== 1 || !body.active)) {
    // The book currency is the unit of every stored amount: its rate is 1 by definition.
    throw badRequest('VALIDATION_FAILED', { rate: 'pattern' });
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await rows<{ code: string; name: string; rate: string; fake_rate: string; record_status: number }>(
      tx,
      sql`select code, name, rate::text as rate, fake_rate::text as fake_rate, record_status from currencies where code = ${body.code} for update`,
    );
    if (before.length && !body.active) {
      const [inUse] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from users where currency = ${body.code} and record_status = 1`);
      if (inUse.n > 0) throw badRequest('VALIDATION_FAILED', { active: 'pattern' });
    }
    const values = { code: body.code, name: body.name, rate: body.rate, fakeRate: body.fakeRate, recordStatus: body.active ? 1 : 0, updatedAt: now, updatedBy: auth.userId };
    await tx
      .insert(currencies)
      .values(values)
      .onConflictDoUpdate({ target: currencies.code, set: { name: values.name, rate: values.rate, fakeRate: values.fakeRate, recordStatus: values.recordStatus, updatedAt: now, updatedBy: auth.userId } });
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: before.length ? 'currency.update' : 'currency.create',
      targetType: 'currency',
      targetId: body.code,
      before: before[0] ?? null,
      after: { code: body.code, name: body.name, rate: body.rate, fake_rate: body.fakeRate, record_status: values.recordStatus },
      ip,
    });
  });
  return listCurrencies(deps);
}

/** The caller's own currency with the rate its screens use (fake rate), for the dashboard's equivalent. */
export async function myCurrency(deps: Deps, auth: AuthContext) {
  const [row] = await rows<{ code: string; name: string | null; fakeRate: string | null }>(
    deps.db,
    sql`select u.currency as code, c.name, c.fake_rate::text as "fakeRate" from users u left join currencies c on c.code = u.currency where u.id = ${auth.actingUserId}`,
  );
  return { book: BOOK_CURRENCY, code: row?.code ?? BOOK_CURRENCY, name: row?.name ?? null, rate: row?.fakeRate ? trimRate(row.fakeRate) : '1' };
}
