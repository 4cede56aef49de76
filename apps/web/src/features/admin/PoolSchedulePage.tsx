import { memo, useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, Row, Select, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import { AppstoreAddOutlined, CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { drawsByDate, isClosed, monthGrid, yearSummary } from './calendar';
import { adminKeys, usePools, useTodayDraws, useYearDraws, type Draw } from './api';
import { DayDrawsModal, EditDrawModal, ScheduleYearModal, SpecialDrawModal } from './DrawModals';
import { NewPoolModal } from './NewPoolModal';
import { POOL_COLORS, poolName, useCalendarWords } from './pools';
import './admin.css';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function DrawLetter({ d }: { d: Draw }) {
  const cls = ['draw-letter', d.isSpecial ? 'special' : '', d.recordStatus === 0 ? 'cancelled' : '', isClosed(d) ? 'closed' : ''].join(' ');
  return (
    <span className={cls} style={{ color: POOL_COLORS[d.poolId] }} data-testid={`draw-${d.drawId}`} data-status={d.recordStatus}>
      {d.letter}
    </span>
  );
}

type CalendarWords = ReturnType<typeof useCalendarWords>;

// A month drawn again only when its own inputs change (not when a dialog opens); the calendar words are
// the page's, built once (each set holds three Intl formatters, costly to build twelve times).
const Month = memo(function Month({
  year,
  month,
  byDate,
  today,
  words,
  onPick,
}: {
  year: number;
  month: number;
  byDate: Map<string, Draw[]>;
  today?: string;
  words: CalendarWords;
  onPick: (date: string) => void;
}) {
  const weeks = useMemo(() => monthGrid(year, month), [year, month]);
  const title = words.month(year, month);
  return (
    <Card size="small" className="draw-month" title={title} data-testid={`pool-schedule-month-${month}`}>
      <table>
        <thead>
          <tr>
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <th key={d}>{words.weekday(d)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) =>
                date ? (
                  <td
                    key={date}
                    className={`draw-day${date === today ? ' today' : ''}`}
                    data-testid={`pool-schedule-day-${date}`}
                    onClick={() => onPick(date)}
                  >
                    <div className="draw-day-number">{Number(date.slice(8))}</div>
                    <div className="draw-letters">
                      {(byDate.get(date) ?? []).map((d) => (
                        <DrawLetter key={d.drawId} d={d} />
                      ))}
                    </div>
                  </td>
                ) : (
                  <td key={`e${j}`} className="draw-day empty" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
});

const int = (v: string | null) => (v && /^\d{1,4}$/.test(v) ? Number(v) : undefined);

/** /admin-setting/pool-schedule: the year of draws per pool, scheduling a year, special draws, editing and cancelling a draw. */
export default function PoolSchedulePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const currentYear = dayjs().year();
  const year = int(params.get('year')) ?? currentYear;
  const poolId = int(params.get('poolId'));
  const pools = usePools();
  const draws = useYearDraws(year, poolId);
  const todays = useTodayDraws();
  const words = useCalendarWords();
  const [day, setDay] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [special, setSpecial] = useState<{ date?: string } | null>(null);
  const [editing, setEditing] = useState<Draw | null>(null);
  const [addingPool, setAddingPool] = useState(false);

  // The server's business date, from today's draws when there are any; the browser's date otherwise.
  const today = todays.data?.[0]?.drawDate ?? dayjs().format('YYYY-MM-DD');
  const byDate = useMemo(() => drawsByDate(draws.data ?? []), [draws.data]);
  const summary = useMemo(() => yearSummary(draws.data ?? []), [draws.data]);
  const poolList = pools.data ?? [];

  const setFilter = (next: { year?: number; poolId?: number }) => {
    const q: Record<string, string> = {};
    const y = 'year' in next ? next.year : year;
    const p = 'poolId' in next ? next.poolId : poolId;
    if (y && y !== currentYear) q.year = String(y);
    if (p) q.poolId = String(p);
    setParams(q, { replace: true });
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.draws });
    void queryClient.invalidateQueries({ queryKey: adminKeys.today });
    void queryClient.invalidateQueries({ queryKey: adminKeys.pools });
  };

  const years = [currentYear - 1, currentYear, currentYear + 1, currentYear + 2];

  return (
    <div data-testid="pool-schedule">
      <Typography.Title level={3}>{t('admin.routes.poolSchedule')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.schedule.intro')}</Typography.Paragraph>

      <Card size="small" title={t('admin.schedule.todayTitle')} data-testid="pool-schedule-today" style={{ marginBottom: 16 }}>
        {todays.isLoading ? (
          <Spin size="small" />
        ) : todays.data?.length ? (
          <Space size={[8, 8]} wrap>
            {todays.data.map((d) => {
              const pool = poolList.find((p) => p.poolId === d.poolId);
              return (
                <Tag key={d.drawId} color={d.open ? POOL_COLORS[d.poolId] : 'default'}>
                  {d.letter} · {poolName(t, d.poolId, d.poolName)}
                  {pool ? ` · ${t('admin.schedule.cutoffAt', { time: `${String(pool.cutoffHour).padStart(2, '0')}:${String(pool.cutoffMinute).padStart(2, '0')}` })}` : ''}
                  {' · '}
                  {d.recordStatus === 0 ? t('admin.draw.cancelled') : d.open ? t('admin.draw.open') : t('admin.draw.closed')}
                </Tag>
              );
            })}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('admin.schedule.noDrawToday')}</Typography.Text>
        )}
      </Card>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Space size="middle" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space size="middle" wrap>
            <span>{t('admin.schedule.year')}</span>
            <Select<number>
              value={year}
              style={{ width: 110 }}
              onChange={(y) => setFilter({ year: y })}
              options={years.map((y) => ({ value: y, label: String(y) }))}
              data-testid="pool-schedule-year"
            />
            <span>{t('admin.schedule.pool')}</span>
            <Select<number>
              value={poolId ?? 0}
              style={{ width: 220 }}
              onChange={(p) => setFilter({ poolId: p || undefined })}
              options={[
                { value: 0, label: t('admin.schedule.allPools') },
                ...poolList.map((p) => ({ value: p.poolId, label: `${p.letter} · ${poolName(t, p.poolId, p.name)}` })),
              ]}
              data-testid="pool-schedule-pool"
            />
          </Space>
          <Space>
            <Button icon={<CalendarOutlined aria-hidden />} type="primary" onClick={() => setScheduling(true)} data-testid="schedule-year-open">
              {t('admin.schedule.scheduleYear')}
            </Button>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setSpecial({})} data-testid="special-draw-open">
              {t('admin.schedule.addSpecial')}
            </Button>
            <Button icon={<AppstoreAddOutlined aria-hidden />} onClick={() => setAddingPool(true)} data-testid="new-pool-open">
              {t('admin.newPool.open')}
            </Button>
          </Space>
        </Space>
        <div style={{ marginTop: 12 }}>
          {poolList.map((p) => (
            <span key={p.poolId} className="legend-item">
              <span className="draw-letter" style={{ color: POOL_COLORS[p.poolId] }}>
                {p.letter}
              </span>
              {poolName(t, p.poolId, p.name)}
              <Typography.Text type="secondary" data-testid={`pool-schedule-count-${p.poolId}`}>
                ({summary.perPool[p.poolId] ?? 0})
              </Typography.Text>
            </span>
          ))}
        </div>
        <div style={{ marginTop: 4 }}>
          <span className="legend-item">
            <span className="draw-letter special">M</span> {t('admin.schedule.legendSpecial')}
          </span>
          <span className="legend-item">
            <span className="draw-letter cancelled">M</span> {t('admin.schedule.legendCancelled')}
          </span>
          <span className="legend-item">
            <span className="draw-letter closed">M</span> {t('admin.schedule.legendClosed')}
          </span>
          <Typography.Text type="secondary" data-testid="pool-schedule-summary">
            {t('admin.schedule.summary', { total: draws.data?.filter((d) => d.recordStatus === 1).length ?? 0, special: summary.special, cancelled: summary.cancelled })}
          </Typography.Text>
        </div>
      </Card>

      <Spin spinning={draws.isFetching}>
        {draws.data && draws.data.length === 0 && !draws.isFetching ? (
          <Card style={{ marginBottom: 16 }}>
            <Empty description={t('admin.schedule.emptyYear', { year })} data-testid="pool-schedule-empty">
              <Button type="primary" onClick={() => setScheduling(true)}>
                {t('admin.schedule.scheduleYear')}
              </Button>
            </Empty>
          </Card>
        ) : null}
        {/* The months are laid out once, with the year's draws in them (not empty first, then again). */}
        {draws.data || draws.isError ? (
          <Row gutter={[16, 16]} data-testid="pool-schedule-calendar">
            {MONTHS.map((m) => (
              <Col key={m} xs={24} md={12} xl={8}>
                <Month year={year} month={m} byDate={byDate} today={today} words={words} onPick={setDay} />
              </Col>
            ))}
          </Row>
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Spin>

      <DayDrawsModal
        date={day}
        draws={day ? (byDate.get(day) ?? []) : []}
        pools={poolList}
        onClose={() => setDay(null)}
        onEdit={setEditing}
        onAdd={(date) => setSpecial({ date })}
        onChanged={refresh}
      />
      <ScheduleYearModal
        open={scheduling}
        initialYear={year}
        pools={poolList}
        onClose={() => setScheduling(false)}
        onDone={(y, created) => {
          setScheduling(false);
          void message.success(t('admin.schedule.scheduled', { count: created, year: y }));
          setFilter({ year: y });
          refresh();
        }}
      />
      <SpecialDrawModal
        state={special}
        pools={poolList}
        onClose={() => setSpecial(null)}
        onDone={(d) => {
          setSpecial(null);
          void message.success(t('messages.SAVED'));
          if (Number(d.drawDate.slice(0, 4)) !== year) setFilter({ year: Number(d.drawDate.slice(0, 4)) });
          refresh();
        }}
      />
      <NewPoolModal
        open={addingPool}
        onClose={() => setAddingPool(false)}
        onDone={(p) => {
          setAddingPool(false);
          void message.success(t('admin.newPool.added', { name: p.name }));
          // Every screen that lists pools reads them again (betting, risk, results, reports).
          void queryClient.invalidateQueries();
        }}
      />
      <EditDrawModal
        draw={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          setDay(null);
          void message.success(t('messages.SAVED'));
          refresh();
        }}
      />
    </div>
  );
}
