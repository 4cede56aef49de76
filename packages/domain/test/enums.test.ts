import { describe, expect, it } from 'vitest';
import {
  ALERT_LIMITS,
  AMOUNT_DECIMALS,
  AUTO_REFRESH_MS,
  AccountStatus,
  BetType,
  DAYS_OF_WEEK,
  DEFAULT_BUSY_MESSAGE,
  DIGIT_TYPES,
  DISPLAY_ORDER_CODES,
  EAT_SEQUENCES,
  FIGHT_LIMIT_POPUP,
  LANGUAGES,
  LOGIN_ID_POLL_MS,
  LimitMethod,
  Operator,
  OrderType,
  SEEDED_POOLS,
  PRIZES,
  PackageType,
  PaymentType,
  PoolId,
  QueueStatus,
  REPORT_FILTER_ALL,
  ROLE_IDS,
  ROLE_NAMES,
  ReceiptFormat,
  RecordStatus,
  RedNumberType,
  RoleId,
  RoleType,
  SYSTEM_SETTING_DEFAULTS,
  StorageKey,
  TransferFrequency,
} from '../src/index';

describe('pools (SPEC 9)', () => {
  it('pool ids: Magnum 1, PMP 2, Toto 3, Singapore 4, Sabah 5, STC 6, Sarawak 7, GD 8', () => {
    expect(PoolId).toEqual({ Magnum: 1, PMP: 2, Toto: 3, Singapore: 4, Sabah: 5, STC: 6, Sarawak: 7, GD: 8 });
  });

  it('SEEDED_POOLS lists ids 1..8 in order with letters M P T S B K W H', () => {
    expect(SEEDED_POOLS.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(SEEDED_POOLS.map((p) => p.letter).join('')).toBe('MPTSBKWH');
  });

  it('pool letters are unique single upper-case letters', () => {
    const letters = SEEDED_POOLS.map((p) => p.letter);
    expect(new Set(letters).size).toBe(8);
    for (const l of letters) expect(l).toMatch(/^[A-Z]$/);
  });

  it('pool codes follow the spec pool names list, then GD', () => {
    expect(SEEDED_POOLS.map((p) => p.code)).toEqual(['Magnum', 'Kuda', 'Toto', 'Singapore', 'Sabah', 'STC', 'Sarawak', 'GD']);
  });

  it('every pool has a display name', () => {
    for (const p of SEEDED_POOLS) expect(p.name.trim()).not.toBe('');
  });

  it('display order codes are verbatim and use only pool letters, each once', () => {
    expect([...DISPLAY_ORDER_CODES]).toEqual(['MPTSBKWH', 'MPTSWBKH', 'MPTSBWKH', 'MPTSBWH']);
    const letters = new Set(SEEDED_POOLS.map((p) => p.letter));
    for (const code of DISPLAY_ORDER_CODES) {
      const chars = [...code];
      expect(new Set(chars).size).toBe(chars.length);
      for (const c of chars) expect(letters.has(c)).toBe(true);
    }
  });
});

describe('roles (SPEC 6)', () => {
  it('role ids: super admin 1, IT admin 2, company 3, multilevel 4, player 5, house 6', () => {
    expect(RoleId).toEqual({ SuperAdmin: 1, ITAdmin: 2, Company: 3, Multilevel: 4, Player: 5, House: 6 });
    expect([...ROLE_IDS]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('every role id has a name', () => {
    expect(Object.keys(ROLE_NAMES).map(Number).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ROLE_NAMES[RoleId.SuperAdmin]).toBe('Super Admin');
    expect(ROLE_NAMES[RoleId.ITAdmin]).toBe('IT Admin');
    expect(ROLE_NAMES[RoleId.Company]).toBe('Company');
    expect(ROLE_NAMES[RoleId.Multilevel]).toBe('Multilevel');
    expect(ROLE_NAMES[RoleId.Player]).toBe('Player');
    expect(ROLE_NAMES[RoleId.House]).toBe('House');
  });

  it('role-type: master 1, normal 2', () => {
    expect(RoleType).toEqual({ Master: 1, Normal: 2 });
  });
});

describe('business enumerations (SPEC 9)', () => {
  it('package types: normal 0, GD 2, nine-lotto 3', () => {
    expect(PackageType).toEqual({ Normal: 0, GD: 2, NineLotto: 3 });
  });

  it('limit methods: amount base 1, total base 2, group base 3', () => {
    expect(LimitMethod).toEqual({ AmountBase: 1, TotalBase: 2, GroupBase: 3 });
  });

  it('transfer frequency: weekly 0, daily 1; days Sunday 0 to Saturday 6', () => {
    expect(TransferFrequency).toEqual({ Weekly: 0, Daily: 1 });
    expect([...DAYS_OF_WEEK]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Same numbering as JavaScript's Date#getDay: 2024-01-07 was a Sunday.
    expect(new Date(Date.UTC(2024, 0, 7)).getUTCDay()).toBe(DAYS_OF_WEEK[0]);
  });

  it('red number types: normal 1, 4P 2, 6P 3, 12P 4, 24P 5', () => {
    expect(RedNumberType).toEqual({ Normal: 1, P4: 2, P6: 3, P12: 4, P24: 5 });
  });

  it('digit types: 2D to 6D', () => {
    expect([...DIGIT_TYPES]).toEqual([2, 3, 4, 5, 6]);
  });

  it('bet types: normal 1, box 2, ibox 3, PH 4, PB 5', () => {
    expect(BetType).toEqual({ Normal: 1, Box: 2, IBox: 3, PH: 4, PB: 5 });
  });

  it('payment types: transfer credit 1, receive credit 2', () => {
    expect(PaymentType).toEqual({ TransferCredit: 1, ReceiveCredit: 2 });
  });

  it('operators multiply and divide; eat sequences */** and **/*', () => {
    expect(Operator).toEqual({ Multiply: '*', Divide: '/' });
    expect([...EAT_SEQUENCES]).toEqual(['*/**', '**/*']);
  });

  it('prizes: first to sixth, starter, consolation', () => {
    expect([...PRIZES]).toEqual(['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation']);
  });

  it('receipt format ids: default 1, lucky bet 3; order type normal 1, reverse 2', () => {
    expect(ReceiptFormat).toEqual({ Default: 1, LuckyBet: 3 });
    expect(OrderType).toEqual({ Normal: 1, Reverse: 2 });
  });

  it('languages: cn, en, bm', () => {
    expect([...LANGUAGES].sort()).toEqual(['bm', 'cn', 'en']);
    expect(LANGUAGES).toHaveLength(3);
  });

  it('report filter value of all is -1', () => {
    expect(REPORT_FILTER_ALL).toBe(-1);
  });

  it('amounts round to 2 decimals by default', () => {
    expect(AMOUNT_DECIMALS).toBe(2);
  });
});

describe('statuses (SPEC 4)', () => {
  it('record status: disabled 0, enabled 1, deleted 2', () => {
    expect(RecordStatus).toEqual({ Disabled: 0, Enabled: 1, Deleted: 2 });
  });

  it('queue status: active 0, processed 1, cancelled 2, error 99', () => {
    expect(QueueStatus).toEqual({ Active: 0, Processed: 1, Cancelled: 2, Error: 99 });
  });

  it('account status: Active, Inactive, Suspended', () => {
    expect(Object.values(AccountStatus)).toEqual(['Active', 'Inactive', 'Suspended']);
  });
});

describe('timings and UI limits (SPEC 9)', () => {
  it('auto-refresh every 10 seconds, login id poll every 2 seconds', () => {
    expect(AUTO_REFRESH_MS).toBe(10_000);
    expect(LOGIN_ID_POLL_MS).toBe(2_000);
  });

  it('fight limit popup 1000x800', () => {
    expect(FIGHT_LIMIT_POPUP).toEqual({ width: 1000, height: 800 });
  });

  it('notification dialogs: width 320, title 34, message 400, confirm 500', () => {
    expect(ALERT_LIMITS).toEqual({ width: 320, title: 34, message: 400, confirm: 500 });
  });

  it("default busy message is 'Loading...'", () => {
    expect(DEFAULT_BUSY_MESSAGE).toBe('Loading...');
  });
});

describe('local-storage keys (SPEC 9)', () => {
  it('are the spec names verbatim', () => {
    expect(Object.values(StorageKey).sort()).toEqual(
      [
        'language',
        'loginGuid',
        'changedPackage',
        'requiredRefresh',
        'pendingTNCAgreement',
        'secondaryPasswordCheckTime',
        'searchTerm',
      ].sort(),
    );
  });

  it('each key maps to its own name', () => {
    for (const [k, v] of Object.entries(StorageKey)) expect(v).toBe(k);
  });
});

describe('system settings (SPEC 3)', () => {
  const specKeys = [
    'agentMaxDiscountPercentage',
    'scrapeResultTime',
    'maxLineBetInUI',
    'dailyPool',
  ];

  it('has a default for every system setting key of SPEC 3', () => {
    for (const k of specKeys) expect(SYSTEM_SETTING_DEFAULTS).toHaveProperty(k);
  });

  it('has no payback commission rate nor lucky number per bet amount (no rule of SPEC or DOMAIN reads them; removed, issue 29 line 11)', () => {
    expect(SYSTEM_SETTING_DEFAULTS).not.toHaveProperty('paybackCommissionRate');
    expect(SYSTEM_SETTING_DEFAULTS).not.toHaveProperty('luckyNumberPerBetAmount');
  });

  it('has the normal and GD scrape result sites', () => {
    const keys = Object.keys(SYSTEM_SETTING_DEFAULTS);
    const sites = keys.filter((k) => /scrape.*site/i.test(k));
    expect(sites.some((k) => /^normal/i.test(k))).toBe(true);
    expect(sites.some((k) => /^gd/i.test(k))).toBe(true);
  });

  it('stores every default as a string', () => {
    for (const v of Object.values(SYSTEM_SETTING_DEFAULTS)) expect(typeof v).toBe('string');
  });

  it('dailyPool is 1 (active) or 0 (inactive)', () => {
    expect(['0', '1']).toContain(SYSTEM_SETTING_DEFAULTS.dailyPool);
  });

  it('numeric defaults are numbers and the scrape time is HH:MM', () => {
    for (const k of ['agentMaxDiscountPercentage', 'maxLineBetInUI']) {
      expect(Number.isFinite(Number(SYSTEM_SETTING_DEFAULTS[k]))).toBe(true);
      expect(SYSTEM_SETTING_DEFAULTS[k].trim()).not.toBe('');
    }
    expect(SYSTEM_SETTING_DEFAULTS.scrapeResultTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  });
});
