import { useEffect, useRef, useState, type ClipboardEvent } from 'react';
import { App, Button, Card, Collapse, Input, InputNumber, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InputRef } from 'antd';
import { Link } from 'react-router';
import { translateMessage } from '../../i18n';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { poolName, POOL_COLORS } from '../admin/pools';
import { releaseResult, saveResult, validateResult, type PoolResultRow, type SettlementStatusRow } from './api';
import { SettlementSteps } from './SettlementSteps';
import { hasFiveD, hasSixD, looksLikeWholeResult, nextSlot, parseWholeResult, readSlot, slotLength, toPoolResult, toSlotValues, type SlotValues } from './slots';

const STATUS_COLORS: Record<PoolResultRow['status'], string> = { none: 'default', entered: 'blue', fetched: 'purple', released: 'green' };
const jackpotsOf = (r: PoolResultRow) => ({ jackpot1: r.jackpots?.jackpot1 ?? null, jackpot2: r.jackpots?.jackpot2 ?? null });
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** One pool's result of the date: its 23 slots (and 5D/6D), who entered, changed and released it, its history. */
export function PoolResultCard({
  row,
  settlement,
  canEdit,
  onChanged,
}: {
  row: PoolResultRow;
  settlement?: SettlementStatusRow;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [values, setValues] = useState<SlotValues>(() => toSlotValues(row.resultForm, row.numbers));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'check' | 'save' | 'release' | null>(null);
  const [reasonOpen, setReasonOpen] = useState(false);
  const [reason, setReason] = useState('');
  // The jackpots published with the result (RM, optional); they change apart from the numbers (decision 0030).
  const [jackpots, setJackpots] = useState(() => jackpotsOf(row));
  const [jackpotsDirty, setJackpotsDirty] = useState(false);
  useEffect(() => {
    if (!jackpotsDirty) setJackpots(jackpotsOf(row));
  }, [row, jackpotsDirty]);

  // The 10-second refresh brings others' changes; it never overwrites what is being typed.
  useEffect(() => {
    if (!dirty) setValues(toSlotValues(row.resultForm, row.numbers));
  }, [row.version, row.numbers, row.poolId, dirty]);

  const editable = canEdit && row.closed;
  const released = row.status === 'released';

  // Entry by keyboard (issue 29 line 8): a complete number moves on to the next slot; a number longer than
  // its slot is refused with a message (never cut); a whole published result pasted fills every slot.
  const inputs = useRef<Record<string, InputRef | null>>({});
  const [entryErrors, setEntryErrors] = useState<Record<string, string>>({});
  const clearError = (slot: string) => {
    const drop = (e: Record<string, string>) => {
      if (!(slot in e)) return e;
      const { [slot]: _drop, ...rest } = e;
      return rest;
    };
    setErrors(drop);
    setEntryErrors(drop);
  };

  const set = (slot: string, raw: string) => {
    const read = readSlot(slot, raw);
    if ('tooLong' in read) {
      setEntryErrors((e) => ({ ...e, [slot]: t('adminGuard.entry.tooLong', { len: read.tooLong }) }));
      return;
    }
    setValues((v) => ({ ...v, [slot]: read.value }));
    setDirty(true);
    clearError(slot);
    if (read.value.length === slotLength(slot) && read.value !== (values[slot] ?? '')) {
      const next = nextSlot(row.resultForm, slot);
      if (next) inputs.current[next]?.focus({ cursor: 'all' });
    }
  };

  const paste = (slot: string, e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!looksLikeWholeResult(text)) return;
    e.preventDefault();
    const parsed = parseWholeResult(row.resultForm, text);
    if ('count' in parsed) {
      setEntryErrors((x) => ({ ...x, [slot]: t('adminGuard.entry.pasteWrongCount', { count: parsed.count }) }));
      return;
    }
    setValues((v) => ({ ...v, ...parsed.values }));
    setDirty(true);
    setErrors({});
    setEntryErrors({});
    void message.success(t('adminGuard.entry.pasted', { count: Object.keys(parsed.values).length }));
  };

  const check = async () => {
    setBusy('check');
    const r = await validateResult(row.drawId, toPoolResult(row.resultForm, values));
    setBusy(null);
    if (r.success && r.data) {
      setErrors(Object.fromEntries(r.data.errors.map((e) => [e.slot, e.problem])));
      if (r.data.valid) void message.success(t('results.valid'));
    }
  };

  const save = async (withReason?: string) => {
    setBusy('save');
    const r = await saveResult({ drawId: row.drawId, numbers: toPoolResult(row.resultForm, values), version: row.version, reason: withReason, jackpots });
    setBusy(null);
    if (r.success) {
      setDirty(false);
      setJackpotsDirty(false);
      setErrors({});
      setReasonOpen(false);
      setReason('');
      void message.success(t('results.saved', { pool: poolName(t, row.poolId, row.poolName) }));
      onChanged();
    } else if (r.serverMessage === 'RESULT_INVALID' && r.data) {
      setErrors(r.data as unknown as Record<string, string>);
      alerts.errorKey('RESULT_INVALID');
    } else {
      alerts.errorKey(r.serverMessage || r.message);
    }
  };

  const release = () =>
    alerts.confirm(t('results.confirmRelease', { pool: poolName(t, row.poolId, row.poolName), date: row.drawDate }), () => {
      void (async () => {
        setBusy('release');
        const r = await releaseResult(row.drawId, row.version);
        setBusy(null);
        if (r.success) {
          void message.success(t('results.releasedOk', { pool: poolName(t, row.poolId, row.poolName) }));
          onChanged();
        } else alerts.errorKey(r.serverMessage || r.message);
      })();
    });

  const slotLabel = (name: string) => t(`results.slots.${name.replace(/\d+$/, '')}`, { n: name.match(/\d+$/)?.[0] ?? '' });
  const slot = (name: string, width = 64) => {
    const error = entryErrors[name] ?? (errors[name] ? translateMessage(t, errors[name]) : undefined);
    const input = editable ? (
      <Input
        ref={(el) => {
          inputs.current[name] = el;
        }}
        value={values[name] ?? ''}
        onChange={(e) => set(name, e.target.value)}
        onPaste={(e) => paste(name, e)}
        status={error ? 'error' : undefined}
        style={{ width }}
        className="num"
        inputMode="numeric"
        aria-label={slotLabel(name)}
        aria-invalid={error ? true : undefined}
        data-testid={`slot-${row.poolId}-${name}`}
      />
    ) : (
      <span className="num result-number" data-testid={`slot-${row.poolId}-${name}`}>
        {values[name] || '----'}
      </span>
    );
    // The message is listed under the slots (it never covers the next slot); hovering the slot shows it too.
    return error ? (
      <Tooltip key={name} title={error}>
        {input}
      </Tooltip>
    ) : (
      <span key={name}>{input}</span>
    );
  };
  const slotErrors = Object.entries({ ...Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateMessage(t, v)])), ...entryErrors });

  const title = (
    <Space>
      <span className="draw-letter" style={{ color: POOL_COLORS[row.poolId] }}>
        {poolName(t, row.poolId, row.poolName)}
      </span>
      <Tag color={STATUS_COLORS[row.status]} data-testid={`result-status-${row.poolId}`}>
        {t(`results.status.${row.status}`)}
      </Tag>
      {row.confirmed && <Tag color="cyan">{t('results.confirmed')}</Tag>}
      {!row.closed && <Tag>{t('results.notClosed', { cutoff: formatInstant(row.cutoffAt) })}</Tag>}
    </Space>
  );

  const actions = editable ? (
    <Space>
      <Button icon={<CheckOutlined aria-hidden />} loading={busy === 'check'} onClick={() => void check()} data-testid={`result-check-${row.poolId}`}>
        {t('results.check')}
      </Button>
      <Button
        type="primary"
        icon={<SaveOutlined aria-hidden />}
        disabled={!dirty && !jackpotsDirty}
        loading={busy === 'save'}
        onClick={() => (released && dirty ? setReasonOpen(true) : void save())}
        data-testid={`result-save-${row.poolId}`}
      >
        {released ? t('results.correct') : t('common.save')}
      </Button>
      {
        <Tooltip
          title={
            released
              ? t('adminGuard.steps.resultReleased', { by: row.releasedBy ?? t('results.system'), at: formatInstant(row.releasedAt) })
              : row.canRelease || !row.releaseBlockedBy
                ? undefined
                : translateMessage(t, row.releaseBlockedBy)
          }
        >
          {/* A disabled button fires no hover: the wrapper carries the tooltip saying why. Released once: it stays, disabled, saying by whom. */}
          <span data-testid={`result-release-why-${row.poolId}`}>
            <Button
              icon={<SendOutlined aria-hidden />}
              disabled={released || !row.canRelease || dirty}
              loading={busy === 'release'}
              onClick={release}
              data-testid={`result-release-${row.poolId}`}
            >
              {t('results.release')}
            </Button>
          </span>
        </Tooltip>
      }
    </Space>
  ) : null;

  return (
    <Card size="small" title={title} extra={actions} className="result-card" data-testid={`result-card-${row.poolId}`}>
      <div className="result-grid">
        <div className="result-row">
          {(['first', 'second', 'third'] as const).map((p) => (
            <label key={p} className="result-top">
              <span>{t(`results.slots.${p}`)}</span>
              {slot(p, 80)}
            </label>
          ))}
        </div>
        <div className="result-row">
          <span className="result-label">{t('results.slots.starterAll')}</span>
          {range(10).map((i) => slot(`starter${i}`))}
        </div>
        <div className="result-row">
          <span className="result-label">{t('results.slots.consolationAll')}</span>
          {range(10).map((i) => slot(`consolation${i}`))}
        </div>
        {hasFiveD(row.resultForm) && (
          <div className="result-row">
            <span className="result-label">5D</span>
            {range(3).map((i) => slot(`fiveD${i}`, 80))}
          </div>
        )}
        {hasSixD(row.resultForm) && (
          <div className="result-row">
            <span className="result-label">6D</span>
            {slot('sixD', 90)}
          </div>
        )}
        {editable && (
          <Typography.Text type="secondary" className="result-paste-hint">
            {t('adminGuard.entry.pasteHint')}
          </Typography.Text>
        )}
        {slotErrors.length > 0 && (
          <ul className="result-errors" data-testid={`result-errors-${row.poolId}`} role="alert">
            {slotErrors.map(([name, text]) => (
              <li key={name} data-testid={`result-error-${row.poolId}-${name}`}>
                <strong>{slotLabel(name)}</strong>: {text}
              </li>
            ))}
          </ul>
        )}
        <div className="result-row" data-testid={`result-jackpots-${row.poolId}`}>
          {(['jackpot1', 'jackpot2'] as const).map((j) => (
            <label key={j} className="result-top">
              <span>{t(`results.${j}`)}</span>
              {editable ? (
                <InputNumber<number>
                  min={0}
                  max={99_999_999}
                  precision={2}
                  value={jackpots[j] == null ? null : jackpots[j] / 100}
                  onChange={(v) => {
                    setJackpots((x) => ({ ...x, [j]: v == null ? null : Math.round(v * 100) }));
                    setJackpotsDirty(true);
                  }}
                  style={{ width: 150 }}
                  data-testid={`result-${j}-${row.poolId}`}
                />
              ) : (
                <span className="num" data-testid={`result-${j}-${row.poolId}`}>
                  {jackpots[j] == null ? '-' : formatCents(jackpots[j])}
                </span>
              )}
            </label>
          ))}
          {released && (row.jackpots?.jackpot1 != null || row.jackpots?.jackpot2 != null) && (
            <Link to={`/jackpot-detail?${new URLSearchParams({ fromDate: row.drawDate, toDate: row.drawDate, poolId: String(row.poolId) })}`} data-testid={`result-jackpot-link-${row.poolId}`}>
              {t('results.jackpotDetail')}
            </Link>
          )}
        </div>
      </div>
      {row.status !== 'none' && (
        <Typography.Paragraph type="secondary" className="result-meta" data-testid={`result-meta-${row.poolId}`}>
          {t('results.meta', {
            source: row.source === 'manual' ? t('results.manual') : row.source,
            enteredBy: row.enteredBy ?? '-',
            changedBy: row.changedBy ?? '-',
            changedAt: formatInstant(row.changedAt),
          })}
          {row.releasedAt && ` · ${t('results.releasedMeta', { by: row.releasedBy ?? t('results.system'), at: formatInstant(row.releasedAt) })}`}
        </Typography.Paragraph>
      )}
      {released && <SettlementSteps row={row} settlement={settlement} canRun={canEdit} onChanged={onChanged} />}
      {row.history.length > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'history',
              label: t('results.history', { count: row.history.length }),
              children: (
                <Table
                  size="small"
                  pagination={false}
                  rowKey={(h) => `${h.at}-${h.action}`}
                  dataSource={row.history}
                  columns={[
                    { title: t('results.at'), dataIndex: 'at', render: (v: string) => formatInstant(v, true) },
                    { title: t('results.action'), dataIndex: 'action', render: (v: string) => t(`results.actions.${v}`, { defaultValue: v }) },
                    { title: t('results.by'), dataIndex: 'actor', render: (v: string | null) => v ?? t('results.system') },
                    { title: t('results.note'), dataIndex: 'note', render: (v: string | null) => v ?? '' },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
      <Modal
        open={reasonOpen}
        title={t('results.correctTitle')}
        onCancel={() => setReasonOpen(false)}
        onOk={() => void save(reason)}
        okButtonProps={{ disabled: reason.trim() === '', loading: busy === 'save' }}
      >
        <Typography.Paragraph>{t('results.correctHint')}</Typography.Paragraph>
        <Input.TextArea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="result-reason" />
      </Modal>
    </Card>
  );
}
