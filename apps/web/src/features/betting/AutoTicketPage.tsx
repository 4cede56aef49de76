import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, DatePicker, Empty, Form, Input, Row, Select, Space, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { MinusSquareOutlined, PlusSquareOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n';
import { useAccess } from '../../navigation/useAccess';
import { IdempotentAction, outcomeOf } from '../../ui/idempotency';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { autoTicketKeys, saveAutoTicket, stopAutoTicket, useAutoTickets, useBusinessDate, type AutoTicketView } from './api';
import { checkAutoTicketText } from './autoTicket';
import { poolLetters, problemText, refusalText, shortDate, type Said } from './labels';
import { DrawClock } from './DrawClock';
import { OwnerBar } from './OwnerBar';
import { useBetSettings } from './settings';
import { buildExpressPreview, lineErrorsOf } from './preview';
import { useOrderOwner } from './useOrderOwner';
import { formatInstant } from '../../ui/time';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const PREVIEW_DELAY_MS = 250;
/** Most draws one auto ticket may be set to run for (packages/contract MAX_AUTO_TICKET_DRAWS). */
const MAX_DRAWS = 365;
const STATUS_COLORS: Record<string, string> = { active: 'green', completed: 'blue', void: 'red' };
const RUN_COLORS: Record<string, string> = { placed: 'green', refused: 'orange', error: 'red', pending: 'default' };

type Run = AutoTicketView['runs'][number];

/** /order/auto-ticket: save express text to be placed again for coming draws; the list with its runs; stop. */
export default function AutoTicketPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const access = useAccess();
  const queryClient = useQueryClient();
  const canCreate = access.can('Bet', [2]);
  const [status, setStatus] = useState('-1');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [expanded, setExpanded] = useState<number[]>([]);
  const list = useAutoTickets({ status }, paging);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: autoTicketKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['betting', 'owner'] });
    void queryClient.invalidateQueries({ queryKey: ['userDetailsById'] });
    void queryClient.invalidateQueries({ queryKey: ['history'] });
  };

  const stop = (a: AutoTicketView) =>
    alerts.confirm(t('betting.auto.confirmStop', { id: a.autoTicketId }), () =>
      void stopAutoTicket(a.autoTicketId).then((r) => {
        if (r.success) void message.success(t('betting.auto.stopped', { id: a.autoTicketId }));
        refresh();
      }),
    );

  const runColumns: TableColumnsType<Run> = [
    { title: t('betting.auto.drawDate'), dataIndex: 'drawDate', key: 'drawDate', width: 120 },
    {
      title: t('betting.auto.runStatus'),
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (v: string) => <Tag color={RUN_COLORS[v]}>{t(`betting.auto.runStatuses.${v}`, { defaultValue: v })}</Tag>,
    },
    { title: t('betting.ticketNo'), dataIndex: 'ticketNo', key: 'ticketNo', width: 140, render: (v: string | null) => (v ? <span style={{ fontFamily: MONO }}>{v}</span> : '-') },
    { title: t('betting.auto.message'), dataIndex: 'message', key: 'message', render: (v: string | null, r) => (v && r.status !== 'placed' ? translateMessage(t, v) : '-') },
    { title: t('betting.auto.at'), dataIndex: 'at', key: 'at', width: 170, render: (v: string) => formatInstant(v, true) },
  ];

  const columns: TableColumnsType<AutoTicketView> = [
    { title: '#', dataIndex: 'autoTicketId', key: 'id', width: 64 },
    { title: t('betting.account'), dataIndex: 'username', key: 'username' },
    { title: t('betting.auto.createdBy'), dataIndex: 'createdBy', key: 'createdBy' },
    { title: t('betting.pools'), dataIndex: 'pools', key: 'pools', render: (v: number[]) => poolLetters(v) },
    { title: t('betting.auto.start'), dataIndex: 'startDate', key: 'start', width: 110 },
    {
      title: t('betting.auto.ends'),
      key: 'ends',
      render: (_: unknown, a) =>
        a.endDate ? a.endDate : a.drawCount ? t('betting.auto.afterDraws', { count: a.drawCount }) : t('betting.auto.untilStopped'),
    },
    {
      title: t('betting.auto.runs'),
      key: 'runs',
      align: 'right',
      render: (_: unknown, a) => <span data-testid={`auto-runs-count-${a.autoTicketId}`}>{t('betting.auto.placedOf', { placed: a.placedCount, runs: a.runCount })}</span>,
    },
    {
      title: t('history.status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: string, a) => (
        <Tag color={STATUS_COLORS[v]} data-testid={`auto-status-${a.autoTicketId}`} data-status={v}>
          {t(`betting.auto.statuses.${v}`, { defaultValue: v })}
        </Tag>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, a) => (
        <Button size="small" danger icon={<StopOutlined aria-hidden />} disabled={a.status !== 'active'} onClick={() => stop(a)} data-testid={`auto-stop-${a.autoTicketId}`}>
          {t('betting.auto.stop')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="auto-ticket-page">
      <Typography.Title level={3}>{t('betting.routes.autoTicket')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {canCreate && <AutoTicketForm onSaved={refresh} />}
        <Card
          title={t('betting.auto.list')}
          extra={
            <Select
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              style={{ width: 160 }}
              options={[
                { value: '-1', label: t('history.statuses.all') },
                { value: 'active', label: t('betting.auto.statuses.active') },
                { value: 'completed', label: t('betting.auto.statuses.completed') },
                { value: 'void', label: t('betting.auto.statuses.void') },
              ]}
              data-testid="auto-status-filter"
            />
          }
        >
          <Table<AutoTicketView>
            rowKey="autoTicketId"
            size="middle"
            columns={columns}
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
            expandable={{
              expandedRowKeys: expanded,
              onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
              expandIcon: ({ expanded: open, onExpand, record }) => (
                <Button
                  type="text"
                  size="small"
                  icon={open ? <MinusSquareOutlined aria-hidden /> : <PlusSquareOutlined aria-hidden />}
                  aria-label={t('betting.auto.latestRuns')}
                  aria-expanded={open}
                  onClick={(e) => onExpand(record, e)}
                  data-testid={`auto-expand-${record.autoTicketId}`}
                />
              ),
              expandedRowRender: (a) => (
                <Row gutter={16} data-testid={`auto-detail-${a.autoTicketId}`}>
                  <Col xs={24} lg={8}>
                    <Typography.Text strong>{t('betting.betText')}</Typography.Text>
                    <pre style={{ fontFamily: MONO, background: '#fafafa', padding: 12, marginTop: 8, whiteSpace: 'pre-wrap' }} data-testid={`auto-text-${a.autoTicketId}`}>
                      {a.text}
                    </pre>
                  </Col>
                  <Col xs={24} lg={16}>
                    <Typography.Text strong>{t('betting.auto.latestRuns')}</Typography.Text>
                    <Table<Run>
                      size="small"
                      rowKey="drawDate"
                      style={{ marginTop: 8 }}
                      columns={runColumns}
                      dataSource={a.runs}
                      pagination={false}
                      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('betting.auto.noRuns')} /> }}
                      data-testid={`auto-run-table-${a.autoTicketId}`}
                    />
                  </Col>
                </Row>
              ),
            }}
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('common.total', { total }),
            }}
            onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
            data-testid="auto-table"
          />
        </Card>
      </Space>
    </div>
  );
}

