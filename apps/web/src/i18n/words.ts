// Texts of statement memos, audit log, settings and currencies in words (issue 29 lines 9 and 11), in the three languages.
// en.ts, cn.ts and bm.ts each take theirs under `words`.

export const wordsEn = {};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type Words = DeepStrings<typeof wordsEn>;

export const wordsCn: Words = {};

export const wordsBm: Words = {};
