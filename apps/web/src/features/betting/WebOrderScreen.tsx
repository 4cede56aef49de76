import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, ConfigProvider, Flex, Input, Row, Select, Space, Statistic, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BetType, PoolId } from '@app/domain';
import { translateMessage } from '../../i18n';
import { IdempotentAction, outcomeOf } from '../../ui/idempotency';
import { MAX_UNITS } from '../../ui/money';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { placeWebOrder, poolDefsOf, useAfterPlace, useBusinessDate, useOpenDays, usePools, type OpenDay, type PlacedTicket, type PoolChoice } from './api';
import { poolName } from '../admin/pools';
import { datesOf, serverNow, useDrawClock, type ClockData } from './drawClock';
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

const weekday = (t: TFunction, iso: string) => t(`betting.weekdays.${new Date(`${iso}T00:00:00Z`).getUTCDay()}`);
const dayText = (t: TFunction, iso: string) => `${shortDate(iso)} ${weekday(t, iso)}`;

/** Options of a draw picker: the next draw, then the open dates on which every chosen pool draws. */
function drawOptions(t: TFunction, days: OpenDay[], pools: readonly number[], nextLabel: string) {
  const fits = days.filter((d) => pools.every((p) => d.pools.has(p)));
  return [{ value: NEXT_DRAW, label: nextLabel }, ...fits.map((d) => ({ value: d.date, label: dayText(t, d.date) }))];
}

/**
 * The date the next draw of the chosen pools falls on, by the server's clock ("02/12 Wed"); when the
 * pools' next draws differ, each pool's ("M 02/12 · H 03/12"). Null while unknown or with no pool chosen.
 */
export function nextDrawText(t: TFunction, clock: ClockData | undefined, pools: readonly number[], letterOf: (id: number) => string): string | null {
  if (!clock || pools.length === 0) return null;
  const byPool = datesOf(clock, { kind: 'next', count: 1 }, pools, serverNow(clock));
  const dates = pools.map((p) => byPool.get(p)?.[0]);
  if (dates.every((d) => d === dates[0])) return dates[0] ? dayText(t, dates[0]) : t('betting.clock.noDraw');
  return pools.map((p, i) => `${letterOf(p)} ${dates[i] ? shortDate(dates[i]) : '-'}`).join(' · ');
}

/** Web order 2's pools: one check box each, with its name in the reader's language. */
function PoolChecks({ pools, value, onChange, testId }: { pools: PoolChoice[]; value: PoolId[]; onChange: (v: PoolId[]) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange(v as PoolId[])} data-testid={testId}>
      <Space size="middle" wrap>
        {pools.map((p) => (
          <Tooltip
            key={p.poolId}
            title={p.active ? (p.nextDraw ? `${t('betting.draw.next')}: ${shortDate(p.nextDraw.drawDate)}` : undefined) : t('betting.inactive')}
          >
            <Checkbox value={p.poolId} disabled={!p.active} data-testid={`${testId}-${p.poolId}`}>
              {`${p.letter} ${poolName(t, p.poolId, p.name)}`}
            </Checkbox>
          </Tooltip>
        ))}
      </Space>
    </Checkbox.Group>
  );
}

/**
 * A grid row's pools as letter toggles (antd's checkable tags): eight pools fit a laptop's row, and a click
 * ticks one. Each sits in a label, as a check box would, and names its pool on hover.
 */
function PoolToggles({ pools, value, onChange, testId }: { pools: PoolChoice[]; value: PoolId[]; onChange: (v: PoolId[]) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={2} data-testid={testId}>
      {pools.map((p) => (
        // The name on a pause, never in the way: toggling M then P fast must not meet M's tooltip over P.
        <Tooltip
          key={p.poolId}
          title={`${p.letter} ${poolName(t, p.poolId, p.name)}${p.active ? '' : ` · ${t('betting.inactive')}`}`}
          mouseEnterDelay={0.6}
          styles={{ root: { pointerEvents: 'none' } }}
        >
          <label>
            <Tag.CheckableTag
              checked={value.includes(p.poolId as PoolId)}
              disabled={!p.active}
              onChange={(on) => onChange(on ? [...value, p.poolId as PoolId] : value.filter((v) => v !== p.poolId))}
              style={{ marginInlineEnd: 0, paddingInline: 4, fontFamily: MONO, border: '1px solid #d9d9d9' }}
              aria-label={`${p.letter} ${poolName(t, p.poolId, p.name)}`}
              {...{ 'data-testid': `${testId}-${p.poolId}` }}
            >
              {p.letter}
            </Tag.CheckableTag>
          </label>
        </Tooltip>
      ))}
    </Flex>
  );
}

