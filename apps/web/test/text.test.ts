import { describe, expect, it } from 'vitest';
import { formatCents, truncate } from '../src/ui/text';
import { pageTitle, viewportContent } from '../src/ui/documentHead';

describe('text helpers', () => {
  it('truncates with an ellipsis within the limit', () => {
    expect(truncate('short', 34)).toBe('short');
    const long = 'x'.repeat(40);
    expect(truncate(long, 34)).toHaveLength(34);
    expect(truncate(long, 34).endsWith('…')).toBe(true);
  });
  it('formats integer cents with 2 decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456789)).toBe('1,234,567.89');
    expect(formatCents(-1050)).toBe('-10.50');
    expect(formatCents(undefined)).toBe('-');
  });
  it('builds the page title and the viewport', () => {
    expect(pageTitle('Help', '4D Back Office')).toBe('Help | 4D Back Office');
    expect(pageTitle('帮助', '4D 后台管理')).toBe('帮助 | 4D 后台管理');
    expect(viewportContent(true)).toBe('width=1920');
    expect(viewportContent(false)).toBe('width=device-width, initial-scale=1');
    // Decision 0047: a phone keeps its device width when logged in, a desktop or tablet gets 1920.
    expect(viewportContent(true, 390)).toBe('width=device-width, initial-scale=1');
    expect(viewportContent(true, 768)).toBe('width=1920');
    expect(viewportContent(true, 1080)).toBe('width=1920');
  });
});
