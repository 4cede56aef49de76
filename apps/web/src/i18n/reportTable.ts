// Texts of the shared report table, its date presets and printed reports (issue 29 lines 4-5), in the three languages.
// en.ts, cn.ts and bm.ts each take theirs under `reportTable`.

export const reportTableEn = {
  columns: 'Columns',
  columnsHint: 'Show or hide columns (remembered for you on this browser)',
  columnsReset: 'Show all',
  presets: {
    today: 'Today',
    yesterday: 'Yesterday',
    thisWeek: 'This week',
    lastWeek: 'Last week',
    thisMonth: 'This month',
    lastMonth: 'Last month',
    lastDrawDay: 'Last draw day',
  },
  print: {
    account: 'Account',
    period: 'Period',
    filters: 'Filters',
    printedBy: 'Printed by',
    printedAt: 'Printed at',
    page: 'Page',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type ReportTable = DeepStrings<typeof reportTableEn>;

export const reportTableCn: ReportTable = {
  columns: '显示列',
  columnsHint: '显示或隐藏列（在此浏览器上为您记住）',
  columnsReset: '全部显示',
  presets: {
    today: '今天',
    yesterday: '昨天',
    thisWeek: '本周',
    lastWeek: '上周',
    thisMonth: '本月',
    lastMonth: '上月',
    lastDrawDay: '最近开彩日',
  },
  print: {
    account: '账户',
    period: '期间',
    filters: '筛选条件',
    printedBy: '打印人',
    printedAt: '打印时间',
    page: '页',
  },
};

export const reportTableBm: ReportTable = {
  columns: 'Lajur',
  columnsHint: 'Papar atau sembunyi lajur (diingati untuk anda pada pelayar ini)',
  columnsReset: 'Papar semua',
  presets: {
    today: 'Hari ini',
    yesterday: 'Semalam',
    thisWeek: 'Minggu ini',
    lastWeek: 'Minggu lepas',
    thisMonth: 'Bulan ini',
    lastMonth: 'Bulan lepas',
    lastDrawDay: 'Hari cabutan terakhir',
  },
  print: {
    account: 'Akaun',
    period: 'Tempoh',
    filters: 'Penapis',
    printedBy: 'Dicetak oleh',
    printedAt: 'Dicetak pada',
    page: 'Halaman',
  },
};
