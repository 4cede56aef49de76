import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { knownPool } from '../../api/knownPools';
import { formatCents } from '../../ui/text';

/** One colour per pool id (1 to MAX_POOL_ID), the same on every chart. */
const COLOURS = ['#d4380d', '#1d39c4', '#389e0d', '#c41d7f', '#d48806', '#08979c', '#531dab', '#7c7c7c', '#7cb305', '#0958d9'];

interface Point {
  drawDate: string;
  poolId: number;
}

/** Every pool of a series, a pool added later too (decision 0037), by id, named as the server lists it. */
export function chartPools(series: readonly Point[]) {
  return [...new Set(series.map((s) => s.poolId))].sort((a, b) => a - b).map((id) => ({ id, name: knownPool(id)?.name ?? String(id), colour: COLOURS[(id - 1) % COLOURS.length] }));
}

/** A statistic's series drawn as a bar per draw date, stacked by pool; `value` gives each point's amount in cents. */
export function StatisticChart<P extends Point>({ series, value, testId }: { series: P[]; value: (p: P) => number; testId: string }) {
  const { t } = useTranslation();
  const pools = chartPools(series);
  const byDate = new Map<string, Record<string, number | string>>();
  for (const s of series) {
    const day = byDate.get(s.drawDate) ?? { drawDate: s.drawDate };
    day[`p${s.poolId}`] = value(s) / 100;
    byDate.set(s.drawDate, day);
  }
  const data = [...byDate.values()];
  return (
    <div data-testid={testId} style={{ width: '100%', height: 320 }}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 16, left: 16, bottom: 8 }} maxBarSize={64}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="drawDate" />
          <YAxis tickFormatter={(v: number) => v.toLocaleString()} />
          <Tooltip formatter={(v) => formatCents(Math.round(Number(v) * 100))} />
          <Legend />
          {pools.map((p) => (
            <Bar key={p.id} dataKey={`p${p.id}`} name={t(`admin.pools.${p.id}`, { defaultValue: p.name })} stackId="pools" fill={p.colour} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
