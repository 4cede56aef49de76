import { memo, useRef } from 'react';
import { Grid, Space, Tag, Typography } from 'antd';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumberToken, type BetCode, type BetLine, type EatSequence } from '@app/domain';
import { formatCents } from '../../ui/text';
import { datesOf, serverNow, type ClockData } from './drawClock';
import { drawText, poolLetters, problemText, shortDate } from './labels';
import type { PreviewRow } from './preview';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const ROW_HEIGHT = 34;
const HEIGHT = 560;
/**
 * Line, text, draw, pools, number and type, amounts, numbers, gross: every column on a 1366 px laptop beside
 * the text box. Each line is a grid of its own, so no track may size by its content (the columns would not
 * line up): fixed or minmax(0, fr) tracks only, and what does not fit wraps inside its cell.
 */
const GRID = '32px minmax(0, 0.9fr) minmax(0, 1.1fr) minmax(0, 0.8fr) minmax(0, 1fr) minmax(0, 1.5fr) 56px 84px';
/** On a phone: line, what the line buys (stacked), gross. */
const PHONE_GRID = '28px minmax(0, 1fr) 76px';

const weekday = (t: TFunction, iso: string) => t(`betting.weekdays.${new Date(`${iso}T00:00:00Z`).getUTCDay()}`);

/** The draw dates a line buys, by the server's calendar: "25/11 Wed", or per pool when the pools differ. */
export function drawDatesText(t: TFunction, line: Pick<BetLine, 'draw' | 'pools'>, clock: ClockData | undefined, now: number): string {
  if (!clock && line.draw.kind === 'next') return drawText(t, line.draw);
  const byPool = datesOf(clock, line.draw, line.pools, now);
  const texts = line.pools.map((p) => (byPool.get(p) ?? []).map((d) => `${shortDate(d)} ${weekday(t, d)}`).join(', ') || t('betting.clock.noDraw'));
  if (texts.every((x) => x === texts[0])) return texts[0];
  // Pools that share their dates are named together: "M T 02/12 Wed · P B 05/12 Sat".
  const byText = new Map<string, number[]>();
  line.pools.forEach((p, i) => byText.set(texts[i], [...(byText.get(texts[i]) ?? []), p]));
  return [...byText].map(([text, pools]) => `${poolLetters(pools)} ${text}`).join(' · ');
}

