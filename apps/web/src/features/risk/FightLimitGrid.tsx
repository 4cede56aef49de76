import { useTranslation } from 'react-i18next';
import { PlainNumericInput } from '../../ui/NumericInput';
import type { Pool } from './api';
import { cellKey, type LimitGrid } from './fightLimit';
import { codeLabel } from './useFightLimitEditor';
import './fightLimitPlain.css';
import './risk.css';

/**
 * The fight limits of an account as a grid turned on its side: bet codes down, the 8 pools across, so that
 * every cell is in view without a sideways scroll in the 1000-pixel popup (SPEC 9) as at 1366 pixels
 * (14 codes across needed about 1,600). Plain inputs, not antd's: 112 of those took one 170-440 ms task to
 * render on this machine's cores (issue 28 line 10).
 */
export function FightLimitGrid(props: {
  pools: Pool[];
  codes: string[];
  grid: LimitGrid;
  errors: Record<string, string>;
  disabled: boolean;
  onCell: (key: string, units: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const poolName = (p: Pool) => t(`admin.pools.${p.poolId}`, { defaultValue: p.name });
  return (
    <table className="plain-grid" data-testid="fight-limit-grid">
      <thead>
        <tr>
          <th scope="col" className="plain-grid-code">
            {t('risk.fight.betCode')}
          </th>
          {props.pools.map((p) => (
            <th scope="col" key={p.poolId}>
              <strong>{p.letter}</strong> {poolName(p)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.codes.map((code) => (
          <tr key={code}>
            <th scope="row" className="plain-grid-code">
              {codeLabel(code)}
            </th>
            {props.pools.map((p) => {
              const key = cellKey(p.poolId, code);
              const error = props.errors[key];
              return (
                <td key={p.poolId}>
                  <PlainNumericInput
                    className={error ? 'plain-input plain-input-error' : 'plain-input'}
                    decimals={2}
                    placeholder="0"
                    disabled={props.disabled}
                    value={props.grid[key]}
                    onChange={(v) => props.onCell(key, v)}
                    aria-label={`${codeLabel(code)} ${poolName(p)}`}
                    aria-invalid={error ? true : undefined}
                    data-testid={`fight-limit-${p.poolId}-${code}`}
                  />
                  {error && <span className="grid-cell-error">{t(`validation.${error}`, { defaultValue: t('validation.pattern') })}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
