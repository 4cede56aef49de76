import { useEffect, useMemo, useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EAT_SEQUENCES, LimitMethod } from '@app/domain';
import { translateMessage } from '../../i18n';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { riskKeys, updateEatLimit, useFightLimit, usePools, type EatLimitBody, type FightLimitData } from './api';
import { fillGrid, gridErrors, gridFromLimits, limitsFromGrid, serverErrorsToCells, type LimitGrid } from './fightLimit';

export const LIMIT_METHODS = [LimitMethod.AmountBase, LimitMethod.TotalBase, LimitMethod.GroupBase] as const;

/** The three eat settings of an account, as the screen edits them. */
export interface EatSettings {
  eatType?: 'percentage' | 'amount';
  limitMethod: 1 | 2 | 3;
  eatSequence: '*/**' | '**/*';
}

export function settingsOf(d: FightLimitData): EatSettings {
  return {
    eatType: d.eatType,
    limitMethod: (LIMIT_METHODS as readonly number[]).includes(d.limitMethod) ? (d.limitMethod as 1 | 2 | 3) : 1,
    eatSequence: (EAT_SEQUENCES as readonly string[]).includes(d.eatSequence) ? (d.eatSequence as '*/**' | '**/*') : '*/**',
  };
}

/**
 * The fight limit of oneself or a downline being edited: its reads, the grid of amounts with each cell's
 * error, and the save (checked against the upline's bound first, then by the server, whose refusals are
 * put back on their cells). Both forms of the screen (in the shell, and the popup) use it.
 */
export function useFightLimitEditor(userId: number | undefined) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const data = useFightLimit(userId);
  const pools = usePools();
  const [grid, setGrid] = useState<LimitGrid>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const d = data.data;
  const poolIds = useMemo(() => (pools.data ?? []).map((p) => p.poolId), [pools.data]);
  const codes = useMemo(() => d?.betCodes ?? [], [d]);

  useEffect(() => {
    if (!d) return;
    setGrid(gridFromLimits(d.limits));
    setErrors({});
  }, [d]);

  const setCell = (key: string, v: number | undefined) => {
    setGrid((g) => ({ ...g, [key]: v }));
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const save = async (v: EatSettings) => {
    if (!d) return;
    if (!v.eatType) {
      alerts.errorKey('SELECT_EAT_TYPE');
      return;
    }
    const bad = gridErrors(grid, d.maxFightLimit);
    setErrors(bad);
    if (Object.keys(bad).length) {
      alerts.error(t('risk.fight.aboveMax', { max: formatCents(d.maxFightLimit) }));
      return;
    }
    const body: EatLimitBody = { userId: d.userId, eatType: v.eatType, limitMethod: v.limitMethod, eatSequence: v.eatSequence, limits: limitsFromGrid(grid, poolIds, codes) };
    setSaving(true);
    const r = await updateEatLimit(body);
    setSaving(false);
    if (r.success && r.data) {
      queryClient.setQueryData(riskKeys.fight(userId), r.data);
      void message.success(t('messages.SAVED'));
      return;
    }
    if (r.status === 400 && r.data) setErrors(serverErrorsToCells(r.data, body.limits).cells);
    alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
  };

  return {
    data,
    pools,
    codes,
    grid,
    errors,
    saving,
    setCell,
    save,
    fillAll: (units: number | undefined) => setGrid((g) => fillGrid(g, poolIds, codes, units)),
    clearAll: () => setGrid({}),
  };
}

export const codeLabel = (c: string) => (c === 'A' ? '3A' : c === 'C' ? '3C' : c);
