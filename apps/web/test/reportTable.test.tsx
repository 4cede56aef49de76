import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { i18n } from '../src/i18n';
import { ReportTable, type ReportColumns } from '../src/ui/ReportTable';
import { lastDrawDay } from '../src/ui/DateRangePresets';

// Issue 29 line 4: the shared report table sorts figure and date columns, keeps a column hidden per user
// and table, and its totals row follows the columns shown.

interface Row {
  id: number;
  name: string;
  drawDate: string;
  stake: number;
  won: number;
}
const rows: Row[] = [
  { id: 1, name: 'b', drawDate: '2026-11-28', stake: 500, won: 0 },
  { id: 2, name: 'a', drawDate: '2026-11-25', stake: 1500, won: 700 },
  { id: 3, name: 'c', drawDate: '2026-11-29', stake: 100, won: 50 },
];
const columns: ReportColumns<Row> = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Draw', dataIndex: 'drawDate', key: 'drawDate' },
  { title: 'Stake', dataIndex: 'stake', key: 'stake', align: 'right' },
  { title: 'Won', dataIndex: 'won', key: 'won', align: 'right' },
];
const table = () => (
  <ReportTable<Row>
    tableId="unit"
    rowKey="id"
    columns={columns}
    dataSource={rows}
    pagination={false}
    summary={() => (
      <Table.Summary.Row data-testid="totals">
        <Table.Summary.Cell index={0} colSpan={2}>
          Total
        </Table.Summary.Cell>
        <Table.Summary.Cell index={2}>
          <span data-testid="total-stake">2100</span>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3}>
          <span data-testid="total-won">750</span>
        </Table.Summary.Cell>
      </Table.Summary.Row>
    )}
    data-testid="unit-table"
  />
);
const names = () => Array.from(document.querySelectorAll('tr.ant-table-row')).map((tr) => tr.querySelector('td')?.textContent);
const header = (text: string) => Array.from(document.querySelectorAll('th')).find((th) => th.textContent === text)!;

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('ReportTable', () => {
  it('sorts the figure and date columns (not the names), either way', () => {
    render(table());
    expect(header('Name').querySelector('.ant-table-column-sorter')).toBeNull();
    expect(header('Stake').querySelector('.ant-table-column-sorter')).not.toBeNull();
    fireEvent.click(header('Stake'));
    expect(names()).toEqual(['c', 'b', 'a']);
    fireEvent.click(header('Stake'));
    expect(names()).toEqual(['a', 'b', 'c']);
    fireEvent.click(header('Draw'));
    expect(names()).toEqual(['a', 'b', 'c']);
    fireEvent.click(header('Draw'));
    expect(names()).toEqual(['c', 'b', 'a']);
  });

  it('hides a chosen column and its total, remembered for the user and table after a new mount', async () => {
    const first = render(table());
    fireEvent.click(screen.getByTestId('columns-button-unit'));
    const toggle = await screen.findByTestId('column-toggle-stake');
    fireEvent.click(toggle.closest('label')?.querySelector('input') ?? toggle);
    expect(header('Stake')).toBeUndefined();
    expect(screen.queryByTestId('total-stake')).toBeNull();
    expect(screen.getByTestId('total-won')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('reportColumns:0:unit') ?? '[]')).toEqual(['stake']);
    first.unmount();
    render(table());
    expect(header('Stake')).toBeUndefined();
    // The totals row keeps one cell per column shown: Total over two columns, then Won.
    const cells = within(screen.getAllByTestId('totals')[0]).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('colspan'))).toEqual(['2', null]);
  });
});

describe('the last draw day preset', () => {
  it('is the newest settled draw date, else the newest draw date up to today', () => {
    expect(lastDrawDay({ lastSettledDate: '2026-11-29', drawDates: ['2026-12-02', '2026-11-29'] }, '2026-12-02')).toBe('2026-11-29');
    expect(lastDrawDay({ lastSettledDate: null, drawDates: ['2026-12-06', '2026-12-02', '2026-11-29'] }, '2026-12-03')).toBe('2026-12-02');
    expect(lastDrawDay(undefined, '2026-12-03')).toBeUndefined();
  });
});
