import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Collapse, Grid, Row, Space, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { BookOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useAccess } from '../../navigation/useAccess';
import { BET_LANGUAGE_HELP } from '@app/domain';
import { translateMessage } from '../../i18n';
import { IdempotentAction, outcomeOf } from '../../ui/idempotency';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { placeExpressOrder, useAfterPlace, useBusinessDate, type PlacedTicket } from './api';
import { clockKeys, mixedDraws, serverNow, useDrawClock } from './drawClock';
import { DrawClock } from './DrawClock';
import { poolLetters, problemText, refusalText, shortDate, type Said } from './labels';
import { OwnerBar } from './OwnerBar';
import { PlacedResult } from './PlacedResult';
import { buildExpressPreview, lineErrorsOf, type ExpressPreview, type PreviewRow } from './preview';
import { PreviewList } from './PreviewList';
import { useBetSettings } from './settings';
import { useOrderOwner } from './useOrderOwner';

/** The number dictionary (linked from here when it exists for the viewer). */
const DICTIONARY_PATH = '/number-meaning';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
/** The preview is read once typing pauses this long. */
export const PREVIEW_DELAY_MS = 200;
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

/** Pools that buy the same dates, together: [[1, 3], dates], [[2], dates] ... in pool order of first sight. */
function groupByDates(byPool: [number, string[]][]): [number[], string[]][] {
  const groups = new Map<string, [number[], string[]]>();
  for (const [pool, dates] of byPool) {
    const key = dates.join(',');
    const group = groups.get(key) ?? [[], dates];
    group[0].push(pool);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The pools a preview's lines buy, and the owner's default pools: those the draw clock shows. */
function poolsOf(preview: ExpressPreview | null, defaults: readonly number[]): string {
  const set = new Set<number>(defaults);
  for (const r of preview?.rows ?? []) for (const p of r.line?.pools ?? []) set.add(p);
  return [...set].sort((a, b) => a - b).join(',');
}

/**
 * /order/express-betting: bet text as agents receive it, a preview, and one placement per press (or
 * Ctrl+Enter). The text area is left to the browser (no React state per keystroke): the preview is read
 * once typing pauses, and only the preview rows in view are rendered.
 */
export default function ExpressBettingPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const access = useAccess();
  const owner = useOrderOwner();
  const { today } = useBusinessDate();
  const afterPlace = useAfterPlace();
  const queryClient = useQueryClient();
  const clock = useDrawClock();
  const settings = useBetSettings(owner.owner.data);
  const phone = !Grid.useBreakpoint().md;
  const area = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [preview, setPreview] = useState<{ text: string; value: ExpressPreview | null }>({ text: '', value: null });
  const [placing, setPlacing] = useState(false);
  const [result, setResult] = useState<PlacedTicket | null>(null);
  const [refusal, setRefusal] = useState<Said | null>(null);
  /** The server's per-line refusal, for the text it was given (dropped once the text changes). */
  const [serverErrors, setServerErrors] = useState<{ text: string; lines: Map<number, string> } | null>(null);
  const action = useRef(new IdempotentAction());

  const readPreview = useCallback(() => {
    clearTimeout(timer.current);
    const text = area.current?.value ?? '';
    performance.mark('express-preview-start');
    const value = today && settings && text.trim() !== '' ? buildExpressPreview(text, { today, ...settings }) : null;
    performance.measure('express-preview-read', 'express-preview-start');
    setPreview({ text, value });
    return value;
  }, [today, settings]);

  // Read again when what the text is read by arrives or changes (the owner, its settings, the date).
  useEffect(() => {
    readPreview();
  }, [readPreview]);

  // After the preview's rows are on screen: how long reading and showing them took (npm run bench:express).
  useEffect(() => {
    const started = () => performance.getEntriesByName('express-preview-start', 'mark').length > 0;
    if (!started()) return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (!started()) return;
        performance.measure('express-preview', 'express-preview-start');
        performance.clearMarks('express-preview-start');
      }, 0),
    );
  }, [preview]);

  const edited = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(readPreview, PREVIEW_DELAY_MS);
    if (refusal) setRefusal(null);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const setText = (text: string) => {
    if (area.current) area.current.value = text;
    readPreview();
  };

  const place = async () => {
    if (placing) return;
    setRefusal(null);
    setResult(null);
    const text = area.current?.value ?? '';
    if (text.trim() === '') {
      alerts.errorKey('EMPTY_RECEIPT_STRING');
      return;
    }
    if (owner.ownerId === undefined) {
      alerts.error(t('betting.pickAccount'));
      return;
    }
    // The preview is checked first; the server reads the text again and has the last word.
    const check = readPreview();
    if (check && !check.ok) {
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
      afterPlace();
      void queryClient.invalidateQueries({ queryKey: clockKeys.all });
      return;
    }
    if (outcome === 'uncertain') {
      setRefusal(() => (tt: TFunction) => `${tt('messages.INTERNAL_SERVER_ERROR')} ${tt('betting.retryHint')}`);
      return;
    }
    const lines = lineErrorsOf(r.data);
    setServerErrors(lines.size ? { text, lines } : null);
    setRefusal(() => (tt: TFunction) => (lines.size ? tt('betting.refusedLines', { message: refusalText(tt, r) }) : refusalText(tt, r)));
  };

  const lineRefusals = serverErrors && serverErrors.text === preview.text ? serverErrors.lines : null;
  const rows: PreviewRow[] = useMemo(() => {
    const base = preview.value?.rows ?? [];
    if (!lineRefusals) return base;
    return base.map((row) => {
      const key = lineRefusals.get(row.lineNo);
      return key && !row.problems.some((p) => p.key === key) ? { ...row, problems: [...row.problems, { key }] } : row;
    });
  }, [preview.value, lineRefusals]);

  const clockPoolsKey = poolsOf(preview.value, settings?.defaultPools ?? []);
  const clockPools = useMemo(() => (clockPoolsKey ? clockPoolsKey.split(',').map(Number) : []), [clockPoolsKey]);
  const general = preview.value?.general ?? [];
  const badLines = rows.filter((r) => r.problems.length > 0).length;
  const codeOrder = (settings?.codeOrder ?? []).join('#') || 'B#S#4A#A#C';
  // D on pools whose next draws differ (a cutoff passed for some): said before placing, not found on the receipt.
  const goodLines = useMemo(() => rows.filter((r) => r.line && r.problems.length === 0).map((r) => r.line!), [rows]);
  const mixed = mixedDraws(goodLines, clock.data, clock.data ? serverNow(clock.data) : 0);
  const mixedText = mixed
    .map((m) =>
      t('betting.mixedDrawLines', {
        lines: m.lineNos.join(', '),
        dates: groupByDates(m.byPool)
          .map(([pools, dates]) => `${poolLetters(pools)} ${dates.map((d) => `${shortDate(d)} ${t(`betting.weekdays.${new Date(`${d}T00:00:00Z`).getUTCDay()}`)}`).join(', ') || t('betting.clock.noDraw')}`)
          .join(' · '),
      }),
    )
    .join(' ');

  return (
    <div data-testid="express-page">
      <Typography.Title level={3}>{t('betting.routes.express')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            <OwnerBar owner={owner} today={today} />
            <DrawClock pools={clockPools} />
          </Space>
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={8} xxl={9}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Card title={t('betting.betText')}>
                <textarea
                  ref={area}
                  className="ant-input ant-input-outlined"
                  rows={phone ? 8 : 22}
                  onChange={edited}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                      e.preventDefault();
                      void place();
                    }
                  }}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={BET_LANGUAGE_HELP}
                  style={{ fontFamily: MONO, width: '100%', resize: 'vertical' }}
                  data-testid="express-text"
                />
                <Space style={{ marginTop: 12 }} wrap>
                  <Button type="primary" onClick={() => void place()} loading={placing} disabled={placing} data-testid="express-place">
                    {t('betting.place')}
                  </Button>
                  <Button
                    onClick={() => {
                      setText('');
                      setRefusal(null);
                    }}
                    disabled={placing}
                    data-testid="express-clear"
                  >
                    {t('betting.clear')}
                  </Button>
                  {!phone && <Typography.Text type="secondary">{t('betting.placeShortcut')}</Typography.Text>}
                  {access.hasRoute(DICTIONARY_PATH) && (
                    <Link to={DICTIONARY_PATH} data-testid="express-dictionary">
                      <BookOutlined aria-hidden /> {t('betting.dictionaryLink')}
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
                            { key: 'means', render: (_: unknown, r) => t(`betting.help.${r[1]}`, { order: codeOrder }) },
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
          <Col xs={24} lg={16} xxl={15}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              {refusal && <Alert type="error" showIcon title={refusal(t)} data-testid="bet-refusal" />}
              {result && <PlacedResult ticket={result} currency={owner.owner.data?.currency} onClose={() => setResult(null)} />}
              <Card title={t('betting.preview')} data-testid="express-preview-card">
                <Row gutter={[16, 8]} style={{ marginBottom: 12 }}>
                  <Col xs={12} sm={6}>
                    <Statistic title={t('betting.lines')} value={preview.value?.lines ?? 0} valueRender={(v) => <span data-testid="express-total-lines">{v}</span>} />
                  </Col>
                  <Col xs={12} sm={6}>
                    <Statistic title={t('betting.numbers')} value={preview.value?.numbers ?? 0} valueRender={(v) => <span data-testid="express-total-numbers">{v}</span>} />
                  </Col>
                  <Col xs={12} sm={7}>
                    <Statistic
                      title={t('betting.grossTotal')}
                      value={formatCents(preview.value?.gross ?? 0)}
                      valueRender={(v) => <span data-testid="express-total-gross">{v}</span>}
                    />
                  </Col>
                  <Col xs={12} sm={5}>
                    <Statistic
                      title={t('betting.badLines')}
                      value={badLines}
                      styles={{ content: { color: badLines ? '#cf1322' : undefined } }}
                      valueRender={(v) => <span data-testid="express-bad-lines">{v}</span>}
                    />
                  </Col>
                </Row>
                {general.length > 0 && preview.text.trim() !== '' && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title={general.map((g) => translateMessage(t, g.key)).join(' ')}
                    data-testid="express-general-error"
                  />
                )}
                {mixed.length > 0 && (
                  <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('betting.mixedDraws')} description={mixedText} data-testid="express-mixed-draws" />
                )}
                <PreviewList rows={rows} eatSequence={settings?.eatSequence ?? '*/**'} clock={clock.data} />
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('betting.previewNote')} {t('betting.clock.ownCutoff')}
                </Typography.Paragraph>
              </Card>
            </Space>
          </Col>
        </Row>
      </Space>
    </div>
  );
}
