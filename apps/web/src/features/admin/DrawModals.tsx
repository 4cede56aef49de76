import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Modal, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PoolId } from '@app/domain';
import { useAlerts } from '../../ui/useAlerts';
import { useFieldRules } from '../../ui/validation';
import { addDraw, editDraw, previewDrawChange, scheduleYear, type Draw, type PoolSelection } from './api';
import { ChangeGuardModal } from './ChangeGuardModal';
import { defaultWeekdays, isClosed, scheduleBody } from './calendar';
import { POOL_COLORS, poolName, useCalendarWords } from './pools';

const DAYS = [0, 1, 2, 3, 4, 5, 6];
const hhmm = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

/** The key to show for a refused call: a 400's own key (VALIDATION_FAILED ...), otherwise the wrapper's. */
export const refusalKey = (r: { status: number; message: string; serverMessage: string }) =>
  r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message;

/** The draws of one date, with edit, cancel and enable (closed draws cannot change: the server decides). */
export function DayDrawsModal({
  date,
  draws,
  pools,
  onClose,
  onEdit,
  onAdd,
  onChanged,
}: {
  date: string | null;
  draws: Draw[];
  pools: PoolSelection[];
  onClose: () => void;
  onEdit: (d: Draw) => void;
  onAdd: (date: string) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const words = useCalendarWords();
  // A cancel or an enable: its effect first, then the secondary password (issue 29 line 6).
  const [pending, setPending] = useState<{ draw: Draw; recordStatus: 0 | 1 } | null>(null);

  const setStatus = (d: Draw, recordStatus: 0 | 1) => setPending({ draw: d, recordStatus });

  const columns: TableColumnsType<Draw> = [
    {
      title: t('admin.schedule.pool'),
      key: 'pool',
      render: (_: unknown, d) => (
        <Space>
          <span className="draw-letter" style={{ color: POOL_COLORS[d.poolId] }}>
            {d.letter}
          </span>
          {poolName(t, d.poolId, d.poolName)}
        </Space>
      ),
    },
    { title: t('admin.draw.kind'), key: 'kind', render: (_: unknown, d) => (d.isSpecial ? <Tag color="gold">{t('admin.draw.special')}</Tag> : t('admin.draw.regular')) },
    {
      title: t('admin.draw.cutoff'),
      key: 'cutoff',
      render: (_: unknown, d) => {
        const p = pools.find((x) => x.poolId === d.poolId);
        return p ? hhmm(p.cutoffHour, p.cutoffMinute) : '-';
      },
    },
    {
      title: t('admin.draw.status'),
      key: 'status',
      render: (_: unknown, d) =>
        d.recordStatus === 0 ? (
          <Tag data-testid={`draw-status-${d.drawId}`}>{t('admin.draw.cancelled')}</Tag>
        ) : d.open ? (
          <Tag color="green" data-testid={`draw-status-${d.drawId}`}>
            {t('admin.draw.open')}
          </Tag>
        ) : (
          <Tag color="default" data-testid={`draw-status-${d.drawId}`}>
            {t('admin.draw.closed')}
          </Tag>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, d) => {
        const closed = isClosed(d);
        const buttons = (
          <Space>
            <Button size="small" disabled={closed || d.recordStatus === 0} onClick={() => onEdit(d)} data-testid={`draw-edit-${d.drawId}`}>
              {t('admin.draw.move')}
            </Button>
            {d.recordStatus === 0 ? (
              <Button size="small" onClick={() => setStatus(d, 1)} data-testid={`draw-enable-${d.drawId}`}>
                {t('admin.draw.enable')}
              </Button>
            ) : (
              <Button size="small" danger disabled={closed} onClick={() => setStatus(d, 0)} data-testid={`draw-cancel-${d.drawId}`}>
                {t('admin.draw.cancel')}
              </Button>
            )}
          </Space>
        );
        return closed ? <Tooltip title={t('messages.DRAW_CLOSED')}>{buttons}</Tooltip> : buttons;
      },
    },
  ];

  return (
    <Modal
      open={date !== null}
      title={date ? t('admin.draw.dayTitle', { date: words.day(date) }) : ''}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => date && onAdd(date)} data-testid="day-draws-add">
            {t('admin.schedule.addOnDate')}
          </Button>
          <Button type="primary" onClick={onClose} data-testid="day-draws-close">
            {t('common.close')}
          </Button>
        </Space>
      }
    >
      <div data-testid="day-draws">
        <Table<Draw>
          rowKey="drawId"
          size="small"
          columns={columns}
          dataSource={draws}
          pagination={false}
          locale={{ emptyText: t('admin.draw.none') }}
          onRow={(d) => ({ 'data-testid': `draw-row-${d.drawId}` }) as React.HTMLAttributes<HTMLElement>}
        />
      </div>
      <ChangeGuardModal<Draw>
        open={pending !== null}
        title={
          pending
            ? t(pending.recordStatus === 0 ? 'adminGuard.change.titleCancel' : 'adminGuard.change.titleEnable', {
                pool: poolName(t, pending.draw.poolId, pending.draw.poolName),
                date: pending.draw.drawDate,
              })
            : ''
        }
        preview={() => previewDrawChange({ drawId: pending!.draw.drawId, recordStatus: pending!.recordStatus })}
        submit={(secondaryPassword) => editDraw({ drawId: pending!.draw.drawId, recordStatus: pending!.recordStatus, secondaryPassword })}
        onClose={() => setPending(null)}
        onDone={() => {
          setPending(null);
          onChanged();
        }}
      />
    </Modal>
  );
}