/** Where Tab goes in the grid: a row's number, then its amounts in the owner's code order, then the next row. */
const GRID_ROW = 'data-grid-row';
const GRID_COL = 'data-grid-col';

/**
 * The web order grids. Variant 1 (/betting/web-order): every row has its own pools and draw. Variant 2
 * (/betting/web-order2): one pools and draw selection at the top for a compact list of numbers.
 */
export function WebOrderScreen({ variant }: { variant: 1 | 2 }) {
  const { t } = useTranslation();
  const owner = useOrderOwner();
  const clock = useDrawClock();
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
  /** Why Place did nothing, said beside the button (the rows concerned are marked): never a dialog to dismiss. */
  const [problem, setProblem] = useState<Said | null>(null);
  /** Rows the cursor has left: their problems show at once, while the agent types the next row. */
  const [leftRows, setLeftRows] = useState<ReadonlySet<string>>(new Set());
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
    setProblem(null);
  };
  const update = (id: string, change: Partial<GridRow>) => {
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...change } : r)));
    edited();
  };
  const addRow = () => {
    const last = rows[rows.length - 1];
    // A new row of the per-row grid starts with the pools and draw of the row above, or the account's default
    // pools when the row above has none.
    const pools = last?.pools.length ? last.pools : [...(defaultPools ?? [])];
    const row = newRow(variant === 1 && last ? { pools, draw: last.draw, betType: last.betType } : { pools: [...(defaultPools ?? [])] });
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
  /**
   * Tab in the grid goes number -> the amounts in the owner's code order -> the next row's number (Shift+Tab
   * back), never through the bet type, pools or draw, which typed digits must not open; Tab off the last
   * row's last amount starts a row when that row is filled. Those controls stay a click away.
   */
  const onGridTab = (e: React.KeyboardEvent): boolean => {
    const target = e.target as HTMLElement;
    const col = Number(target.getAttribute(GRID_COL));
    const row = Number(target.getAttribute(GRID_ROW));
    if (e.key !== 'Tab' || e.ctrlKey || e.metaKey || e.altKey || !target.hasAttribute(GRID_COL)) return false;
    const last = codes.length;
    const [nextRow, nextCol] = e.shiftKey ? (col > 0 ? [row, col - 1] : [row - 1, last]) : col < last ? [row, col + 1] : [row + 1, 0];
    const grid = e.currentTarget as HTMLElement;
    const next = grid.querySelector<HTMLInputElement>(`[${GRID_ROW}="${nextRow}"][${GRID_COL}="${nextCol}"]`);
    if (next) {
      e.preventDefault();
      next.focus();
      next.select();
      return true;
    }
    if (!e.shiftKey && nextRow > rows.length && !isBlankRow(rows[rows.length - 1])) {
      e.preventDefault();
      addRow();
      return true;
    }
    return false;
  };
  /** Enter in a field of the grid adds a row (and moves to it). */
  const onGridKey = (e: React.KeyboardEvent) => {
    if (onGridTab(e)) return;
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
    setLeftRows(new Set());
    edited();
  };

  /** The cursor left a row: from now on its problems show on it. */
  const leftRow = (id: string) => setLeftRows((set) => (set.has(id) ? set : new Set(set).add(id)));

  const rowError = (id: string, shown = showErrors): string | undefined => {
    const server = serverErrors.get(id);
    if (server) return server;
    if ((!shown && !leftRows.has(id)) || !check) return undefined;
    const key = check.errors.get(id);
    return variant === 2 && key && SHARED_KEYS.has(key) ? undefined : key;
  };

  const place = async () => {
    if (placing || !check) return;
    setRefusal(null);
    setShowErrors(true);
    setProblem(null);
    if (owner.ownerId === undefined) {
      setProblem(() => (tt: TFunction) => tt('betting.pickAccount'));
      return;
    }
    if (sharedProblem) {
      setProblem(() => (tt: TFunction) => translateMessage(tt, sharedProblem));
      return;
    }
    if (check.empty) {
      setProblem(() => (tt: TFunction) => translateMessage(tt, 'NO_BET_LINES'));
      firstRowRef.current.get(rows[0]?.id)?.focus();
      return;
    }
    // Variant 2's draw and pools problems are said once, above; the rows carry their own.
    const bad = rows.filter((r) => check.errors.has(r.id) && rowError(r.id, true));
    if (check.errors.size > 0) {
      const first = bad[0] ?? rows.find((r) => check.errors.has(r.id))!;
      const n = rows.indexOf(first) + 1;
      const key = check.errors.get(first.id);
      setProblem(() => (tt: TFunction) => (bad.length > 1 ? tt('betting.rowsProblem', { row: n, count: bad.length, message: translateMessage(tt, key) }) : tt('betting.rowProblem', { row: n, message: translateMessage(tt, key) })));
      firstRowRef.current.get(first.id)?.focus();
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
      setLeftRows(new Set());
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

  const letterOf = (id: number) => poolList.find((p) => p.poolId === id)?.letter ?? String(id);
  const indexOf = (id: string) => rows.findIndex((r) => r.id === id) + 1;
  /** What the draw field buys, dated: "Next draw" becomes the date its pools' next draw falls on. */
  const nextOf = (pools: readonly number[]) => nextDrawText(t, clock.data, pools, letterOf);
  const drawTag = (pools: readonly number[], n: number) =>
    function DrawTag({ value, label, closable, onClose }: { value: unknown; label: React.ReactNode; closable: boolean; onClose: () => void }) {
      const next = value === NEXT_DRAW ? nextOf(pools) : null;
      return (
        <Tooltip title={value === NEXT_DRAW ? t('betting.draw.next') : undefined}>
          <Tag closable={closable && value !== NEXT_DRAW} onClose={onClose} style={{ marginInlineEnd: 2 }} data-testid={value === NEXT_DRAW ? `${prefix}-draw-date-${n}` : undefined}>
            {next ?? label}
          </Tag>
        </Tooltip>
      );
    };
  /** A grid field Tab moves through: row n, column 0 (number) or 1.. (the amounts). */
  const gridField = (n: number, col: number) => ({ [GRID_ROW]: n, [GRID_COL]: col });
  const columns: TableColumnsType<GridRow> = [
    { title: '#', key: 'index', width: 30, align: 'right', render: (_: unknown, r) => indexOf(r.id) },
    {
      title: t('betting.number'),
      key: 'number',
      width: 76,
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
            {...gridField(n, 0)}
            data-testid={`${prefix}-number-${n}`}
          />
        );
      },
    },
    {
      title: t('betting.betType'),
      key: 'betType',
      width: 84,
      render: (_: unknown, r) => (
        <Select<BetType>
          value={r.betType}
          onChange={(v) => update(r.id, { betType: v })}
          options={BET_TYPES.map((b) => ({ value: b, label: t(`betting.betTypes.${b}`) }))}
          // The short name in the field: a narrow column keeps the amounts and pools on screen.
          labelRender={(o) => t(`betting.betTypesShort.${o.value as number}`)}
          popupMatchSelectWidth={false}
          tabIndex={-1}
          style={{ width: '100%' }}
          data-testid={`${prefix}-type-${indexOf(r.id)}`}
        />
      ),
    },
    ...codes.map((code, i) => ({
      title: code,
      key: `amount-${code}`,
      width: 62,
      render: (_: unknown, r: GridRow) => (
        <NumericInput
          decimals={2}
          max={MAX_UNITS}
          value={r.amounts[code]}
          onChange={(v) => update(r.id, { amounts: { ...r.amounts, [code]: v } })}
          style={{ width: '100%' }}
          {...gridField(indexOf(r.id), i + 1)}
          data-testid={`${prefix}-amount-${indexOf(r.id)}-${code}`}
        />
      ),
    })),
    ...(variant === 1
      ? [
          {
            title: t('betting.pools'),
            key: 'pools',
            width: Math.max(100, poolList.length * 23 + 10),
            render: (_: unknown, r: GridRow) => (
              <PoolToggles pools={poolList} value={r.pools} onChange={(v) => update(r.id, { pools: v })} testId={`${prefix}-pool-${indexOf(r.id)}`} />
            ),
          },
          {
            title: t('betting.drawCol'),
            key: 'draw',
            width: 140,
            render: (_: unknown, r: GridRow) => (
              <Select<string[]>
                mode="multiple"
                value={r.draw}
                onChange={(v) => update(r.id, { draw: changeDrawPick(r.draw, v) })}
                options={drawOptions(t, openDays.days, r.pools, t('betting.draw.next'))}
                tagRender={drawTag(r.pools, indexOf(r.id))}
                maxTagCount={1}
                popupMatchSelectWidth={false}
                placeholder={t('betting.pickDraw')}
                tabIndex={-1}
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
      width: 56,
      align: 'right',
      render: (_: unknown, r) => check?.numbers.get(r.id) ?? '',
    },
    {
      title: t('betting.gross'),
      key: 'gross',
      width: 84,
      align: 'right',
      render: (_: unknown, r) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`${prefix}-row-total-${indexOf(r.id)}`}>
          {check?.gross.has(r.id) ? formatCents(check.gross.get(r.id)) : ''}
        </span>
      ),
    },
    {
      key: 'remove',
      width: 32,
      render: (_: unknown, r) => (
        <Tooltip title={t('betting.removeRow')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('betting.removeRow')}
            tabIndex={-1}
            onClick={() => removeRow(r.id)}
            data-testid={`${prefix}-remove-${indexOf(r.id)}`}
          />
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
                  options={drawOptions(t, openDays.days, sharedPools, nextOf(sharedPools) ? `${t('betting.draw.next')} · ${nextOf(sharedPools)}` : t('betting.draw.next'))}
                  placeholder={t('betting.pickDraw')}
                  style={{ minWidth: 320, maxWidth: '100%' }}
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
          size="small"
          title={t('betting.rows')}
          extra={
            <Space>
              {variant === 1 && (
                <Button onClick={copyDown} data-testid={`${prefix}-copy-down`}>
                  {t('betting.copyDown')}
                </Button>
              )}
              <Button icon={<PlusOutlined aria-hidden />} onClick={addRow} data-testid={`${prefix}-add`}>
                {t('betting.addRow')}
              </Button>
              <Button onClick={clearAll} disabled={placing} data-testid={`${prefix}-clear`}>
                {t('betting.clear')}
              </Button>
            </Space>
          }
        >
          {/* Compact cells: the whole row (amounts, pools, draw, figures) fits a 1366 px laptop. */}
          <ConfigProvider theme={{ components: { Table: { cellPaddingInlineSM: 4, cellPaddingBlockSM: 4 } } }}>
          <Table<GridRow>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            pagination={false}
            tableLayout="fixed"
            style={variant === 2 ? { maxWidth: 900 } : undefined}
            expandable={{
              showExpandColumn: false,
              expandedRowKeys: errorRows,
              expandedRowRender: (r) => (
                <Typography.Text type="danger" data-testid={`${prefix}-error-${indexOf(r.id)}`}>
                  {t('betting.rowProblem', { row: indexOf(r.id), message: translateMessage(t, rowError(r.id)) })}
                </Typography.Text>
              ),
            }}
            onRow={(r) => ({
              style: rowError(r.id) ? { background: '#fff1f0' } : undefined,
              'data-row-error': rowError(r.id) ? 'true' : undefined,
              // Focus moved to another row of the grid: this row's problems show from now on. Not when it
              // moves out of the grid (to Place, say): the message's row appearing on mousedown would move
              // the button from under the pointer and lose the click.
              onBlur: (e: React.FocusEvent<HTMLElement>) => {
                const to = e.relatedTarget as Node | null;
                const grid = e.currentTarget.closest('tbody');
                if (to && grid?.contains(to) && !e.currentTarget.contains(to) && !isBlankRow(r)) leftRow(r.id);
              },
            }) as React.HTMLAttributes<HTMLElement>}
            data-testid={`${prefix}-grid`}
          />
          </ConfigProvider>
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
              <Space wrap style={{ justifyContent: 'flex-end' }}>
                {problem && <Alert type="error" showIcon title={problem(t)} style={{ textAlign: 'left' }} data-testid={`${prefix}-problem`} />}
              <Button type="primary" size="large" onClick={() => void place()} loading={placing} disabled={placing} data-testid={`${prefix}-place`}>
                {t('betting.place')}
              </Button>
              </Space>
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
