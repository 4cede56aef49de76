// Fixed enumerations of SPEC section 9 and the ids of SPEC sections 4 and 6. Values are part of the
// API contract and of the seeded reference data, so they never change meaning.

export const RoleId = { SuperAdmin: 1, ITAdmin: 2, Company: 3, Multilevel: 4, Player: 5, House: 6 } as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];
export const ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4, 5, 6];
export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Super Admin',
  2: 'IT Admin',
  3: 'Company',
  4: 'Multilevel',
  5: 'Player',
  6: 'House',
};

export const RoleType = { Master: 1, Normal: 2 } as const;
export type RoleType = (typeof RoleType)[keyof typeof RoleType];

/** Levels of the downline hierarchy (DOMAIN.md), top down; all but company and player are role 4. */
export const HierarchyLevel = {
  Company: 1,
  Shareholder: 2,
  SuperSenior: 3,
  Senior: 4,
  Master: 5,
  Agent: 6,
  Player: 7,
} as const;
export type HierarchyLevel = (typeof HierarchyLevel)[keyof typeof HierarchyLevel];

/** Ids of the eight seeded pools (SPEC 9). Pools are data (pools.ts): a pool id is any number of the list. */
export const PoolId = { Magnum: 1, PMP: 2, Toto: 3, Singapore: 4, Sabah: 5, STC: 6, Sarawak: 7, GD: 8 } as const;
export type PoolId = number;

export const PackageType = { Normal: 0, GD: 2, NineLotto: 3 } as const;
export type PackageType = (typeof PackageType)[keyof typeof PackageType];

export const LimitMethod = { AmountBase: 1, TotalBase: 2, GroupBase: 3 } as const;
export type LimitMethod = (typeof LimitMethod)[keyof typeof LimitMethod];

export const TransferFrequency = { Weekly: 0, Daily: 1 } as const;
export type TransferFrequency = (typeof TransferFrequency)[keyof typeof TransferFrequency];
/** Days of week as the spec numbers them: Sunday 0 to Saturday 6. */
export const DAYS_OF_WEEK = [0, 1, 2, 3, 4, 5, 6] as const;

export const RedNumberType = { Normal: 1, P4: 2, P6: 3, P12: 4, P24: 5 } as const;
export type RedNumberType = (typeof RedNumberType)[keyof typeof RedNumberType];

export const DIGIT_TYPES = [2, 3, 4, 5, 6] as const;
export type DigitType = (typeof DIGIT_TYPES)[number];

export const BetType = { Normal: 1, Box: 2, IBox: 3, PH: 4, PB: 5 } as const;
export type BetType = (typeof BetType)[keyof typeof BetType];

export const PaymentType = { TransferCredit: 1, ReceiveCredit: 2 } as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];

export const Operator = { Multiply: '*', Divide: '/' } as const;
/** Eat sequence: which marker means box and which ibox ("*\/**" = * box, ** ibox). */
export const EAT_SEQUENCES = ['*/**', '**/*'] as const;
export type EatSequence = (typeof EAT_SEQUENCES)[number];

export const PRIZES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation'] as const;
export type Prize = (typeof PRIZES)[number];

export const ReceiptFormat = { Default: 1, LuckyBet: 3 } as const;
export const OrderType = { Normal: 1, Reverse: 2 } as const;

export const LANGUAGES = ['en', 'cn', 'bm'] as const;
export type Language = (typeof LANGUAGES)[number];

export const RecordStatus = { Disabled: 0, Enabled: 1, Deleted: 2 } as const;
export const QueueStatus = { Active: 0, Processed: 1, Cancelled: 2, Error: 99 } as const;
export const AccountStatus = { Active: 'Active', Inactive: 'Inactive', Suspended: 'Suspended' } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

export const DISPLAY_ORDER_CODES = ['MPTSBKWH', 'MPTSWBKH', 'MPTSBWKH', 'MPTSBWH'] as const;
export const REPORT_FILTER_ALL = -1;
export const AUTO_REFRESH_MS = 10_000;
export const LOGIN_ID_POLL_MS = 2_000;
export const FIGHT_LIMIT_POPUP = { width: 1000, height: 800 } as const;
export const ALERT_LIMITS = { width: 320, title: 34, message: 400, confirm: 500 } as const;
export const DEFAULT_BUSY_MESSAGE = 'Loading...';
export const AMOUNT_DECIMALS = 2;

/** Local-storage keys of SPEC section 9, verbatim. */
export const StorageKey = {
  language: 'language',
  loginGuid: 'loginGuid',
  changedPackage: 'changedPackage',
  requiredRefresh: 'requiredRefresh',
  pendingTNCAgreement: 'pendingTNCAgreement',
  secondaryPasswordCheckTime: 'secondaryPasswordCheckTime',
  searchTerm: 'searchTerm',
} as const;

/** System setting keys (SPEC 3) and the defaults seeded at first start. Values are strings in storage. */
export const SYSTEM_SETTING_DEFAULTS: Record<string, string> = {
  agentMaxDiscountPercentage: '30',
  scrapeResultTime: '19:45',
  maxLineBetInUI: '50',
  dailyPool: '1',
  normalScrapeResultSite: '',
  gdScrapeResultSite: '',
  // Receipt resends: the SMS gateway (empty: messages wait in the outbox) and the default resend limit.
  smsGatewayUrl: '',
  resendOrderLimit: '3',
  // Minutes a verified secondary password stays valid.
  secondaryPasswordCheckTime: '10',
  // Session timeouts in minutes.
  sessionIdleTimeout: '30',
  sessionAbsoluteTimeout: '720',
  // Release (and correction) of a result settles the draw at once ('false': settlement is run by hand).
  autoSettleAfterRelease: 'true',
  // A fetched result that two sites agree on (confirmed) is released by the fetch job itself; off: a
  // person releases every result (DOMAIN "Results": "a system setting may allow auto-release").
  autoReleaseConfirmedResult: 'false',
  // Once every draw of a date is settled, held winnings are released to the winners' wallets by the job
  // (DOMAIN "Settlement" step 3, "or automatically where the system setting says so"); off: by a person.
  autoReleaseCreditAfterSettle: 'false',
  // After a draw's house cutoff its unposted book is posted and distributed to the remote agents by the
  // job, retried until the remotes' cutoff (DOMAIN "Posting"); off: by a person.
  autoPosting: 'false',
  // Days the API log and the API request log keep their calls (a daily job prunes older ones).
  apiLogRetentionDays: '30',
  // How long a result site may take to answer, in milliseconds (clamped to 100..30000 by the fetch).
  resultFetchTimeoutMs: '10000',
  // Backups (decision 0036): the folder (empty: "backups" beside the data folder), the days kept, and the
  // time of day the daily backup waits for at the latest when the day's draws are not all settled.
  backupFolder: '',
  backupRetentionDays: '14',
  backupTime: '23:30',
};