/** Schedules a year of regular draws per pool by weekday (GD every day while dailyPool is 1). */
export function ScheduleYearModal({
  open,
  initialYear,
  pools,
  onClose,
  onDone,
}: {
  open: boolean;
  initialYear: number;
  pools: PoolSelection[];
  onClose: () => void;
  onDone: (year: number, created: number) => void;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const words = useCalendarWords();
  const [year, setYear] = useState(initialYear);
  const [selection, setSelection] = useState<Record<number, number[]>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setYear(initialYear);
    setSelection(Object.fromEntries(pools.filter((p) => p.active).map((p) => [p.poolId, p.drawDays?.length ? [...p.drawDays] : defaultWeekdays(p.poolId)])));
  }, [open, initialYear, pools]);

  const toggle = (poolId: number, day: number, on: boolean) =>
    setSelection((s) => {
      const days = new Set(s[poolId] ?? []);
      if (on) days.add(day);
      else days.delete(day);
      return { ...s, [poolId]: [...days] };
    });

  const save = async () => {
    const body = scheduleBody(year, selection);
    if (!body.schedules.length) {
      alerts.errorKey('SELECT_AT_LEAST_ONE_POOL');
      return;
    }
    setSaving(true);
    const r = await scheduleYear(body);
    setSaving(false);
    if (r.success && r.data) onDone(year, r.data.created);
    else alerts.errorKey(refusalKey(r));
  };

  const thisYear = dayjs().year();
  const columns: TableColumnsType<PoolSelection> = [
    {
      title: t('admin.schedule.pool'),
      key: 'pool',
      width: 220,
      render: (_: unknown, p) => (
        <Space>
          <span className="draw-letter" style={{ color: POOL_COLORS[p.poolId] }}>
            {p.letter}
          </span>
          {poolName(t, p.poolId, p.name)}
        </Space>
      ),
    },
    ...DAYS.map((d) => ({
      title: words.weekday(d),
      key: `d${d}`,
      align: 'center' as const,
      width: 64,
      render: (_: unknown, p: PoolSelection) => (
        <Checkbox
          checked={(selection[p.poolId] ?? []).includes(d)}
          onChange={(e) => toggle(p.poolId, d, e.target.checked)}
          data-testid={`schedule-year-${p.poolId}-${d}`}
        />
      ),
    })),
    {
      title: '',
      key: 'quick',
      render: (_: unknown, p) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setSelection((s) => ({ ...s, [p.poolId]: [...DAYS] }))} data-testid={`schedule-year-${p.poolId}-all`}>
            {t('admin.schedule.everyDay')}
          </Button>
          <Button size="small" type="link" onClick={() => setSelection((s) => ({ ...s, [p.poolId]: [] }))} data-testid={`schedule-year-${p.poolId}-none`}>
            {t('admin.schedule.noDay')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('admin.schedule.scheduleYear')}
      width={980}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} data-testid="schedule-year-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="schedule-year-save">
            {t('admin.schedule.schedule')}
          </Button>
        </Space>
      }
    >
      <div data-testid="schedule-year-form">
        <Space style={{ marginBottom: 12 }}>
          <span>{t('admin.schedule.year')}</span>
          <Select<number>
            value={year}
            onChange={setYear}
            style={{ width: 110 }}
            options={[thisYear, thisYear + 1, thisYear + 2].map((y) => ({ value: y, label: String(y) }))}
            data-testid="schedule-year-year"
          />
        </Space>
        <Typography.Paragraph type="secondary">{t('admin.schedule.scheduleHint')}</Typography.Paragraph>
        <Table<PoolSelection> rowKey="poolId" size="small" columns={columns} dataSource={pools} pagination={false} />
        {pools.some((p) => p.poolId === PoolId.GD) && <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('admin.schedule.gdNote')} data-testid="schedule-year-gd-note" />}
      </div>
    </Modal>
  );
}