interface Limits {
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  drawCount?: number;
}

function AutoTicketForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const owner = useOrderOwner();
  const { today } = useBusinessDate();
  const [form] = Form.useForm<Limits>();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<AutoTicketView | null>(null);
  const [refusal, setRefusal] = useState<Said | null>(null);
  const [serverErrors, setServerErrors] = useState<{ text: string; lines: Map<number, string> } | null>(null);
  const action = useRef(new IdempotentAction());
  const settings = useBetSettings(owner.owner.data);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const preview = useMemo(
    () => (today && settings && debounced.trim() !== '' ? buildExpressPreview(debounced, { today, ...settings }) : null),
    [debounced, today, settings],
  );
  const oneDate = useMemo(() => (preview ? checkAutoTicketText(preview) : null), [preview]);
  const clockPoolsKey = [...new Set([...(settings?.defaultPools ?? []), ...(preview?.rows ?? []).flatMap((r) => r.line?.pools ?? [])])].sort().join(',');
  const clockPools = useMemo(() => (clockPoolsKey ? clockPoolsKey.split(',').map(Number) : []), [clockPoolsKey]);

  /** Every problem by line: the bet language's, the one-date rule's, then the server's. */
  const problems = useMemo(() => {
    const out: { lineNo: number; text: string }[] = [];
    for (const r of preview?.rows ?? []) for (const p of r.problems) out.push({ lineNo: r.lineNo, text: problemText(t, p) });
    for (const [lineNo, key] of oneDate?.problems ?? []) out.push({ lineNo, text: translateMessage(t, key) });
    if (serverErrors && serverErrors.text === debounced) {
      for (const [lineNo, key] of serverErrors.lines) if (!out.some((o) => o.lineNo === lineNo)) out.push({ lineNo, text: translateMessage(t, key) });
    }
    return out.sort((a, b) => a.lineNo - b.lineNo);
  }, [preview, oneDate, serverErrors, debounced, t]);
  const general = debounced.trim() !== '' ? (preview?.general ?? []) : [];

  const save = async (limits: Limits) => {
    if (saving) return;
    setRefusal(null);
    setSaved(null);
    if (text.trim() === '') {
      alerts.errorKey('EMPTY_RECEIPT_STRING');
      return;
    }
    if (owner.ownerId === undefined) {
      alerts.error(t('betting.pickAccount'));
      return;
    }
    const check = today && settings ? buildExpressPreview(text, { today, ...settings }) : null;
    if (check) {
      setDebounced(text);
      const general = check.general[0];
      const bad = check.rows.find((r) => r.problems.length > 0);
      const dates = checkAutoTicketText(check);
      const firstDate = [...dates.problems.keys()][0];
      if (general) return alerts.errorKey(general.key);
      if (bad) return alerts.error(t('betting.lineProblem', { line: bad.lineNo, message: problemText(t, bad.problems[0]) }));
      // SPEC 5: more than one date is refused here first.
      if (firstDate !== undefined) return alerts.error(t('betting.lineProblem', { line: firstDate, message: translateMessage(t, 'AUTO_TICKET_ONE_DATE') }));
    }
    const payload = {
      text,
      targetUserId: owner.targetUserId,
      startDate: oneDate?.date ? undefined : (limits.startDate?.format('YYYY-MM-DD') ?? undefined),
      endDate: limits.endDate?.format('YYYY-MM-DD') ?? undefined,
      drawCount: limits.drawCount || undefined,
    };
    const idempotencyKey = action.current.keyFor(payload);
    setSaving(true);
    const r = await saveAutoTicket({ ...payload, idempotencyKey });
    setSaving(false);
    const outcome = outcomeOf(r);
    action.current.settle(outcome);
    if (r.success && r.data) {
      setSaved(r.data);
      setServerErrors(null);
      setText('');
      setDebounced('');
      form.resetFields();
      onSaved();
      return;
    }
    if (outcome === 'uncertain') {
      setRefusal(() => (tt: TFunction) => `${tt('messages.INTERNAL_SERVER_ERROR')} ${tt('betting.auto.retryHint')}`);
      return;
    }
    const lines = lineErrorsOf(r.data);
    setServerErrors(lines.size ? { text, lines } : null);
    setDebounced(text);
    setRefusal(() => (tt: TFunction) => refusalText(tt, r));
  };

  const firstRun = saved?.runs[0];
  const beforeToday = (d: Dayjs) => !!today && d.format('YYYY-MM-DD') < today;

  return (
    <Card title={t('betting.auto.new')} data-testid="auto-form-card">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <OwnerBar owner={owner} today={today} />
        <DrawClock pools={clockPools} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <Input.TextArea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setRefusal(null);
              }}
              autoSize={{ minRows: 8, maxRows: 20 }}
              spellCheck={false}
              placeholder={'D\n#123\n1234#1#1\n*5678#2'}
              style={{ fontFamily: MONO }}
              data-testid="auto-text"
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('betting.auto.textHint')}
            </Typography.Paragraph>
          </Col>
          <Col xs={24} xl={14}>
            <Form<Limits> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="auto-form">
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="startDate" label={t('betting.auto.start')} extra={oneDate?.date ? t('betting.auto.startFromText', { date: shortDate(oneDate.date) }) : t('betting.auto.startHint')}>
                    <DatePicker style={{ width: '100%' }} disabled={!!oneDate?.date} disabledDate={beforeToday} data-testid="auto-start" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="endDate" label={t('betting.auto.endDate')} extra={t('betting.auto.endHint')}>
                    <DatePicker style={{ width: '100%' }} disabledDate={beforeToday} data-testid="auto-end" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="drawCount" label={t('betting.auto.drawCount')} extra={t('betting.auto.countHint')}>
                    <NumericInput min={0} max={MAX_DRAWS} data-testid="auto-count" />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={16} align="middle">
                <Col flex="none">
                  <Statistic title={t('betting.lines')} value={preview?.lines ?? 0} valueRender={(v) => <span data-testid="auto-total-lines">{v}</span>} />
                </Col>
                <Col flex="none">
                  <Statistic
                    title={t('betting.auto.grossPerDraw')}
                    value={formatCents(preview?.gross ?? 0)}
                    valueRender={(v) => <span data-testid="auto-total-gross">{v}</span>}
                  />
                </Col>
                <Col flex="auto" style={{ textAlign: 'right' }}>
                  <Button type="primary" htmlType="submit" loading={saving} disabled={saving} data-testid="auto-save">
                    {t('common.save')}
                  </Button>
                </Col>
              </Row>
            </Form>
          </Col>
        </Row>
        {general.length > 0 && <Alert type="warning" showIcon title={general.map((g) => translateMessage(t, g.key)).join(' ')} data-testid="auto-general-error" />}
        {problems.length > 0 && (
          <Space orientation="vertical" size={2} data-testid="auto-problems">
            {problems.map((p, i) => (
              <Typography.Text type="danger" key={i} data-testid={`auto-line-error-${p.lineNo}`}>
                {t('betting.lineProblem', { line: p.lineNo, message: p.text })}
              </Typography.Text>
            ))}
          </Space>
        )}
        {refusal && <Alert type="error" showIcon title={refusal(t)} data-testid="auto-refusal" />}
        {saved && (
          <Alert
            type={firstRun && firstRun.status !== 'placed' ? 'warning' : 'success'}
            showIcon
            data-testid="auto-result"
            title={t('betting.auto.saved', { id: saved.autoTicketId, date: saved.startDate })}
            description={
              firstRun
                ? firstRun.status === 'placed'
                  ? t('betting.auto.firstPlaced', { ticketNo: firstRun.ticketNo, date: firstRun.drawDate })
                  : t('betting.auto.firstRefused', { date: firstRun.drawDate, message: translateMessage(t, firstRun.message) })
                : t('betting.auto.firstLater')
            }
          />
        )}
      </Space>
    </Card>
  );
}
