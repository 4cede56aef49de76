// Texts of admin actions that can hurt a draw day: cutoff and draw changes, result steps, result entry (issue 29 lines 6-8), in the three languages.
// en.ts, cn.ts and bm.ts each take theirs under `adminGuard`.

export const adminGuardEn = {};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type AdminGuard = DeepStrings<typeof adminGuardEn>;

export const adminGuardCn: AdminGuard = {};

export const adminGuardBm: AdminGuard = {};