interface SpecialValues {
  poolId?: number;
  drawDate?: Dayjs;
  isSpecial: boolean;
}

/** Adds a draw (usually special) on a date; a cancelled draw on that date is enabled again. */
export function SpecialDrawModal({
  state,
  pools,
  onClose,
  onDone,
}: {
  state: { date?: string } | null;
  pools: PoolSelection[];
  onClose: () => void;
  onDone: (d: Draw) => void;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const rules = useFieldRules();
  const [form] = Form.useForm<SpecialValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (state) form.setFieldsValue({ poolId: undefined, drawDate: state.date ? dayjs(state.date) : undefined, isSpecial: true });
  }, [state, form]);

  const save = async (v: SpecialValues) => {
    if (!v.poolId || !v.drawDate) return;
    setSaving(true);
    const r = await addDraw({ poolId: v.poolId, drawDate: v.drawDate.format('YYYY-MM-DD'), isSpecial: v.isSpecial });
    setSaving(false);
    if (r.success && r.data) onDone(r.data);
    else alerts.errorKey(refusalKey(r));
  };

  return (
    <Modal
      open={state !== null}
      title={t('admin.schedule.addSpecial')}
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose} data-testid="special-draw-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="special-draw-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<SpecialValues> form={form} layout="vertical" initialValues={{ isSpecial: true }} onFinish={(v) => void save(v)} data-testid="special-draw-form">
        <Form.Item name="poolId" label={t('admin.schedule.pool')} rules={rules({ required: true })}>
          <Select<number>
            options={pools.map((p) => ({ value: p.poolId, label: `${p.letter} · ${poolName(t, p.poolId, p.name)}` }))}
            placeholder={t('admin.schedule.pickPool')}
            data-testid="special-draw-pool"
          />
        </Form.Item>
        <Form.Item name="drawDate" label={t('admin.draw.date')} rules={rules({ required: true })}>
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} data-testid="special-draw-date" />
        </Form.Item>
        <Form.Item name="isSpecial" valuePropName="checked">
          <Checkbox data-testid="special-draw-special">{t('admin.draw.special')}</Checkbox>
        </Form.Item>
        <Typography.Text type="secondary">{t('admin.schedule.specialHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}

/** Moves an open draw to another date: the new date is picked here, then its effect and the secondary password. */
export function EditDrawModal({ draw, onClose, onDone }: { draw: Draw | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const [form] = Form.useForm<{ drawDate?: Dayjs }>();
  const [newDate, setNewDate] = useState<string | null>(null);

  useEffect(() => {
    if (draw) form.setFieldsValue({ drawDate: dayjs(draw.drawDate) });
    setNewDate(null);
  }, [draw, form]);

  const save = (v: { drawDate?: Dayjs }) => {
    if (!draw || !v.drawDate) return;
    setNewDate(v.drawDate.format('YYYY-MM-DD'));
  };

  return (
    <>
      <Modal
        open={draw !== null && newDate === null}
        title={draw ? t('admin.draw.moveTitle', { pool: poolName(t, draw.poolId, draw.poolName), date: draw.drawDate }) : ''}
        onCancel={onClose}
        forceRender
        footer={
          <Space>
            <Button onClick={onClose} data-testid="draw-edit-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="primary" onClick={() => form.submit()} data-testid="draw-edit-save">
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={save} data-testid="draw-edit-form">
          <Form.Item name="drawDate" label={t('admin.draw.newDate')} rules={rules({ required: true })}>
            <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} data-testid="draw-edit-date" />
          </Form.Item>
        </Form>
      </Modal>
      <ChangeGuardModal<Draw>
        open={draw !== null && newDate !== null}
        title={draw && newDate ? t('adminGuard.change.titleMove', { pool: poolName(t, draw.poolId, draw.poolName), date: draw.drawDate, newDate }) : ''}
        preview={() => previewDrawChange({ drawId: draw!.drawId, drawDate: newDate! })}
        submit={(secondaryPassword) => editDraw({ drawId: draw!.drawId, drawDate: newDate!, secondaryPassword })}
        onClose={() => setNewDate(null)}
        onDone={onDone}
      />
    </>
  );
}
