import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { businessToday } from '../../ui/time';

/**
 * The draw a map screen reads, in the address: `drawDate` (today by default), `drawId` (the date's first draw
 * by default) and `userId` (`fallbackUserId` by default), with the date's draws for the pool picker.
 * `set` changes them, an undefined value removing its key.
 */
export function useDrawQuery(fallbackUserId?: number) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('drawDate');
  const drawDate = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) ? requested : businessToday();
  const userId = Number(params.get('userId')) || fallbackUserId;
  const draws = useQuery({
    queryKey: ['draws', 'day', drawDate],
    queryFn: () => fetchData<{ drawId: number; poolId: number }[]>(API.Pools.GetPoolScheduleByDay, { query: { date: drawDate } }),
  });
  const drawId = Number(params.get('drawId')) || draws.data?.[0]?.drawId;
  const drawOptions = (draws.data ?? []).map((d) => ({ value: d.drawId, label: t(`admin.pools.${d.poolId}`, { defaultValue: String(d.poolId) }) }));
  const set = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams({ drawDate, ...(drawId ? { drawId: String(drawId) } : {}), ...(userId ? { userId: String(userId) } : {}) });
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  return { params, drawDate, userId, drawId, draws, drawOptions, set };
}
