// Settlement of what the company laid off (DOMAIN "Settlement": link C -> R, result(R) = link(C);
// decision 0035). Each accepted invoice line is priced once per round as the remote itself books the
// company's ticket line there: link(amount, the invoice's frozen rates, the line's strikes), by linkSql,
// the link rule written once. What stayed undistributed has no link above the company: it is the company's.
// Booked in the company's settlement journal transaction of the round (so a corrected result reverses it
// with the rest): the company's wallet pays each remote's ledger account its link (a negative link the
// other way). The company's figures get one row per remote and code (via = -remote agent id) carrying the
// link, so every report's result = link_below - link holds for the company.
import { sql } from 'drizzle-orm';
import { linkSql, type StrikePattern } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

/** The ledger account of a remote agent for one company: what the company owes it (positive) or is owed. */
export const remoteAccountCode = (remoteAgentId: number, companyId: number) => `remote-agent:${remoteAgentId}:${companyId}`;

/** The remotes with accepted invoices of the draw and company. */
export async function remotesOfDraw(tx: DbOrTx, drawId: number, companyId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select distinct remote_agent_id as id from remote_invoices where draw_id = ${drawId}::int and company_id = ${companyId}::int and status = 1 order by 1`,
  );
  return found.map((r) => Number(r.id));
}

/** The remotes' ledger accounts of the company (created when missing), in remote order. */
export async function remoteAccounts(tx: DbOrTx, companyId: number, remoteIds: number[]): Promise<number[]> {
  if (remoteIds.length === 0) return [];
  const codes = remoteIds.map((r) => remoteAccountCode(r, companyId));
  const list = `{${codes.join(',')}}`;
  await tx.execute(
    sql`insert into ledger_accounts (code, company_id, balance) select c, ${companyId || null}::int, 0 from unnest(${list}::text[]) as c on conflict (code) do nothing`,
  );
  const found = await rows<{ id: number }>(tx, sql`select id from ledger_accounts where code = any(${list}::text[]) order by id`);
  return found.map((r) => Number(r.id));
}

const TIERS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation'] as const;

/**
 * Prices every accepted invoice line of the draw and company for the round (posting_links), adds the legs
 * to the settlement journal transaction `txId` and the company's figure rows per remote. Set-based: three
 * statements whatever the number of lines. Returns the lines priced.
 */
export async function bookPostingLinks(
  tx: DbOrTx,
  a: { drawId: number; companyId: number; round: number; txId: number; at: Date; patterns: StrikePattern[] },
): Promise<number> {
  const counts = TIERS.map((p) => `count(*) filter (where prize = '${p}')::int as n_${p}`).join(', ');
  // The remote's package names the tiers it pays (first, second, third, starter, consolation); the others pay nothing.
  const payout = `(s.n_first * coalesce(r.first, 0) + s.n_second * coalesce(r.second, 0) + s.n_third * coalesce(r.third, 0)
                   + s.n_starter * coalesce(r.starter, 0) + s.n_consolation * coalesce(r.consolation, 0))`;
  const bp = 'coalesce(r."commissionBp", 0)';
  // A line whose code the invoice's rates do not price would book nothing: refuse, as bookDistribution does.
  const [unpriced] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from remote_invoices ri join remote_invoice_lines l on l.invoice_id = ri.id
        where ri.draw_id = ${a.drawId}::int and ri.company_id = ${a.companyId}::int and ri.status = 1
          and not exists (select 1 from jsonb_array_elements(coalesce(ri.rates, '[]'::jsonb)) x where x->>'betCode' = l.bet_code)`,
  );
  if (Number(unpriced.n) > 0) throw new Error(`draw ${a.drawId}: ${unpriced.n} posting lines of company ${a.companyId} have no remote rate`);
  await tx.execute(
    sql`with p as (
          select * from jsonb_to_recordset(${JSON.stringify(a.patterns)}::jsonb)
            as x(code text, side text, length int, pattern text, prize text, rank int, "highestOnly" boolean)
        ),
        il as (
          select ri.id as invoice_id, ri.remote_agent_id, ri.draw_date, ri.pool_id, ri.rates, l.line_no, l.number, l.bet_code, l.amount
          from remote_invoices ri join remote_invoice_lines l on l.invoice_id = ri.id
          where ri.draw_id = ${a.drawId}::int and ri.company_id = ${a.companyId}::int and ri.status = 1
        ),
        -- The strikes of each line, by the same patterns settlement joins against bet lines.
        m as (
          select il.invoice_id, il.line_no, p.prize, p.rank, p."highestOnly" as highest_only
          from il cross join (select distinct side, length from p) d
          join p on p.code = il.bet_code and p.side = d.side and p.length = d.length
                and p.pattern = (case when d.side = 'tail' then right(il.number, d.length) else left(il.number, d.length) end)
          where length(il.number) >= d.length
        ),
        best as (
          select * from m where not highest_only
          union all
          (select distinct on (invoice_id, line_no) * from m where highest_only order by invoice_id, line_no, rank)
        ),
        st as (select invoice_id, line_no, ${sql.raw(counts)} from best group by invoice_id, line_no),
        priced as (
          select il.*, ${sql.raw(linkSql.commission('il.amount', bp))} as commission,
                 ${sql.raw(linkSql.winnings('il.amount', payout))} as winnings
          from il
          left join st s0 on s0.invoice_id = il.invoice_id and s0.line_no = il.line_no
          cross join lateral (select coalesce(s0.n_first, 0) as n_first, coalesce(s0.n_second, 0) as n_second, coalesce(s0.n_third, 0) as n_third,
                                     coalesce(s0.n_starter, 0) as n_starter, coalesce(s0.n_consolation, 0) as n_consolation) s
          left join lateral (select * from jsonb_to_recordset(il.rates)
                               as x("betCode" text, "commissionBp" int, first bigint, second bigint, third bigint, starter bigint, consolation bigint)
                             where x."betCode" = il.bet_code limit 1) r on true
        )
        insert into posting_links (draw_id, round, company_id, remote_agent_id, invoice_id, line_no, draw_date, pool_id, number, bet_code,
                                   amount, commission, winnings, link)
        select ${a.drawId}::int, ${a.round}::int, ${a.companyId}::int, remote_agent_id, invoice_id, line_no, draw_date, pool_id, number, bet_code,
               amount, commission, winnings, amount - commission - winnings
        from priced`,
  );
  const [n] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from posting_links where draw_id = ${a.drawId}::int and round = ${a.round}::int and company_id = ${a.companyId}::int`,
  );
  if (Number(n.n) === 0) return 0;

  // The figures: per remote and code, the company passed `amount` up and owes the link (via = -remote).
  await tx.execute(
    sql`insert into settlement_figures (draw_id, round, company_id, user_id, via_user_id, bet_code, lines, tickets, turnover, pass, eaten,
                                        commission, winnings, link, link_below, commission_in, winnings_in, commission_below, winnings_below)
        select ${a.drawId}::int, ${a.round}::int, ${a.companyId}::int, ${a.companyId}::int, -pl.remote_agent_id, pl.bet_code, 0, 0, 0, 0, 0,
               sum(pl.commission), sum(pl.winnings), sum(pl.link), 0, 0, 0, 0, 0
        from posting_links pl
        where pl.draw_id = ${a.drawId}::int and pl.round = ${a.round}::int and pl.company_id = ${a.companyId}::int
        group by pl.remote_agent_id, pl.bet_code`,
  );

  // The legs, in the settlement transaction: each remote's account receives its link, the company's wallet pays
  // their sum. Accounts are locked by the caller; balance_after continues each account's running sum.
  const when = sql`${a.at.toISOString()}::timestamptz`;
  await tx.execute(
    sql`with per as (
          select remote_agent_id, sum(link) as link from posting_links
          where draw_id = ${a.drawId}::int and round = ${a.round}::int and company_id = ${a.companyId}::int
          group by remote_agent_id
        ),
        legs as (
          select la.id as account_id, per.link as amount
          from per join ledger_accounts la on la.code = 'remote-agent:' || per.remote_agent_id || ':' || ${a.companyId}::int
          union all
          select w.id, -(select sum(link) from per) from ledger_accounts w where w.user_id = ${a.companyId}::int
        ),
        nz as (select * from legs where amount <> 0),
        e as (
          insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at)
          select ${a.txId}::bigint, nz.account_id, nz.amount, la.balance + nz.amount, la.company_id, ${when}
          from nz join ledger_accounts la on la.id = nz.account_id
          returning 1
        )
        update ledger_accounts la set balance = la.balance + nz.amount, updated_at = ${when} from nz where la.id = nz.account_id`,
  );
  // A missing account (the company's wallet, a remote's) would drop its leg: never book a transaction that is not zero-sum.
  const [sum] = await rows<{ s: string }>(tx, sql`select coalesce(sum(amount), 0)::text as s from journal_entries where transaction_id = ${a.txId}::bigint`);
  if (Number(sum.s) !== 0) throw new Error(`draw ${a.drawId}: posting links of company ${a.companyId} left the journal unbalanced by ${sum.s}`);
  return Number(n.n);
}
