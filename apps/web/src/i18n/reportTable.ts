// Texts of the shared report table, its date presets and printed reports (issue 29 lines 4-5), in the three languages.
// en.ts, cn.ts and bm.ts each take theirs under `reportTable`.

export const reportTableEn = {};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type ReportTable = DeepStrings<typeof reportTableEn>;

export const reportTableCn: ReportTable = {};

export const reportTableBm: ReportTable = {};
