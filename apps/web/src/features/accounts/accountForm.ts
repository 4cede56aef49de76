import type { AccountDetail, AccountSettings } from '@app/contract';
import type { FieldRule } from '@app/domain';
import { centsToUnits, unitsToCents } from '../../ui/money';
import type { CreateOrUpdateUserInput, DetailInit } from './api';

// The account detail form as data: which settings exist (SPEC 3 field groups), their defaults for a new
// account, how the API's cents map to the form's units and back, and the upline bounds.

/** Every setting of CreateOrUpdateUser; the type check below fails if the contract gains one. */
export const SETTINGS_KEYS = [
  'fullName',
  'phone',
  'email',
  'status',
  'creditType',
  'currency',
  'discount',
  'positionTaking',
  'fixPackage',
  'eatSequence',
  'betCodeOrder',
  'defaultPools',
  'maxFightLimit',
  'canEditPackage',
  'receiptFormat',
  'receiptOrderType',
  'smsEnabled',
  'luckyBet',
  'allowSelfVoid',
  'voidTicketAuthority',
  'voidTicketSendSms',
  'allowOrderWithinResultRelease',
  'autoTransfer',
  'autoTransferFrequency',
  'autoTransferDay',
  'viewableDownline',
  'lineHead',
  'displayFullNameInReport',
  'showEarnComm',
  'showEarnedReport',
  'viewPageInfo',
  'divideShowFull',
  'isDemo',
  'gdLimit',
  'totalBaseLimit',
] as const satisfies readonly (keyof AccountSettings)[];
type MissingSetting = Exclude<keyof AccountSettings, (typeof SETTINGS_KEYS)[number]>;
const allSettingsListed: [MissingSetting] extends [never] ? true : MissingSetting = true;
void allSettingsListed;

/** Settings held in cents by the API and typed in units in the form. */
export const MONEY_SETTINGS = ['maxFightLimit', 'gdLimit', 'totalBaseLimit'] as const;

/** What an account may change on itself (manage profile); the server applies only these. */
export const PROFILE_FIELDS = ['fullName', 'phone', 'email', 'receiptFormat', 'receiptOrderType', 'eatSequence', 'betCodeOrder', 'defaultPools'] as const;

export const DEFAULT_SETTINGS: AccountSettings = {
  fullName: '',
  phone: '',
  email: '',
  status: 'Active',
  creditType: 'postpaid',
  currency: 'MYR',
  discount: 0,
  positionTaking: 0,
  fixPackage: false,
  eatSequence: '*/**',
  betCodeOrder: 'B#S#4A#A#C',
  defaultPools: [],
  maxFightLimit: 0,
  canEditPackage: false,
  receiptFormat: 1,
  receiptOrderType: 1,
  smsEnabled: false,
  luckyBet: false,
  allowSelfVoid: false,
  voidTicketAuthority: false,
  voidTicketSendSms: false,
  allowOrderWithinResultRelease: false,
  autoTransfer: false,
  autoTransferFrequency: 0,
  autoTransferDay: 1,
  viewableDownline: true,
  lineHead: false,
  displayFullNameInReport: false,
  showEarnComm: false,
  showEarnedReport: false,
  viewPageInfo: false,
  divideShowFull: false,
  isDemo: false,
  gdLimit: 0,
  totalBaseLimit: 0,
};

/** The form's values: settings with money in units, plus identity and credentials. */
export type FormValues = Omit<AccountSettings, (typeof MONEY_SETTINGS)[number]> &
  Record<(typeof MONEY_SETTINGS)[number], number | undefined> & {
    username?: string;
    /** Level id (1 company ... 7 player), or 'house' for a house user. */
    level?: number | 'house';
    password?: string;
    confirmPassword?: string;
    secondaryPassword?: string;
    /** Credit limit of a new account, in units. */
    creditLimit?: number;
    /** A new account's package per package type (key: the type); null or absent: it inherits the upline's. */
    packages?: Record<string, number | null | undefined>;
  };

/** Form values from settings (defaults or a loaded account). */
export function settingsToValues(settings: AccountSettings): FormValues {
  const values = { ...settings } as unknown as FormValues;
  for (const k of MONEY_SETTINGS) values[k] = centsToUnits(settings[k]);
  return values;
}

export function detailToValues(detail: AccountDetail): FormValues {
  const settings = Object.fromEntries(SETTINGS_KEYS.map((k) => [k, detail[k]])) as AccountSettings;
  return { ...settingsToValues(settings), username: detail.username, level: detail.userRoleId === 6 ? 'house' : (detail.level ?? undefined) };
}

