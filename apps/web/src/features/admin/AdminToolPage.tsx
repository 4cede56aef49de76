import { useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, List, Row, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CaretRightOutlined, SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AccountStatus } from '@app/domain';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { checkLedger, fieldErrors, jobText, runJob, sysKeys, useAudit, useJobRuns, type AuditFilter, type AuditPage, type JobRun, type LedgerCheck } from './administration';
import { CommStatusCard } from '../posting/CommStatusCard';
import { BackupCard } from './BackupCard';
import { poolName } from './pools';
import { EmptyHint } from '../../ui/EmptyHint';
import './admin.css';

const JOBS = ['result-fetch', 'auto-transfer', 'settle-draw', 'posting', 'prune-api-logs', 'backup', 'resync-sales'] as const;
const PAGE_SIZE = 20;

/**
 * /admin-tool: run a scheduled job now and follow its steps (the runs poll every second while one runs),
 * see every party the product calls out to (communication status, refreshed every 10 s), take a backup
 * and watch its stages, resync a date's sales report after a confirm, check the ledger's invariants, and
 * search the audit log (who, what, when, before and after).
 */
export default function AdminToolPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [job, setJob] = useState<(typeof JOBS)[number]>('result-fetch');
  const [drawId, setDrawId] = useState<number | undefined>();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [jobError, setJobError] = useState<string | null>(null);
  const [ledger, setLedger] = useState<LedgerCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [poll, setPoll] = useState(false);
  const runs = useJobRuns(poll);
  const running = (runs.data ?? []).some((r) => r.status === 'running');
  if (poll !== running && runs.data) setPoll(running);

  const start = async () => {
    setJobError(null);
    const withDate = (job === 'result-fetch' || job === 'resync-sales') && date;
    const r = await runJob({ job, ...(job === 'settle-draw' ? { drawId } : {}), ...(withDate ? { date: date.format('YYYY-MM-DD') } : {}) });
    if (r.success) {
      setPoll(true);
      void queryClient.invalidateQueries({ queryKey: sysKeys.runs });
      void queryClient.invalidateQueries({ queryKey: sysKeys.backups });
      return;
    }
    const fields = fieldErrors(r);
    if (fields) setJobError(Object.values(fields)[0]);
    else alerts.errorKey(r.serverMessage || r.message);
  };

  // A resync rewrites a date's sales report: asked first (SPEC 8's confirm), as the issue says.
  const confirmStart = () => {
    if (job === 'resync-sales' && date) alerts.confirm(t('sysadmin.tool.resyncConfirm', { date: date.format('DD/MM/YYYY') }), () => void start());
    else void start();
  };

  const check = async () => {
    setChecking(true);
    const r = await checkLedger();
    setChecking(false);
    if (r.success && r.data) setLedger(r.data);
  };

  const runColumns: TableColumnsType<JobRun> = [
    { title: t('sysadmin.tool.startedAt'), key: 'at', width: 170, render: (_: unknown, r) => <span className="num">{formatInstant(r.startedAt, true)}</span> },
    { title: t('sysadmin.tool.job'), key: 'job', width: 200, render: (_: unknown, r) => t(`sysadmin.tool.jobNames.${r.job}`) },
    { title: t('sysadmin.tool.by'), key: 'by', width: 120, render: (_: unknown, r) => r.by || t('sysadmin.tool.system') },
    {
      title: t('sysadmin.tool.statusLabel'),
      key: 'status',
      width: 110,
      render: (_: unknown, r) => (
        <Tag color={r.status === 'done' ? 'green' : r.status === 'failed' ? 'red' : 'processing'} data-testid={`run-status-${r.id}`}>
          {t(`sysadmin.tool.status.${r.status}`)}
        </Tag>
      ),
    },
    { title: t('sysadmin.tool.summary'), key: 'summary', render: (_: unknown, r) => <span data-testid={`run-summary-${r.id}`}>{jobText(t, { text: r.summary, key: r.summaryKey, params: r.summaryParams })}</span> },
  ];

  return (
    <div data-testid="admin-tool">
      <Typography.Title level={3}>{t('sysadmin.routes.adminTool')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('sysadmin.tool.jobs')} size="small">
            <Space wrap align="start">
              <Select value={job} onChange={(v) => setJob(v)} style={{ width: 300 }} options={JOBS.map((j) => ({ value: j, label: t(`sysadmin.tool.jobNames.${j}`) }))} data-testid="tool-job" />
              {job === 'settle-draw' && <NumericInput placeholder={t('sysadmin.tool.drawId')} min={1} value={drawId} onChange={setDrawId} style={{ width: 120 }} data-testid="tool-draw" />}
              {(job === 'result-fetch' || job === 'resync-sales') && <DatePicker value={date} onChange={setDate} placeholder={t('sysadmin.tool.date')} data-testid="tool-date" />}
              <Button type="primary" icon={<CaretRightOutlined aria-hidden />} onClick={confirmStart} loading={running} data-testid="tool-run">
                {t('sysadmin.tool.run')}
              </Button>
            </Space>
            {jobError && <div className="setting-error">{t(`validation.${jobError}`)}</div>}
            <Table<JobRun>
              style={{ marginTop: 12 }}
              rowKey="id"
              size="small"
              columns={runColumns}
              dataSource={runs.data ?? []}
              locale={{ emptyText: <EmptyHint text={t('menuLogin.empty.jobs')} testId="tool-runs-empty" /> }}
              pagination={false}
              expandable={{
                expandedRowRender: (r) => (
                  <List size="small" dataSource={r.steps} renderItem={(s) => <List.Item>{`${formatInstant(s.at, true)} ${jobText(t, s)}`}</List.Item>} />
                ),
                rowExpandable: (r) => r.steps.length > 0,
              }}
              data-testid="tool-runs"
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('sysadmin.tool.ledger')} size="small">
            <Button icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => void check()} loading={checking} data-testid="tool-ledger">
              {t('sysadmin.tool.checkLedger')}
            </Button>
            {ledger && (
              <div style={{ marginTop: 12 }} data-testid="ledger-result">
                <Alert type={ledger.ok ? 'success' : 'error'} showIcon title={ledger.ok ? t('sysadmin.tool.ledgerOk') : t('sysadmin.tool.ledgerBad')} description={formatInstant(ledger.checkedAt, true)} />
                <List
                  size="small"
                  dataSource={ledger.checks}
                  renderItem={(c) => (
                    <List.Item>
                      <Space>
                        <Tag color={c.ok ? 'green' : 'red'}>{c.ok ? '✓' : '✗'}</Tag>
                        {t(`sysadmin.tool.checks.${c.name}`)}
                        {!c.ok && <Typography.Text type="danger">{c.detail}</Typography.Text>}
                      </Space>
                    </List.Item>
                  )}
                />
              </div>
            )}
          </Card>
        </Col>
        <Col span={24}>
          <CommStatusCard />
        </Col>
        <Col span={24}>
          <BackupCard poll={running} />
        </Col>
        <Col span={24}>
          <AuditCard />
        </Col>
      </Row>
    </div>
  );
}