const Row = memo(function Row({ row, eatSequence, clock, now, phone }: { row: PreviewRow; eatSequence: EatSequence; clock: ClockData | undefined; now: number; phone: boolean }) {
  const { t } = useTranslation();
  const l = row.line;
  const bad = row.problems.length > 0;
  let token = l?.number ?? '';
  if (l) {
    try {
      token = formatNumberToken(l.number, l.betType, eatSequence);
    } catch {
      // shown as written
    }
  }
  const span = phone ? undefined : { gridColumn: '3 / 7' };
  const text = row.raw.trim();
  const detail = bad ? (
    <Space size={8} wrap data-testid={`express-line-error-${row.lineNo}`} style={span}>
      {row.problems.map((p, i) => (
        <Typography.Text type="danger" key={i}>
          {problemText(t, p)}
        </Typography.Text>
      ))}
    </Space>
  ) : row.kind !== 'bet' || !l ? (
    <Typography.Text type="secondary" style={span}>
      {row.kind === 'draw' ? t('betting.readsDraw') : row.kind === 'pools' ? t('betting.readsPools') : t('betting.notRead')}
    </Typography.Text>
  ) : (
    <>
      <span data-testid={`express-line-draw-${row.lineNo}`}>{drawDatesText(t, l, clock, now)}</span>
      <span>{poolLetters(l.pools)}</span>
      <span>
        <span style={{ fontFamily: MONO }}>{token}</span>{' '}
        {l.betType !== 1 && (
          <Tag color="blue" style={{ marginInlineEnd: 0 }} title={t(`betting.betTypes.${l.betType}`)}>
            {t(`betting.betTypesShort.${l.betType}`)}
          </Tag>
        )}
      </span>
      <Space size={4} wrap>
        {(Object.entries(l.amounts) as [BetCode, number][]).map(([code, cents]) => (
          <Tag key={code} style={{ marginInlineEnd: 0 }}>
            <b>{code}</b> {formatCents(cents)}
          </Tag>
        ))}
      </Space>
    </>
  );
  const figures = (
    <>
      {!phone && <span style={{ textAlign: 'right' }}>{l && !bad ? row.numbers : ''}</span>}
      <span style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{l && !bad ? formatCents(row.gross) : ''}</span>
    </>
  );
  if (phone) {
    // One line of bet text as a small card: the text as typed, then what it buys, then the gross.
    return (
      <>
        <span style={{ textAlign: 'right' }}>{row.lineNo}</span>
        <Space orientation="vertical" size={2} style={{ minWidth: 0, padding: '4px 0' }}>
          <span style={{ fontFamily: MONO, whiteSpace: 'pre', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' }}>{text}</span>
          <Space size={6} wrap>
            {detail}
          </Space>
        </Space>
        {figures}
      </>
    );
  }
  return (
    <>
      <span style={{ textAlign: 'right' }}>{row.lineNo}</span>
      <span title={text} style={{ fontFamily: MONO, whiteSpace: 'pre', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {text}
      </span>
      {detail}
      {figures}
    </>
  );
});

/**
 * The preview's lines, virtualised: only the rows in view are in the page, so a thousand lines render as
 * fast as thirty.
 */
export function PreviewList({ rows, eatSequence, clock }: { rows: PreviewRow[]; eatSequence: EatSequence; clock: ClockData | undefined }) {
  const { t } = useTranslation();
  // Below a tablet's width each line is a small stacked card, so a phone never scrolls sideways.
  const phone = !Grid.useBreakpoint().md;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before the first measure, and where nothing is laid out (a test's DOM), the first screenful.
    initialRect: { width: 1000, height: HEIGHT },
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: HEIGHT })),
  });
  const now = clock ? serverNow(clock) : 0;
  const cell = { display: 'grid', gridTemplateColumns: phone ? PHONE_GRID : GRID, columnGap: 8, alignItems: 'center', padding: '0 6px' } as const;
  // Headers wrap between words, never inside a Chinese word (级/别), and never hide their end.
  const head = { wordBreak: 'keep-all', overflowWrap: 'normal', lineHeight: 1.2 } as const;
  return (
    <div data-testid="express-preview" style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
      <div>
        <div style={{ ...cell, minHeight: 38, background: '#fafafa', fontWeight: 600, borderBottom: '1px solid #f0f0f0' }}>
          <span style={{ ...head, textAlign: 'right' }}>#</span>
          {phone ? (
            <span style={head}>{t('betting.betText')}</span>
          ) : (
            <>
              <span style={head}>{t('betting.text')}</span>
              <span style={head}>{t('betting.drawCol')}</span>
              <span style={head}>{t('betting.pools')}</span>
              <span style={head}>{t('betting.number')}</span>
              <span style={head}>{t('betting.amounts')}</span>
              <span style={{ ...head, textAlign: 'right' }}>{t('betting.numbers')}</span>
            </>
          )}
          <span style={{ ...head, textAlign: 'right' }}>{t('betting.gross')}</span>
        </div>
        {rows.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ padding: 16, margin: 0, textAlign: 'center' }}>
            {t('betting.previewEmpty')}
          </Typography.Paragraph>
        ) : (
          <div ref={scroller} style={{ height: Math.min(HEIGHT, Math.max(virtual.getTotalSize(), rows.length * ROW_HEIGHT) + 2), overflowY: 'auto', overflowX: 'hidden' }} data-testid="express-preview-scroll">
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((item) => {
                const row = rows[item.index];
                return (
                  <div
                    key={row.lineNo}
                    // Measured: a line with several problems wraps onto a second line and is as tall as it needs.
                    ref={virtual.measureElement}
                    data-index={item.index}
                    data-testid={`express-line-${row.lineNo}`}
                    style={{
                      ...cell,
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      right: 0,
                      minHeight: ROW_HEIGHT,
                      transform: `translateY(${item.start}px)`,
                      borderBottom: '1px solid #f5f5f5',
                      background: row.problems.length ? '#fff1f0' : undefined,
                    }}
                  >
                    <Row row={row} eatSequence={eatSequence} clock={clock} now={now} phone={phone} />
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