export type FormMode = 'create' | 'edit' | 'profile';

export interface BodyContext {
  mode: FormMode;
  /** The account edited (edit, profile). */
  detail?: AccountDetail;
  /** The upline a new account is created under. */
  uplineId?: number;
}

/** The CreateOrUpdateUser body for the form's values; blank passwords are left out. */
export function valuesToBody(values: FormValues, ctx: BodyContext): CreateOrUpdateUserInput {
  // Fields not on the form (hidden in manage profile) keep the account's current value.
  const base: Record<string, unknown> = ctx.detail ? { ...ctx.detail } : { ...DEFAULT_SETTINGS };
  const settings: Record<string, unknown> = {};
  for (const k of SETTINGS_KEYS) {
    const fromForm = (values as Record<string, unknown>)[k];
    if (ctx.mode === 'profile' && !(PROFILE_FIELDS as readonly string[]).includes(k)) {
      settings[k] = base[k];
    } else if ((MONEY_SETTINGS as readonly string[]).includes(k)) {
      settings[k] = fromForm === undefined ? (ctx.detail ? base[k] : 0) : (unitsToCents(fromForm as number) ?? 0);
    } else {
      settings[k] = fromForm === undefined ? base[k] : fromForm;
    }
  }
  for (const k of ['fullName', 'phone', 'email'] as const) settings[k] = String(settings[k] ?? '').trim();
  const body: CreateOrUpdateUserInput = settings as CreateOrUpdateUserInput;
  if (values.password) body.password = values.password;
  if (values.secondaryPassword) body.secondaryPassword = values.secondaryPassword;
  if (ctx.mode === 'create') {
    body.username = (values.username ?? '').trim();
    if (values.level === 'house') body.isHouse = true;
    else body.level = values.level;
    if (ctx.uplineId !== undefined) body.uplineId = ctx.uplineId;
    body.creditLimit = unitsToCents(values.creditLimit ?? 0) ?? 0;
    const chosen = Object.entries(values.packages ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number');
    if (chosen.length) body.packages = chosen.map(([type, packageId]) => ({ packageType: Number(type) as 0 | 2 | 3, packageId }));
  } else {
    body.userId = ctx.detail!.userId;
  }
  return body;
}

/** The CreateOrUpdateUser body that changes only an account's status (flag or activate). */
export function statusBody(detail: AccountDetail, status: AccountSettings['status']): CreateOrUpdateUserInput {
  const settings = Object.fromEntries(SETTINGS_KEYS.map((k) => [k, detail[k]])) as AccountSettings;
  return { ...settings, status, userId: detail.userId };
}

export interface Bounds {
  /** Discount and position taking in percent, as the server holds them (GetUserDetailInit's bounds). */
  minDiscount: number;
  maxDiscount: number;
  minPositionTaking: number;
  maxPositionTaking: number;
  /** Highest credit limit for a new account, in units; undefined: no bound but the clamp. */
  maxCreditUnits?: number;
}

export function boundsOf(init: DetailInit | undefined): Bounds | undefined {
  if (!init) return undefined;
  return {
    minDiscount: init.bounds.discount.min,
    maxDiscount: init.bounds.discount.max,
    minPositionTaking: init.bounds.positionTaking.min,
    maxPositionTaking: init.bounds.positionTaking.max,
    maxCreditUnits: init.upline.maxCreditLimit === null ? undefined : centsToUnits(init.upline.maxCreditLimit),
  };
}

/**
 * True when saving flags the account and so its downline too: any change to Inactive or Suspended (the
 * server then flags every active account below it).
 */
export const isFlagging = (before: string | undefined, after: string) => after !== 'Active' && before !== after;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** SPEC 5 rules per field; bounds are added by the form. */
export const accountRules = {
  username: { required: true, minLength: 3, maxLength: 30 },
  fullName: { required: true, maxLength: 100 },
  password: { required: true, minLength: 8, maxLength: 200 },
  passwordOptional: { minLength: 8, maxLength: 200 },
  confirmPassword: { required: true, maxLength: 200 },
  secondaryPassword: { minLength: 8, maxLength: 200 },
  phone: { maxLength: 20, pattern: 'mobilePhone' },
  email: { maxLength: 100, pattern: 'email' },
  currency: { required: true, maxLength: 10 },
  level: { required: true },
  percent: { pattern: 'decimal2', min: 0, max: 100 },
  money: { pattern: 'decimal2', min: 0 },
} satisfies Record<string, FieldRule>;