interface AuditValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  actor?: string;
  action?: string;
  target?: string;
}

// Keys of an audit row's before/after whose number is money in cents, and those that name something
// (the server resolves their names with the page: AuditNames).
const MONEY_KEYS = new Set(['creditLimit', 'amount', 'total', 'balance', 'remaining', 'moved', 'undistributed', 'stake', 'winnings', 'prize']);
const REF_KINDS: Record<string, string> = {
  userId: 'user', uplineId: 'user', downlineId: 'user', companyId: 'user', playerId: 'user', agentId: 'user', targetUserId: 'user', sourceUserId: 'user', companyIds: 'user', userIds: 'user', cascadedTo: 'user',
  drawId: 'draw', drawIds: 'draw', poolId: 'pool', poolIds: 'pool', remoteAgentId: 'remote', packageId: 'package', ticketId: 'ticket',
};
const TARGET_KINDS: Record<string, string> = { user: 'user', draw: 'draw', pool: 'pool', remote_agents: 'remote', package: 'package', ticket: 'ticket', announcement: 'announcement', master_template: 'template' };

function AuditCard() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({ page: 1, pageSize: PAGE_SIZE });
  const audit = useAudit(filter);
  const actionNames = t('sysadmin.tool.auditActions', { returnObjects: true }) as Record<string, string>;
  const names = audit.data?.names ?? {};

  /** What a ref names, in the reader's language: an account's username, a draw's pool and date, a pool's name. */
  const named = (kind: string, id: string | number): string | null => {
    const n = names[`${kind}:${id}`];
    if (kind === 'pool') return poolName(t, Number(id), typeof n === 'string' ? n : undefined);
    if (n === undefined) return null;
    return typeof n === 'string' ? n : `${poolName(t, n.poolId)} ${n.date}`;
  };
  const target = (a: AuditPage['items'][number]) => {
    const type = t(`words.audit.targets.${a.targetType}`, { defaultValue: a.targetType });
    const id = a.targetId;
    if (id === null) return type;
    if (a.targetType === 'system_setting') return `${type}: ${t(`words.settings.names.${id}`, { defaultValue: id })}`;
    if (a.targetType === 'job') return `${type}: ${t(`sysadmin.tool.jobNames.${id}`, { defaultValue: id })}`;
    const kind = TARGET_KINDS[a.targetType];
    const name = kind ? named(kind, id) : null;
    return `${type} ${name ?? id}`;
  };
  const value = (key: string, v: unknown): React.ReactNode => {
    if (v === null || v === undefined || v === '') return t('words.audit.none');
    if (typeof v === 'boolean' || v === 'true' || v === 'false') return v === true || v === 'true' ? t('common.yes') : t('common.no');
    const kind = REF_KINDS[key];
    if (kind && (typeof v === 'number' || typeof v === 'string')) return named(kind, v) ?? String(v);
    if (typeof v === 'number') return MONEY_KEYS.has(key) ? formatCents(v) : String(v);
    if (Array.isArray(v)) {
      if (v.every((x) => typeof x !== 'object' || x === null)) return v.map((x) => value(key, x)).join(', ');
      return <pre className="log-json">{JSON.stringify(v, null, 2)}</pre>;
    }
    if (typeof v === 'object') return fields(v as Record<string, unknown>);
    // An account's status (Active, Inactive, Suspended) by its name in the reader's language.
    if (typeof v === 'string' && v in AccountStatus) return t(`status.${v}`);
    return String(v);
  };
  // An object as "name: value" lines, each key by its name in the reader's language.
  const fields = (o: Record<string, unknown>) => (
    <dl className="audit-fields">
      {Object.entries(o).map(([k, v]) => (
        <div key={k}>
          <dt style={{ display: 'inline', fontWeight: 500 }}>{t(`words.audit.fields.${k}`, { defaultValue: k })}:</dt> <dd style={{ display: 'inline', margin: 0 }}>{value(k, v)}</dd>
        </div>
      ))}
    </dl>
  );
  const shown = (a: AuditPage['items'][number], v: unknown) => {
    if (v === null || v === undefined) return '-';
    // A system setting's value: yes/no for a switch, as stored otherwise.
    if (a.targetType === 'system_setting' && v && typeof v === 'object' && 'value' in v) return value('value', (v as { value: unknown }).value);
    return typeof v === 'object' && !Array.isArray(v) ? fields(v as Record<string, unknown>) : value('', v);
  };
  const columns: TableColumnsType<AuditPage['items'][number]> = [
    { title: t('sysadmin.apiLog.at'), key: 'at', width: 170, render: (_: unknown, a) => <span className="num">{formatInstant(a.at, true)}</span> },
    { title: t('sysadmin.tool.actor'), dataIndex: 'actor', width: 110, render: (v: string | null) => v ?? t('common.system') },
    {
      title: t('sysadmin.tool.action'),
      dataIndex: 'action',
      width: 220,
      // The name in the reader's language, the code (what the filter searches) under it.
      render: (code: string) => (
        <>
          <div>{actionNames[code] ?? code}</div>
          <div className="audit-code">{code}</div>
        </>
      ),
    },
    { title: t('sysadmin.tool.target'), key: 'target', width: 200, render: (_: unknown, a) => <span data-testid="audit-target-name">{target(a)}</span> },
    { title: t('sysadmin.tool.before'), key: 'before', render: (_: unknown, a) => shown(a, a.before) },
    { title: t('sysadmin.tool.after'), key: 'after', render: (_: unknown, a) => shown(a, a.after) },
    { title: t('sysadmin.tool.ip'), dataIndex: 'ip', width: 110 },
  ];
  return (
    <Card title={t('sysadmin.tool.audit')} size="small">
      <Form<AuditValues>
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) =>
          setFilter({
            from: v.range?.[0]?.format('YYYY-MM-DD'),
            to: v.range?.[1]?.format('YYYY-MM-DD'),
            actor: v.actor?.trim() || undefined,
            action: v.action?.trim() || undefined,
            target: v.target?.trim() || undefined,
            page: 1,
            pageSize: PAGE_SIZE,
          })
        }
      >
        <Form.Item name="range" label={`${t('sysadmin.apiLog.from')} / ${t('sysadmin.apiLog.to')}`}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="actor" label={t('sysadmin.tool.actor')}>
          <Input allowClear maxLength={60} style={{ width: 130 }} data-testid="audit-actor" />
        </Form.Item>
        <Form.Item name="action" label={t('sysadmin.tool.action')}>
          <Input allowClear maxLength={60} style={{ width: 160 }} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="target" label={t('sysadmin.tool.target')}>
          <Input allowClear maxLength={60} style={{ width: 160 }} data-testid="audit-target" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} data-testid="audit-search">
            {t('sysadmin.apiLog.search')}
          </Button>
        </Form.Item>
      </Form>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={audit.data?.items ?? []}
        loading={audit.isLoading}
        pagination={{
          current: filter.page,
          pageSize: PAGE_SIZE,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page) => setFilter((f) => ({ ...f, page })),
        }}
        data-testid="audit-table"
      />
    </Card>
  );
}
