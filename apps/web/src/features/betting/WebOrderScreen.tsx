import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Input, Row, Select, Space, Statistic, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BetType, PoolId } from '@app/domain';
import { translateMessage } from '../../i18n';
import { IdempotentAction, outcomeOf } from '../../ui/idempotency';
import { MAX_UNITS } from '../../ui/money';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { placeWebOrder, poolDefsOf, useAfterPlace, useBusinessDate, useOpenDays, usePools, type OpenDay, type PlacedTicket, type PoolChoice } from './api';
import { refusalText, shortDate, type Said } from './labels';
import { DrawClock } from './DrawClock';
import { OwnerBar } from './OwnerBar';
import { useBetSettings } from './settings';
import { PlacedResult } from './PlacedResult';
import { lineErrorsOf } from './preview';
import { useOrderOwner } from './useOrderOwner';
import {
  BET_TYPES,
  changeDrawPick,
  checkGrid,
  GRID_CODES,
  isBlankRow,
  newRow,
  NEXT_DRAW,
  serverErrorsToRows,
  type DrawPick,
  type GridRow,
} from './webOrder';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
/** Keys of the draw and pools problems that web order 2 shows once at the top, not on every row. */
const SHARED_KEYS = new Set(['SELECT_AT_LEAST_ONE_POOL', 'SELECT_BET_DATE']);

/** Options of a draw picker: the next draw, then the open dates on which every chosen pool draws. */
function drawOptions(t: TFunction, days: OpenDay[], pools: readonly number[], nextLabel: string) {
  const fits = days.filter((d) => pools.every((p) => d.pools.has(p)));
  return [
    { value: NEXT_DRAW, label: nextLabel },
    ...fits.map((d) => ({ value: d.date, label: `${shortDate(d.date)} ${t(`betting.weekdays.${new Date(`${d.date}T00:00:00Z`).getUTCDay()}`)}` })),
  ];
}

function PoolChecks({
  pools,
  value,
  onChange,
  testId,
  withNames,
}: {
  pools: PoolChoice[];
  value: PoolId[];
  onChange: (v: PoolId[]) => void;
  testId: string;
  withNames?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange(v as PoolId[])} data-testid={testId}>
      <Space size={withNames ? 'middle' : 2} wrap={!!withNames}>
        {pools.map((p) => (
          <Tooltip
            key={p.poolId}
            title={`${p.name}${p.active ? (p.nextDraw ? ` · ${t('betting.draw.next')}: ${shortDate(p.nextDraw.drawDate)}` : '') : ` · ${t('betting.inactive')}`}`}
          >
            <Checkbox value={p.poolId} disabled={!p.active} data-testid={`${testId}-${p.poolId}`} style={withNames ? undefined : { marginInlineEnd: 0 }}>
              {withNames ? `${p.letter} ${p.name}` : p.letter}
            </Checkbox>
          </Tooltip>
        ))}
      </Space>
    </Checkbox.Group>
  );
}

/**
 * The web order grids. Variant 1 (/betting/web-order): every row has its own pools and draw. Variant 2
 * (/betting/web-order2): one pools and draw selection at the top for a compact list of numbers.
 */
