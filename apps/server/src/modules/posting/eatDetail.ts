// Posting agent eat detail (Report/GetPostingAgentEatDetails, /posting/posting-agent-eat-detail; decision
// 0035): what each remote agent took of the company's lay-offs (its accepted invoices' lines), per draw
// date, pool, number and code, and once the draw is settled what it paid on them and the company's link to
// it (posting_links of the draw's current distributed round: settlement's figures, never recomputed).
import { sql } from 'drizzle-orm';
import { SEEDED_POOLS } from '@app/domain';
import type { PostingEatDetailQuery, PostingEatDetailRow } from '@app/contract';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { poolNameIn } from '../reports/files';
import type { FileColumn, ReportFile } from '../reports/reportFile';
import { companyOf } from './scope';

interface Raw {
  drawDate: string;
  poolId: number;
  remoteAgentId: number;
  remoteName: string;
  number: string;
  betCode: string;
  amount: string;
  winnings: string | null;
  link: string | null;
  total: string;
  tAmount: string;
  tWinnings: string;
  tLink: string;
}
const num = (v: string | null) => (v === null ? null : Number(v));
// The sortable columns (contract POSTING_EAT_SORTS) as SQL: a closed list, never the caller's text.
const SORT_SQL: Record<PostingEatDetailQuery['sortBy'], string> = {
  drawDate: 'g.draw_date',
  remote: 'ra.name',
  number: 'g.number',
  betCode: 'g.bet_code',
  amount: 'g.amount',
  winnings: 'g.winnings',
  link: 'g.link',
};

export interface PostingEatDetail {
  rows: PostingEatDetailRow[];
  total: number;
  totals: { amount: number; winnings: number; link: number };
}

export async function postingEatDetail(deps: Deps, auth: AuthContext, q: PostingEatDetailQuery): Promise<PostingEatDetail> {
  const companyId = await companyOf(deps.db, auth, q.companyId);
  const found = await rows<Raw>(
    deps.db,
    sql`with l as (
          select ri.draw_date, ri.pool_id, ri.remote_agent_id, il.number, il.bet_code, il.amount, pl.winnings, pl.link
          from remote_invoices ri join remote_invoice_lines il on il.invoice_id = ri.id
          left join draw_settlements s on s.draw_id = ri.draw_id and s.distributed_at is not null
          left join posting_links pl on pl.draw_id = ri.draw_id and pl.round = s.round and pl.invoice_id = ri.id and pl.line_no = il.line_no
          where ri.company_id = ${companyId}::int and ri.status = 1 and ri.draw_date between ${q.fromDate}::date and ${q.toDate}::date
            and (${q.poolId}::int = -1 or ri.pool_id = ${q.poolId}::int)
            and (${q.betCode} = '-1' or il.bet_code = ${q.betCode})
            and (${q.remoteAgentId}::int = -1 or ri.remote_agent_id = ${q.remoteAgentId}::int)
        ),
        g as (
          select draw_date, pool_id, remote_agent_id, number, bet_code, sum(amount) as amount,
                 -- Null until every line of the group is priced by settlement.
                 case when bool_and(link is not null) then sum(winnings) end as winnings,
                 case when bool_and(link is not null) then sum(link) end as link
          from l group by 1, 2, 3, 4, 5
        )
        select to_char(g.draw_date, 'YYYY-MM-DD') as "drawDate", g.pool_id as "poolId", g.remote_agent_id as "remoteAgentId", ra.name as "remoteName",
               g.number, g.bet_code as "betCode", g.amount::text, g.winnings::text, g.link::text,
               count(*) over () as total, sum(g.amount) over () as "tAmount",
               coalesce(sum(g.winnings) over (), 0) as "tWinnings", coalesce(sum(g.link) over (), 0) as "tLink"
        from g join remote_agents ra on ra.id = g.remote_agent_id
        order by ${sql.raw(SORT_SQL[q.sortBy])} ${sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc')} nulls last, g.draw_date, g.pool_id, ra.priority, ra.id, g.number, g.bet_code
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  if (!found.length && q.page > 1) {
    const first = await postingEatDetail(deps, auth, { ...q, page: 1, pageSize: 1 });
    return { ...first, rows: [] };
  }
  const f = found[0];
  return {
    rows: found.map(
      (r): PostingEatDetailRow => ({
        drawDate: r.drawDate,
        poolId: Number(r.poolId),
        remoteAgentId: Number(r.remoteAgentId),
        remoteName: r.remoteName,
        number: r.number,
        betCode: r.betCode,
        amount: Number(r.amount),
        winnings: num(r.winnings),
        link: num(r.link),
      }),
    ),
    total: Number(f?.total ?? 0),
    totals: { amount: Number(f?.tAmount ?? 0), winnings: Number(f?.tWinnings ?? 0), link: Number(f?.tLink ?? 0) },
  };
}

// The file's pool names: the seeded eight by name, a pool added since by its id (decision 0037).
const poolName = poolNameIn(SEEDED_POOLS);

/** The report as a file: every filtered row and the totals. */
export function postingEatDetailFile(rows: PostingEatDetailRow[], totals: { amount: number; winnings: number; link: number }, range: string): ReportFile<PostingEatDetailRow> {
  const m = (en: string, cn: string, bm: string, value: (r: PostingEatDetailRow) => number): FileColumn<PostingEatDetailRow> => ({ header: { en, cn, bm }, money: true, value });
  return {
    name: `posting-agent-eat-detail-${range}`,
    sheet: { en: 'Posting Agent Eat Detail', cn: '走飞代理吃货明细', bm: 'Butiran Makan Ejen Pos' },
    rows,
    totals: { drawDate: '', poolId: 0, remoteAgentId: 0, remoteName: '', number: '', betCode: '', ...totals },
    columns: [
      { header: { en: 'Draw date', cn: '开奖日期', bm: 'Tarikh cabutan' }, value: (r) => r.drawDate },
      { header: { en: 'Pool', cn: '彩池', bm: 'Pool' }, value: (r, lang) => poolName(r.poolId, lang) },
      { header: { en: 'Remote agent', cn: '走飞代理', bm: 'Ejen jauh' }, value: (r) => r.remoteName },
      { header: { en: 'Number', cn: '号码', bm: 'Nombor' }, value: (r) => r.number },
      { header: { en: 'Bet code', cn: '玩法', bm: 'Kod pertaruhan' }, value: (r) => r.betCode },
      m('Taken', '吃货', 'Diambil', (r) => r.amount),
      m('Payout', '派彩', 'Bayaran', (r) => r.winnings ?? 0),
      m('Link to remote', '应付代理', 'Hutang kepada ejen', (r) => r.link ?? 0),
    ],
  };
}
