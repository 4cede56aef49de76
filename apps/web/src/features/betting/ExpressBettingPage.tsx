import { useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Col, Collapse, Input, Row, Space, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { BookOutlined } from '@ant-design/icons';
import { useAccess } from '../../navigation/useAccess';
import { BET_LANGUAGE_HELP, formatNumberToken, type BetCode, type BetLine } from '@app/domain';
import { translateMessage } from '../../i18n';
import { IdempotentAction, outcomeOf } from '../../ui/idempotency';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { placeExpressOrder, useAfterPlace, useBusinessDate, type PlacedTicket } from './api';
import { drawText, poolLetters, problemText, refusalText, type Said } from './labels';
import { OwnerBar } from './OwnerBar';
import { PlacedResult } from './PlacedResult';
import { buildExpressPreview, lineErrorsOf, type PreviewRow } from './preview';
import { useOrderOwner } from './useOrderOwner';

/** The number dictionary (linked from here when it exists for the viewer). */
const DICTIONARY_PATH = '/number-meaning';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const PREVIEW_DELAY_MS = 250;
/** Text lines the help panel explains, each with its i18n key. */
const HELP_LINES: [string, string][] = [
  ['D', 'draw'],
  ['D2', 'drawN'],
  ['25/12', 'dates'],
  ['#1234', 'pools'],
  ['1234#1#1', 'amounts'],
  ['5678##2', 'emptyField'],
  ['*1234#1', 'box'],
  ['**1234#1', 'ibox'],
  ['R123#1', 'rollHead'],
  ['123R#1', 'rollBack'],
];

/** /order/express-betting: bet text as agents receive it, a live preview, and one placement per press. */
export default function ExpressBettingPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const access = useAccess();
  const owner = useOrderOwner();
  const { today } = useBusinessDate();
  const afterPlace = useAfterPlace();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [placing, setPlacing] = useState(false);
  const [result, setResult] = useState<PlacedTicket | null>(null);
  const [refusal, setRefusal] = useState<Said | null>(null);
  /** The server's per-line refusal, for the text it was given (dropped once the text changes). */
  const [serverErrors, setServerErrors] = useState<{ text: string; lines: Map<number, string> } | null>(null);
  const action = useRef(new IdempotentAction());
  const eatSequence = owner.owner.data?.eatSequence;

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const preview = useMemo(
    () => (today && eatSequence && debounced.trim() !== '' ? buildExpressPreview(debounced, { today, eatSequence }) : null),
    [debounced, today, eatSequence],
  );
  const lineRefusals = serverErrors && serverErrors.text === debounced ? serverErrors.lines : null;

  const place = async () => {
    if (placing) return;
    setRefusal(null);
    setResult(null);
    if (text.trim() === '') {
      alerts.errorKey('EMPTY_RECEIPT_STRING');
      return;
    }
    if (owner.ownerId === undefined) {
      alerts.error(t('betting.pickAccount'));
      return;
    }
    // The preview is checked first; the server reads the text again and has the last word.
    const check = today && eatSequence ? buildExpressPreview(text, { today, eatSequence }) : null;
    if (check && !check.ok) {
      setDebounced(text);
      const general = check.general[0];
      const first = check.rows.find((r) => r.problems.length > 0);
      alerts.error(
        general
          ? translateMessage(t, general.key)
          : first
            ? t('betting.lineProblem', { line: first.lineNo, message: problemText(t, first.problems[0]) })
            : t('betting.fixLines'),
      );
      return;
    }
    const payload = { text, targetUserId: owner.targetUserId };
    const idempotencyKey = action.current.keyFor(payload);
    setPlacing(true);
    const r = await placeExpressOrder({ ...payload, idempotencyKey });
    setPlacing(false);
    const outcome = outcomeOf(r);
    action.current.settle(outcome);
    if (r.success && r.data) {
      setResult(r.data);
      setServerErrors(null);
      setText('');
      setDebounced('');
      afterPlace();
      return;
    }
    if (outcome === 'uncertain') {
      setRefusal(() => (tt: TFunction) => `${tt('messages.INTERNAL_SERVER_ERROR')} ${tt('betting.retryHint')}`);
      return;
    }
    const lines = lineErrorsOf(r.data);
    setServerErrors(lines.size ? { text, lines } : null);
    setDebounced(text);
    setRefusal(() => (tt: TFunction) => (lines.size ? tt('betting.refusedLines', { message: refusalText(tt, r) }) : refusalText(tt, r)));
  };

  const rows: PreviewRow[] = useMemo(() => {
    if (!preview) return [];
    if (!lineRefusals) return preview.rows;
    return preview.rows.map((row) => {
      const key = lineRefusals.get(row.lineNo);
      return key && !row.problems.some((p) => p.key === key) ? { ...row, problems: [...row.problems, { key }] } : row;
    });
  }, [preview, lineRefusals]);
  const numberToken = (l: BetLine) => {
    try {
      return formatNumberToken(l.number, l.betType, eatSequence);
    } catch {
      return l.number;
    }
  };
  const spanned = (r: PreviewRow) => r.problems.length > 0 || r.kind !== 'bet' || !r.line;
  const DETAIL_SPAN = 5;
  const columns: TableColumnsType<PreviewRow> = [
    { title: t('betting.line'), dataIndex: 'lineNo', key: 'lineNo', width: 56, align: 'right' },
    {
      title: t('betting.text'),
      dataIndex: 'raw',
      key: 'raw',
      render: (v: string) => <span style={{ fontFamily: MONO, whiteSpace: 'pre' }}>{v.trim()}</span>,
    },
    {
      title: t('betting.drawCol'),
      key: 'draw',
      onCell: (r) => ({ colSpan: spanned(r) ? DETAIL_SPAN : 1 }),
      render: (_: unknown, r) => {
        if (r.problems.length > 0) {
          return (
            <Space orientation="vertical" size={0} data-testid={`express-line-error-${r.lineNo}`}>
              {r.problems.map((p, i) => (
                <Typography.Text type="danger" key={i}>
                  {problemText(t, p)}
                </Typography.Text>
              ))}
            </Space>
          );
        }
        if (r.kind === 'draw') return <Typography.Text type="secondary">{t('betting.readsDraw')}</Typography.Text>;
        if (r.kind === 'pools') return <Typography.Text type="secondary">{t('betting.readsPools')}</Typography.Text>;
        if (!r.line) return <Typography.Text type="secondary">{t('betting.notRead')}</Typography.Text>;
        return drawText(t, r.line.draw);
      },
    },
    { title: t('betting.pools'), key: 'pools', onCell: (r) => ({ colSpan: spanned(r) ? 0 : 1 }), render: (_: unknown, r) => (r.line ? poolLetters(r.line.pools) : null) },
    {
      title: t('betting.number'),
      key: 'number',
      onCell: (r) => ({ colSpan: spanned(r) ? 0 : 1 }),
      render: (_: unknown, r) => (r.line ? <span style={{ fontFamily: MONO }}>{numberToken(r.line)}</span> : null),
    },
    {
      title: t('betting.betType'),
      key: 'type',
      onCell: (r) => ({ colSpan: spanned(r) ? 0 : 1 }),
      render: (_: unknown, r) => (r.line ? <Tag color={r.line.betType === 1 ? 'default' : 'blue'}>{t(`betting.betTypes.${r.line.betType}`)}</Tag> : null),
    },
    {
      title: t('betting.amounts'),
      key: 'amounts',
      onCell: (r) => ({ colSpan: spanned(r) ? 0 : 1 }),
      render: (_: unknown, r) =>
        r.line ? (
          <Space size={4} wrap>
            {(Object.entries(r.line.amounts) as [BetCode, number][]).map(([code, cents]) => (
              <Tag key={code} style={{ marginInlineEnd: 0 }}>
                <b>{code}</b> {formatCents(cents)}
              </Tag>
            ))}
          </Space>
        ) : null,
    },
    { title: t('betting.numbers'), dataIndex: 'numbers', key: 'numbers', align: 'right', render: (v: number, r) => (r.line ? v : '') },
    { title: t('betting.gross'), dataIndex: 'gross', key: 'gross', align: 'right', render: (v: number, r) => (r.line ? formatCents(v) : '') },
  ];

  const general = preview?.general ?? [];
  const badLines = rows.filter((r) => r.problems.length > 0).length;

  return (
    <div data-testid="express-page">
      <Typography.Title level={3}>{t('betting.routes.express')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <OwnerBar owner={owner} today={today} />
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Card title={t('betting.betText')}>
                <Input.TextArea
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    setRefusal(null);
                  }}
                  autoSize={{ minRows: 12, maxRows: 28 }}
                  spellCheck={false}
                  placeholder={BET_LANGUAGE_HELP}
                  style={{ fontFamily: MONO }}
                  data-testid="express-text"
                />
                <Space style={{ marginTop: 12 }}>
                  <Button type="primary" onClick={() => void place()} loading={placing} disabled={placing} data-testid="express-place">
                    {t('betting.place')}
                  </Button>
                  <Button
                    onClick={() => {
                      setText('');
                      setDebounced('');
                      setRefusal(null);
                    }}
                    disabled={placing}
                    data-testid="express-clear"
                  >
                    {t('betting.clear')}
                  </Button>
                  {access.hasRoute(DICTIONARY_PATH) && (
                    <Link to={DICTIONARY_PATH} data-testid="express-dictionary">
                      <BookOutlined /> {t('betting.dictionaryLink')}
                    </Link>
                  )}
                </Space>
              </Card>
              <Collapse
                data-testid="express-help"
                items={[
                  {
                    key: 'help',
                    label: t('betting.help.title'),
                    children: (
                      <Space orientation="vertical" style={{ width: '100%' }}>
                        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('betting.help.intro')}</Typography.Paragraph>
                        <Table<[string, string]>
                          size="small"
                          pagination={false}
                          rowKey={(r) => r[0]}
                          dataSource={HELP_LINES}
                          showHeader={false}
                          columns={[
                            { key: 'syntax', width: 110, render: (_: unknown, r) => <span style={{ fontFamily: MONO }}>{r[0]}</span> },
                            { key: 'means', render: (_: unknown, r) => t(`betting.help.${r[1]}`) },
                          ]}
                        />
                        <Typography.Text strong>{t('betting.help.sample')}</Typography.Text>
                        <pre style={{ fontFamily: MONO, background: '#fafafa', padding: 8, margin: 0 }} data-testid="express-help-sample">
                          {BET_LANGUAGE_HELP}
                        </pre>
                        <Button size="small" onClick={() => setText(BET_LANGUAGE_HELP)} data-testid="express-help-use">
                          {t('betting.help.useSample')}
                        </Button>
                      </Space>
                    ),
                  },
                ]}
              />
            </Space>
          </Col>
          <Col xs={24} xl={15}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              {refusal && <Alert type="error" showIcon title={refusal(t)} data-testid="bet-refusal" />}
              {result && <PlacedResult ticket={result} currency={owner.owner.data?.currency} onClose={() => setResult(null)} />}
              <Card title={t('betting.preview')} data-testid="express-preview-card">
                <Row gutter={16} style={{ marginBottom: 12 }}>
                  <Col span={6}>
                    <Statistic title={t('betting.lines')} value={preview?.lines ?? 0} valueRender={(v) => <span data-testid="express-total-lines">{v}</span>} />
                  </Col>
                  <Col span={6}>
                    <Statistic title={t('betting.numbers')} value={preview?.numbers ?? 0} valueRender={(v) => <span data-testid="express-total-numbers">{v}</span>} />
                  </Col>
                  <Col span={8}>
                    <Statistic
                      title={t('betting.grossTotal')}
                      value={formatCents(preview?.gross ?? 0)}
                      valueRender={(v) => <span data-testid="express-total-gross">{v}</span>}
                    />
                  </Col>
                  <Col span={4}>
                    <Statistic
                      title={t('betting.badLines')}
                      value={badLines}
                      styles={{ content: { color: badLines ? '#cf1322' : undefined } }}
                      valueRender={(v) => <span data-testid="express-bad-lines">{v}</span>}
                    />
                  </Col>
                </Row>
                {general.length > 0 && debounced.trim() !== '' && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title={general.map((g) => translateMessage(t, g.key)).join(' ')}
                    data-testid="express-general-error"
                  />
                )}
                <Table<PreviewRow>
                  size="small"
                  rowKey="lineNo"
                  columns={columns}
                  dataSource={rows}
                  pagination={false}
                  scroll={{ x: 'max-content', y: 560 }}
                  locale={{ emptyText: t('betting.previewEmpty') }}
                  onRow={(r) => ({ style: r.problems.length ? { background: '#fff1f0' } : undefined, 'data-testid': `express-line-${r.lineNo}` }) as HTMLAttributes<HTMLElement>}
                  data-testid="express-preview"
                />
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('betting.previewNote')}
                </Typography.Paragraph>
              </Card>
            </Space>
          </Col>
        </Row>
      </Space>
    </div>
  );
}