export function WebOrderScreen({ variant }: { variant: 1 | 2 }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const owner = useOrderOwner();
  const { today } = useBusinessDate();
  const pools = usePools();
  const openDays = useOpenDays(today);
  const afterPlace = useAfterPlace();
  const prefix = variant === 1 ? 'web-order' : 'web-order2';
  const startRows = variant === 1 ? 3 : 8;
  const [rows, setRows] = useState<GridRow[]>(() => Array.from({ length: startRows }, () => newRow()));
  const [sharedPools, setSharedPools] = useState<PoolId[]>([]);
  const [sharedDraw, setSharedDraw] = useState<DrawPick>([NEXT_DRAW]);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
  const [placing, setPlacing] = useState(false);
  const [result, setResult] = useState<PlacedTicket | null>(null);
  const [refusal, setRefusal] = useState<Said | null>(null);
  const action = useRef(new IdempotentAction());
  const eatSequence = owner.owner.data?.eatSequence ?? '*/**';
  const settings = useBetSettings(owner.owner.data);
  /** The amount columns: the owner's bet-code order. */
  const codes = settings?.codeOrder ?? GRID_CODES;
  const defaultPools = settings?.defaultPools;
  const poolList = useMemo(() => pools.data ?? [], [pools.data]);
  const poolDefs = useMemo(() => (pools.data ? poolDefsOf(pools.data) : undefined), [pools.data]);
  const firstRowRef = useRef<Map<string, HTMLInputElement>>(new Map());
  const focusNumberOf = useRef<string | null>(null);

  // The owner's default pools are the pools of rows nobody has given pools yet.
  useEffect(() => {
    if (!defaultPools?.length) return;
    if (variant === 2) setSharedPools((p) => (p.length ? p : [...defaultPools]));
    else setRows((rs) => rs.map((r) => (r.pools.length || !isBlankRow(r) ? r : { ...r, pools: [...defaultPools] })));
  }, [defaultPools, variant]);

  const effective = useMemo(
    () => (variant === 1 ? rows : rows.map((r) => ({ ...r, pools: sharedPools, draw: sharedDraw }))),
    [variant, rows, sharedPools, sharedDraw],
  );
  const check = useMemo(
    () => (today ? checkGrid(effective, { eatSequence, codeOrder: codes, today, pools: poolDefs, openDraws: openDays.loading ? undefined : openDays.byDate }) : null),
    [effective, eatSequence, codes, today, poolDefs, openDays.loading, openDays.byDate],
  );
  const sharedProblem = variant === 2 ? (sharedPools.length === 0 ? 'SELECT_AT_LEAST_ONE_POOL' : sharedDraw.length === 0 ? 'SELECT_BET_DATE' : null) : null;

  const edited = () => {
    setServerErrors(new Map());
    setRefusal(null);
  };
  const update = (id: string, change: Partial<GridRow>) => {
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...change } : r)));
    edited();
  };
  const addRow = () => {
    const last = rows[rows.length - 1];
    // A new row of the per-row grid starts with the pools and draw of the row above (or the default pools).
    const row = newRow(variant === 1 && last ? { pools: last.pools, draw: last.draw, betType: last.betType } : { pools: [...(defaultPools ?? [])] });
    focusNumberOf.current = row.id;
    setRows((rs) => [...rs, row]);
  };
  useEffect(() => {
    // The row Enter added takes the cursor in its number field.
    const id = focusNumberOf.current;
    if (!id) return;
    focusNumberOf.current = null;
    firstRowRef.current.get(id)?.focus();
  }, [rows]);
  /** Enter in a field of the grid adds a row (and moves to it). */
  const onGridKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
    const target = e.target as HTMLElement;
    const typing = target instanceof HTMLInputElement && ['text', 'tel', 'number', 'search'].includes(target.type);
    if (!typing || target.getAttribute('role') === 'combobox') return;
    e.preventDefault();
    addRow();
  };
  const removeRow = (id: string) => {
    setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.id !== id) : [newRow()]));
    edited();
  };
  /** The per-row grid: every row takes the first row's pools and draw. */
  const copyDown = () => {
    setRows((rs) => rs.map((r, i) => (i === 0 ? r : { ...r, pools: rs[0].pools, draw: rs[0].draw })));
    edited();
  };
  const clearAll = () => {
    setRows(Array.from({ length: startRows }, () => newRow(variant === 1 ? { pools: [...(defaultPools ?? [])] } : {})));
    setShowErrors(false);
    edited();
  };

  const rowError = (id: string): string | undefined => {
    const server = serverErrors.get(id);
    if (server) return server;
    if (!showErrors || !check) return undefined;
    const key = check.errors.get(id);
    return variant === 2 && key && SHARED_KEYS.has(key) ? undefined : key;
  };

  const place = async () => {
    if (placing || !check) return;
    setRefusal(null);
    setShowErrors(true);
    if (owner.ownerId === undefined) {
      alerts.error(t('betting.pickAccount'));
      return;
    }
    if (sharedProblem) {
      alerts.errorKey(sharedProblem);
      return;
    }
    if (check.empty) {
      alerts.errorKey('NO_BET_LINES');
      return;
    }
    if (check.errors.size > 0) {
      const index = rows.findIndex((r) => check.errors.has(r.id));
      alerts.error(t('betting.rowProblem', { row: index + 1, message: translateMessage(t, check.errors.get(rows[index].id)) }));
      return;
    }
    const payload = { rows: check.apiRows, sourceType: variant, targetUserId: owner.targetUserId };
    const idempotencyKey = action.current.keyFor(payload);
    setPlacing(true);
    const r = await placeWebOrder({ ...payload, idempotencyKey });
    setPlacing(false);
    const outcome = outcomeOf(r);
    action.current.settle(outcome);
    if (r.success && r.data) {
      setResult(r.data);
      setServerErrors(new Map());
      setShowErrors(false);
      // The next order starts clean; the per-row grid keeps the first row's pools and draw.
      const first = rows[0];
      setRows(Array.from({ length: startRows }, () => newRow(variant === 1 && first ? { pools: first.pools, draw: first.draw } : {})));
      afterPlace();
      return;
    }
    if (outcome === 'uncertain') {
      setRefusal(() => (tt: TFunction) => `${tt('messages.INTERNAL_SERVER_ERROR')} ${tt('betting.retryHint')}`);
      return;
    }
    const byRow = serverErrorsToRows(lineErrorsOf(r.data), check.sentIds);
    setServerErrors(byRow);
    setRefusal(() => (tt: TFunction) => (byRow.size ? tt('betting.refusedRows', { message: refusalText(tt, r) }) : refusalText(tt, r)));
  };

  const nextLabel = t('betting.draw.next');
  const indexOf = (id: string) => rows.findIndex((r) => r.id === id) + 1;
  const columns: TableColumnsType<GridRow> = [
    { title: '#', key: 'index', width: 44, align: 'right', render: (_: unknown, r) => indexOf(r.id) },
    {
      title: t('betting.number'),
      key: 'number',
      width: 110,
      render: (_: unknown, r) => {
        const n = indexOf(r.id);
        return (
          <Input
            ref={(el) => {
              const input = el?.input;
              if (input) firstRowRef.current.set(r.id, input);
              else firstRowRef.current.delete(r.id);
            }}
            value={r.number}
            onChange={(e) => update(r.id, { number: e.target.value.replace(/\D/g, '').slice(0, 6) })}
            maxLength={6}
            inputMode="numeric"
            autoComplete="off"
            status={rowError(r.id) ? 'error' : undefined}
            style={{ fontFamily: MONO }}
            data-testid={`${prefix}-number-${n}`}
          />
        );
      },
    },
    {
      title: t('betting.betType'),
      key: 'betType',
      width: 120,
      render: (_: unknown, r) => (
        <Select<BetType>
          value={r.betType}
          onChange={(v) => update(r.id, { betType: v })}
          options={BET_TYPES.map((b) => ({ value: b, label: t(`betting.betTypes.${b}`) }))}
          style={{ width: '100%' }}
          data-testid={`${prefix}-type-${indexOf(r.id)}`}
        />
      ),
    },
    ...codes.map((code) => ({
      title: code,
      key: `amount-${code}`,
      width: 86,
      render: (_: unknown, r: GridRow) => (
        <NumericInput
          decimals={2}
          max={MAX_UNITS}
          value={r.amounts[code]}
          onChange={(v) => update(r.id, { amounts: { ...r.amounts, [code]: v } })}
          data-testid={`${prefix}-amount-${indexOf(r.id)}-${code}`}
        />
      ),
    })),
    ...(variant === 1
      ? [
          {
            title: t('betting.pools'),
            key: 'pools',
            width: 330,
            render: (_: unknown, r: GridRow) => (
              <PoolChecks pools={poolList} value={r.pools} onChange={(v) => update(r.id, { pools: v })} testId={`${prefix}-pool-${indexOf(r.id)}`} />
            ),
          },
          {
            title: t('betting.drawCol'),
            key: 'draw',
            width: 220,
            render: (_: unknown, r: GridRow) => (
              <Select<string[]>
                mode="multiple"
                value={r.draw}
                onChange={(v) => update(r.id, { draw: changeDrawPick(r.draw, v) })}
                options={drawOptions(t, openDays.days, r.pools, nextLabel)}
                maxTagCount="responsive"
                placeholder={t('betting.pickDraw')}
                style={{ width: '100%' }}
                data-testid={`${prefix}-draw-${indexOf(r.id)}`}
              />
            ),
          },
        ]
      : []),
    {
      title: t('betting.numbers'),
      key: 'numbers',
      width: 80,
      align: 'right',
      render: (_: unknown, r) => check?.numbers.get(r.id) ?? '',
    },
    {
      title: t('betting.gross'),
      key: 'gross',
      width: 110,
      align: 'right',
      render: (_: unknown, r) => <span data-testid={`${prefix}-row-total-${indexOf(r.id)}`}>{check?.gross.has(r.id) ? formatCents(check.gross.get(r.id)) : ''}</span>,
    },
    {
      key: 'remove',
      width: 48,
      render: (_: unknown, r) => (
        <Tooltip title={t('betting.removeRow')}>
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => removeRow(r.id)} data-testid={`${prefix}-remove-${indexOf(r.id)}`} />
        </Tooltip>
      ),
    },
  ];

  const errorRows = rows.filter((r) => rowError(r.id)).map((r) => r.id);
  const clockPoolsKey = [...new Set(variant === 2 ? sharedPools : rows.flatMap((r) => r.pools))].sort().join(',');
  const clockPools = useMemo(() => (clockPoolsKey ? clockPoolsKey.split(',').map(Number) : []), [clockPoolsKey]);
  const filled = rows.filter((r) => !isBlankRow(r)).length;

  return (
    <div data-testid={`${prefix}-page`}>
      <Typography.Title level={3}>{t(variant === 1 ? 'betting.routes.webOrder' : 'betting.routes.webOrder2')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            <OwnerBar owner={owner} today={today} />
            <DrawClock pools={clockPools} />
          </Space>
        </Card>
        {variant === 2 && (
          <Card title={t('betting.sharedSelection')} size="small" data-testid={`${prefix}-shared`}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space align="start" wrap>
                <Typography.Text strong style={{ display: 'inline-block', width: 90 }}>
                  {t('betting.pools')}
                </Typography.Text>
                <PoolChecks
                  pools={poolList}
                  value={sharedPools}
                  onChange={(v) => {
                    setSharedPools(v);
                    edited();
                  }}
                  testId={`${prefix}-pool`}
                  withNames
                />
              </Space>
              <Space align="center" wrap>
                <Typography.Text strong style={{ display: 'inline-block', width: 90 }}>
                  {t('betting.drawCol')}
                </Typography.Text>
                <Select<string[]>
                  mode="multiple"
                  value={sharedDraw}
                  onChange={(v) => {
                    setSharedDraw(changeDrawPick(sharedDraw, v));
                    edited();
                  }}
                  options={drawOptions(t, openDays.days, sharedPools, nextLabel)}
                  placeholder={t('betting.pickDraw')}
                  style={{ minWidth: 420 }}
                  data-testid={`${prefix}-draw`}
                />
              </Space>
              {showErrors && sharedProblem && (
                <Typography.Text type="danger" data-testid={`${prefix}-shared-error`}>
                  {translateMessage(t, sharedProblem)}
                </Typography.Text>
              )}
            </Space>
          </Card>
        )}
        {refusal && <Alert type="error" showIcon title={refusal(t)} data-testid="bet-refusal" />}
        {result && <PlacedResult ticket={result} currency={owner.owner.data?.currency} onClose={() => setResult(null)} />}
        <Card
          onKeyDown={onGridKey}
          title={t('betting.rows')}
          extra={
            <Space>
              {variant === 1 && (
                <Button onClick={copyDown} data-testid={`${prefix}-copy-down`}>
                  {t('betting.copyDown')}
                </Button>
              )}
              <Button icon={<PlusOutlined />} onClick={addRow} data-testid={`${prefix}-add`}>
                {t('betting.addRow')}
              </Button>
              <Button onClick={clearAll} disabled={placing} data-testid={`${prefix}-clear`}>
                {t('betting.clear')}
              </Button>
            </Space>
          }
        >
          <Table<GridRow>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            style={variant === 2 ? { maxWidth: 1080 } : undefined}
            expandable={{
              showExpandColumn: false,
              expandedRowKeys: errorRows,
              expandedRowRender: (r) => (
                <Typography.Text type="danger" data-testid={`${prefix}-error-${indexOf(r.id)}`}>
                  {t('betting.rowProblem', { row: indexOf(r.id), message: translateMessage(t, rowError(r.id)) })}
                </Typography.Text>
              ),
            }}
            onRow={(r) => ({ style: rowError(r.id) ? { background: '#fff1f0' } : undefined })}
            data-testid={`${prefix}-grid`}
          />
          <Row gutter={16} align="middle" style={{ marginTop: 16 }}>
            <Col flex="none">
              <Statistic title={t('betting.rowsFilled')} value={filled} />
            </Col>
            <Col flex="none">
              <Statistic title={t('betting.numbers')} value={check?.totalNumbers ?? 0} valueRender={(v) => <span data-testid={`${prefix}-total-numbers`}>{v}</span>} />
            </Col>
            <Col flex="none">
              <Statistic
                title={t('betting.grossTotal')}
                value={formatCents(check?.totalGross ?? 0)}
                valueRender={(v) => <span data-testid={`${prefix}-total`}>{v}</span>}
              />
            </Col>
            <Col flex="auto" style={{ textAlign: 'right' }}>
              <Button type="primary" size="large" onClick={() => void place()} loading={placing} disabled={placing} data-testid={`${prefix}-place`}>
                {t('betting.place')}
              </Button>
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('betting.previewNote')}
          </Typography.Paragraph>
        </Card>
      </Space>
    </div>
  );
}
