import { Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../ui/NumericInput';
import { commissionMargin, marginOf, poolOf, tiersInUse, type CellErrors, type SheetRow, type Tier } from './rateSheet';
import './packages.css';

const fmt = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

function Hint({ base, margin, percent }: { base?: number; margin?: number; percent?: boolean }) {
  const { t } = useTranslation();
  if (base === undefined) return null;
  const unit = percent ? '%' : '';
  return (
    <>
      <span className="grid-cell-hint">{t('packages.grid.baseValue', { value: `${fmt(base)}${unit}` })}</span>
      <span className={`grid-cell-hint${(margin ?? 0) < 0 ? ' negative' : ''}`}>{t('packages.grid.marginValue', { value: `${fmt(margin)}${unit}` })}</span>
    </>
  );
}

function CellError({ code }: { code?: string }) {
  const { t } = useTranslation();
  if (!code) return null;
  return <span className="grid-cell-error">{t(`packages.grid.errors.${code}`, { defaultValue: t(`validation.${code}`, { defaultValue: t('validation.pattern') }) })}</span>;
}

/**
 * The rate sheet: one row per bet code (and pool override), its commission and payout per prize tier, in
 * units per 1 unit of stake. With a base (the owner's own rate) each cell also shows base and margin.
 */
export function RateSheetGrid({
  rows,
  errors,
  readOnly,
  onChange,
}: {
  rows: SheetRow[];
  errors: CellErrors;
  readOnly: boolean;
  onChange: (key: string, patch: Partial<SheetRow>) => void;
}) {
  const { t } = useTranslation();
  const tiers = tiersInUse(rows);
  const anyBase = rows.some((r) => r.base);

  const tierColumn = (tier: Tier) => ({
    title: t(`packages.tiers.${tier}`),
    key: tier,
    width: 128,
    render: (_: unknown, r: SheetRow) => {
      const cell = `${r.key}.payouts.${tier}`;
      const base = r.base?.payouts[tier];
      return (
        <div data-testid={`rate-${r.key}-${tier}-cell`}>
          {readOnly ? (
            <span className="num" data-testid={`rate-${r.key}-${tier}`}>
              {fmt(r.payouts[tier])}
            </span>
          ) : (
            <NumericInput
              decimals={2}
              size="small"
              value={r.payouts[tier]}
              status={errors[cell] ? 'error' : undefined}
              onChange={(v) => onChange(r.key, { payouts: { ...r.payouts, [tier]: v } })}
              data-testid={`rate-${r.key}-${tier}`}
            />
          )}
          {r.base && (base !== undefined || r.payouts[tier] !== undefined) && <Hint base={base ?? 0} margin={marginOf(base ?? 0, r.payouts[tier])} />}
          <CellError code={errors[cell]} />
        </div>
      );
    },
  });

  const columns: TableColumnsType<SheetRow> = [
    {
      title: t('packages.grid.code'),
      key: 'code',
      width: 170,
      fixed: 'left',
      render: (_: unknown, r) => {
        const pool = poolOf(r.poolId);
        const rowError = errors[`${r.key}.payouts`] ?? errors[r.key];
        return (
          <div data-testid={`rate-row-${r.key}`}>
            <Typography.Text strong>{r.code === 'A' ? '3A' : r.code === 'C' ? '3C' : r.code}</Typography.Text>{' '}
            <Typography.Text type="secondary">{t(`packages.codes.${r.code}`, { defaultValue: '' })}</Typography.Text>
            {pool && (
              <div>
                <Tooltip title={t('packages.grid.overrideHint')}>
                  <Tag color="cyan" style={{ marginTop: 2 }}>
                    {t('packages.grid.poolOnly', { pool: t(`admin.pools.${pool.id}`, { defaultValue: pool.name }) })}
                  </Tag>
                </Tooltip>
              </div>
            )}
            <CellError code={rowError ? (errors[`${r.key}.payouts`] ? 'payoutsRequired' : rowError) : undefined} />
          </div>
        );
      },
    },
    {
      title: t('packages.grid.enabled'),
      key: 'enabled',
      width: 84,
      render: (_: unknown, r) => (
        <div>
          <Switch size="small" checked={r.enabled} disabled={readOnly} onChange={(enabled) => onChange(r.key, { enabled })} data-testid={`rate-${r.key}-enabled`} />
          <CellError code={errors[`${r.key}.enabled`] === 'max' ? 'notSoldByBase' : errors[`${r.key}.enabled`]} />
        </div>
      ),
    },
    {
      title: t('packages.grid.commission'),
      key: 'commission',
      width: 128,
      render: (_: unknown, r) => {
        const cell = `${r.key}.commissionPct`;
        return (
          <div data-testid={`rate-${r.key}-commissionPct-cell`}>
            {readOnly ? (
              <span className="num" data-testid={`rate-${r.key}-commissionPct`}>
                {fmt(r.commissionPct)}%
              </span>
            ) : (
              <NumericInput
                decimals={2}
                max={100}
                size="small"
                suffix="%"
                value={r.commissionPct}
                status={errors[cell] ? 'error' : undefined}
                onChange={(v) => onChange(r.key, { commissionPct: v })}
                data-testid={`rate-${r.key}-commissionPct`}
              />
            )}
            {r.base && <Hint base={r.base.commissionPct} margin={commissionMargin(r.base.commissionPct, r.commissionPct)} percent />}
            <CellError code={errors[cell]} />
          </div>
        );
      },
    },
    ...tiers.map(tierColumn),
  ];

  return (
    <>
      {anyBase && <Typography.Paragraph type="secondary">{t('packages.grid.baseHint')}</Typography.Paragraph>}
      <Table<SheetRow>
        className="rate-grid"
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.enabled ? '' : 'row-disabled')}
        onRow={(r) => ({ style: r.enabled ? undefined : { opacity: 0.6 } })}
        data-testid="rate-grid"
      />
    </>
  );
}
