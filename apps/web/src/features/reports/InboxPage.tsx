import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Input, Row, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { InboxPage as InboxData, SmsCountReport } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { translateMessage } from '../../i18n';
import { formatInstant } from '../../ui/time';
import { TicketLink } from '../../ui/TicketLink';
import { useInitReport } from './api';
import { ReportToolbar } from './ReportToolbar';
import { useReportQuery } from './useReportQuery';
import './reports.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

type Row = InboxData['items'][number];
type SmsRow = SmsCountReport['items'][number];
const SOURCES = [1, 2, 3, 4, 5] as const;
const STATUSES = ['all', 'accepted', 'refused'] as const;

/**
 * /inbox (decision 0029): every bet text the subtree received, accepted with its ticket or refused with the
 * reason and lines, searched by text, bet number, dates, source and account; and a tab of the receipts sent
 * by SMS per account and day (Report/GetSmsCountReport). The filter lives in the address, as every report's.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const { q, set } = useReportQuery({ pageSize: 50 });
  const [params, setParams] = useSearchParams();
  const init = useInitReport();
  const tab = params.get('tab') === 'sms' ? 'sms' : 'texts';
  const search = params.get('search') ?? '';
  const number = params.get('number') ?? '';
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as (typeof STATUSES)[number]) : 'all';
  const sourceType = Number(params.get('sourceType') ?? -1) || -1;
  /** Changes a filter of the inbox's own (back to page 1). */
  const setOwn = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined || v === '' || v === -1 || v === 'all') next.delete(k);
      else next.set(k, String(v));
    }
    next.delete('page');
    setParams(next);
  };
  const base = { fromDate: q.fromDate, toDate: q.toDate, userId: q.userId, page: q.page, pageSize: q.pageSize };
  const texts = useQuery({
    queryKey: ['report', 'inbox', base, search, number, status, sourceType],
    queryFn: () => fetchData<InboxData>(API.Report.GetInbox, { query: { ...base, search: search || undefined, number: number || undefined, status, sourceType } }),
    placeholderData: keepPreviousData,
    enabled: tab === 'texts',
  });
  const sms = useQuery({
    queryKey: ['report', 'smsCount', base],
    queryFn: () => fetchData<SmsCountReport>(API.Report.GetSmsCountReport, { query: base }),
    placeholderData: keepPreviousData,
    enabled: tab === 'sms',
  });

  const columns: ReportColumns<Row> = [
    { title: t('inbox.receivedAt'), dataIndex: 'receivedAt', key: 'receivedAt', width: 170, render: (v: string) => formatInstant(v, true) },
    { title: t('inbox.account'), dataIndex: 'username', key: 'username', width: 120 },
    { title: t('inbox.placedBy'), dataIndex: 'placedBy', key: 'placedBy', width: 120 },
    { title: t('inbox.source'), dataIndex: 'sourceType', key: 'source', width: 110, render: (v: number) => t(`history.sources.${v}`, { defaultValue: String(v) }) },
    { title: t('inbox.text'), dataIndex: 'text', key: 'text', render: (v: string) => <pre className="inbox-text">{v}</pre> },
    {
      title: t('inbox.result'),
      key: 'result',
      width: 280,
      render: (_: unknown, r: Row) =>
        r.accepted ? (
          <Space size={4} wrap>
            <Tag color="green">{t('inbox.status.accepted')}</Tag>
            <Typography.Text copyable={r.ticketNo ? { text: r.ticketNo } : false} data-testid={`inbox-ticket-${r.id}`}>
              {r.ticketId && r.ticketNo ? <TicketLink ticketId={r.ticketId} ticketNo={r.ticketNo} /> : r.ticketNo}
            </Typography.Text>
            {r.ticketStatus === 0 && <Tag>{t('inbox.void')}</Tag>}
          </Space>
        ) : (
          <Space orientation="vertical" size={2} data-testid={`inbox-refused-${r.id}`}>
            <Space size={4} wrap>
              <Tag color="red">{t('inbox.status.refused')}</Tag>
              <Typography.Text type="danger">{translateMessage(t, r.reason)}</Typography.Text>
            </Space>
            {r.lines.map((l) => (
              <Typography.Text key={`${l.lineNo}-${l.key}`} type="secondary" className="inbox-line">
                {t('inbox.line', { lineNo: l.lineNo })}: <code>{l.text}</code> {l.key !== r.reason && translateMessage(t, l.key)}
              </Typography.Text>
            ))}
          </Space>
        ),
    },
  ];
  const smsColumns: ReportColumns<SmsRow> = [
    { title: t('inbox.sms.date'), dataIndex: 'date', key: 'date', width: 120 },
    { title: t('inbox.sms.account'), dataIndex: 'username', key: 'username', render: (v: string, r: SmsRow) => (r.fullName && r.fullName !== v ? `${v} (${r.fullName})` : v) },
    ...(['total', 'sent', 'pending', 'failed', 'master'] as const).map((k) => ({ title: t(`inbox.sms.${k}`), dataIndex: k, key: k, align: 'right' as const })),
  ];
  const pageChange = (p: { current?: number; pageSize?: number }) => set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize });
  const accounts = [{ value: 0, label: t('inbox.allAccounts') }, ...(init.data?.downlines ?? []).map((d) => ({ value: d.userId, label: `${d.username} (${d.fullName})` }))];

  return (
    <div data-testid="inbox-page" className="report-page">
      <Typography.Title level={3}>{t('inbox.routes.inbox')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar q={q} set={set} codes={false} pools={false} />
        <Tabs
          activeKey={tab}
          onChange={(k) => setOwn({ tab: k === 'sms' ? 'sms' : undefined })}
          items={[
            {
              key: 'texts',
              label: <span data-testid="inbox-tab-texts">{t('inbox.tabs.texts')}</span>,
              children: (
                <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                  <Card size="small">
                    <Row gutter={[12, 12]} align="middle">
                      <Col flex="none">
                        <Input.Search
                          key={`search-${search}`}
                          defaultValue={search}
                          allowClear
                          maxLength={100}
                          placeholder={t('inbox.search')}
                          onSearch={(v) => setOwn({ search: v.trim() })}
                          style={{ width: 220 }}
                          data-testid="inbox-search"
                        />
                      </Col>
                      <Col flex="none">
                        <Input.Search
                          key={`number-${number}`}
                          defaultValue={number}
                          allowClear
                          maxLength={6}
                          placeholder={t('inbox.number')}
                          onSearch={(v) => setOwn({ number: v.replace(/\D/g, '') })}
                          style={{ width: 170 }}
                          data-testid="inbox-number"
                        />
                      </Col>
                      <Col flex="none">
                        <Select<string>
                          value={status}
                          onChange={(v) => setOwn({ status: v })}
                          style={{ width: 130 }}
                          options={STATUSES.map((s) => ({ value: s, label: t(`inbox.status.${s}`) }))}
                          data-testid="inbox-status"
                        />
                      </Col>
                      <Col flex="none">
                        <Select<number>
                          value={sourceType}
                          onChange={(v) => setOwn({ sourceType: v })}
                          style={{ width: 160 }}
                          options={[{ value: -1, label: t('inbox.allSources') }, ...SOURCES.map((s) => ({ value: s, label: t(`history.sources.${s}`) }))]}
                          data-testid="inbox-source"
                        />
                      </Col>
                      <Col flex="none">
                        <Select<number>
                          value={q.userId ?? 0}
                          onChange={(v) => set({ userId: v || undefined })}
                          style={{ width: 220 }}
                          showSearch={{ optionFilterProp: 'label' }}
                          options={accounts}
                          data-testid="inbox-account"
                        />
                      </Col>
                      <Col flex="auto" />
                      {texts.data && (
                        <Col flex="none">
                          <Typography.Text data-testid="inbox-counts">{t('inbox.counts', texts.data.totals)}</Typography.Text>
                        </Col>
                      )}
                    </Row>
                  </Card>
                  <ReportTable<Row> tableId="inbox"
                    size="small"
                    bordered
                    rowKey="id"
                    loading={texts.isFetching}
                    columns={columns}
                    dataSource={texts.data?.items ?? []}
                    rowClassName={(r) => (r.accepted ? '' : 'inbox-refused')}
                    onChange={pageChange}
                    pagination={{ current: q.page, pageSize: q.pageSize, total: texts.data?.total ?? 0, showSizeChanger: true }}
                    data-testid="inbox-table"
                  />
                </Space>
              ),
            },
            {
              key: 'sms',
              label: <span data-testid="inbox-tab-sms">{t('inbox.tabs.sms')}</span>,
              children: (
                <ReportTable<SmsRow> tableId="smsCounts"
                  size="small"
                  bordered
                  rowKey={(r) => `${r.date}-${r.userId}`}
                  loading={sms.isFetching}
                  columns={smsColumns}
                  dataSource={sms.data?.items ?? []}
                  onChange={pageChange}
                  pagination={{ current: q.page, pageSize: q.pageSize, total: sms.data?.total ?? 0 }}
                  summary={() =>
                    sms.data && sms.data.total > 0 ? (
                      <Table.Summary.Row data-testid="sms-totals">
                        <Table.Summary.Cell index={0} colSpan={2}>
                          <strong>{t('reports.total')}</strong>
                        </Table.Summary.Cell>
                        {(['total', 'sent', 'pending', 'failed', 'master'] as const).map((k, i) => (
                          <Table.Summary.Cell key={k} index={i + 2} align="right">
                            <strong>{sms.data!.totals[k]}</strong>
                          </Table.Summary.Cell>
                        ))}
                      </Table.Summary.Row>
                    ) : null
                  }
                  data-testid="sms-table"
                />
              ),
            },
          ]}
        />
      </Space>
    </div>
  );
}
