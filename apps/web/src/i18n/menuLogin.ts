// Texts of menus and the login form (issue 29 lines 10 and 12), in the three languages.
// en.ts, cn.ts and bm.ts each take theirs under `menuLogin`.

export const menuLoginEn = {};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type MenuLogin = DeepStrings<typeof menuLoginEn>;

export const menuLoginCn: MenuLogin = {};

export const menuLoginBm: MenuLogin = {};
