import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MESSAGES,
  NUMERIC_CLAMP,
  PATTERNS,
  VALIDATION_MESSAGES,
  clampNumeric,
  validateField,
  validateRecord,
  type PatternName,
} from '../src/index';

describe('validation messages (SPEC 5)', () => {
  it('maps each form error key to the spec message verbatim', () => {
    expect(VALIDATION_MESSAGES).toEqual({
      required: 'This field is required.',
      maxLength: 'This field maximum length exceeded.',
      minLength: 'This field minimum length not met.',
      max: 'Input value has exceeded the maximum amount.',
      min: 'Input value must not less than the minimum amount.',
      pattern: 'Input value is invalid in format.',
      digitsOnly: 'This field accepts only digit number.',
    });
  });

  it('carries the other SPEC 5 messages verbatim', () => {
    expect(MESSAGES.CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY).toBe('Confirm password and password do not match.');
    expect(MESSAGES.EMPTY_RECEIPT_STRING).toBe('Empty receipt string is not allowed');
    expect(MESSAGES.SELECT_AT_LEAST_ONE_POOL).toBe('Please select at least one pool');
    expect(MESSAGES.SELECT_ONLY_ONE_POOL).toBe('Please Select Only One Pool');
    expect(MESSAGES.SELECT_BET_DATE).toBe('Please Select a Bet Date');
    expect(MESSAGES.SELECT_EAT_TYPE).toBe('Please Select Eat Type');
    expect(MESSAGES.SELECT_TICKET_TO_VOID).toBe('Please select at least one ticket to void');
    expect(MESSAGES.AUTO_TICKET_ONE_DATE).toBe('Auto Ticket cannot more than one selected date');
    expect(MESSAGES.FILL_RUN_AMOUNT).toBe('Please fill up run amount');
    expect(MESSAGES.DUPLICATED_NUMBER).toBe('Duplicated Number');
    expect(MESSAGES.USER_UNAUTHORIZED).toBe('Unauthorized, please log in to proceed.');
    expect(MESSAGES.PERMISSION_DENIED).toBe('Permission Denied');
  });
});

// ---- patterns ----------------------------------------------------------------------------------

const cases: Record<PatternName, { ok: string[]; bad: string[] }> = {
  email: {
    ok: ['a@b.co', 'john.doe+tag@example.com.my', 'x_y@sub.domain.org'],
    bad: ['', 'plain', 'a@b', '@b.com', 'a@.com', 'a@b.', 'a b@c.com', 'a@b c.com', 'a@@b.com', 'a@b.com '],
  },
  // Optional +6 prefix, 01x, then 7 to 8 digits.
  mobilePhone: {
    ok: ['0123456789', '+60123456789', '01234567890', '+601234567890', '0191234567', '0101234567'],
    bad: [
      '0223456789', // must start 01
      '012345678', // 01x + 6 digits
      '01234567', // 01x + 5 digits
      '012345678901', // 01x + 9 digits
      '+650123456789', // only +6 may precede 01
      '60123456789', // prefix needs the plus
      '+6 0123456789',
      '012-3456789',
      '01a3456789',
      '+6',
      '',
    ],
  },
  positiveInteger: {
    ok: ['1', '9', '10', '1234567890'],
    bad: ['0', '00', '01', '-1', '1.0', '1.5', '1e3', ' 1', '', 'abc'],
  },
  decimal2: {
    ok: ['0', '1', '1.5', '1.55', '0.01', '123456.78', '007'],
    bad: ['1.', '.5', '1.555', '-1', '1,5', '1.2.3', 'abc', '', '+1'],
  },
  digitsOnly: {
    ok: ['0', '007', '1234567890'],
    bad: ['', '1.0', '-1', '1 2', '12a', '+1', '١٢'],
  },
  // One or two digits with up to two decimals, not zero.
  percentNonZero: {
    ok: ['1', '26.5', '99.99', '0.01', '0.5', '05', '10', '50.00', '1.1'],
    bad: ['0', '00', '0.0', '0.00', '00.00', '100', '1.234', '1.', '.5', '-1', '', 'abc', '1,5'],
  },
};

describe('PATTERNS', () => {
  it('has exactly the patterns of SPEC 5', () => {
    expect(Object.keys(PATTERNS).sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [name, { ok, bad }] of Object.entries(cases) as [PatternName, { ok: string[]; bad: string[] }][]) {
    describe(name, () => {
      it.each(ok)('accepts %j', (s) => {
        expect(PATTERNS[name].test(s)).toBe(true);
      });
      it.each(bad)('rejects %j', (s) => {
        expect(PATTERNS[name].test(s)).toBe(false);
      });
    });
  }

  it('property: mobilePhone accepts exactly [+6]01x followed by 7 or 8 digits', () => {
    const digits = (min: number, max: number) =>
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 9 }), digits(0, 11), (plus, x, rest) => {
        const s = `${plus ? '+6' : ''}01${x}${rest}`;
        expect(PATTERNS.mobilePhone.test(s)).toBe(rest.length === 7 || rest.length === 8);
      }),
    );
  });

  it('property: percentNonZero accepts exactly numbers in (0, 100) with up to 2 decimals written as 1-2 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (i, c) => {
        const s = `${i}.${String(c).padStart(2, '0')}`;
        expect(PATTERNS.percentNonZero.test(s)).toBe(i * 100 + c > 0);
      }),
    );
  });
});

// ---- validateField -----------------------------------------------------------------------------

describe('validateField', () => {
  describe('required', () => {
    it('fails on empty, whitespace-only, null and undefined', () => {
      for (const v of ['', '   ', '\t', null, undefined]) expect(validateField(v, { required: true })).toBe('required');
    });
    it('passes on any non-blank value, including 0 and false', () => {
      expect(validateField('x', { required: true })).toBeNull();
      expect(validateField(0, { required: true })).toBeNull();
      expect(validateField(false, { required: true })).toBeNull();
    });
    it('empty optional values pass every other rule', () => {
      const rule = { minLength: 3, maxLength: 5, min: 10, max: 20, pattern: 'email' as const };
      expect(validateField('', rule)).toBeNull();
      expect(validateField(null, rule)).toBeNull();
      expect(validateField(undefined, rule)).toBeNull();
      expect(validateField('  ', rule)).toBeNull();
    });
  });

  describe('minLength', () => {
    it('fails below, passes at and above', () => {
      expect(validateField('ab', { minLength: 3 })).toBe('minLength');
      expect(validateField('abc', { minLength: 3 })).toBeNull();
      expect(validateField('abcd', { minLength: 3 })).toBeNull();
    });
  });

  describe('maxLength', () => {
    it('passes at and below, fails above', () => {
      expect(validateField('abc', { maxLength: 3 })).toBeNull();
      expect(validateField('ab', { maxLength: 3 })).toBeNull();
      expect(validateField('abcd', { maxLength: 3 })).toBe('maxLength');
    });
    it('counts numbers by their written length', () => {
      expect(validateField(12345, { maxLength: 4 })).toBe('maxLength');
      expect(validateField(1234, { maxLength: 4 })).toBeNull();
    });
  });

  describe('min', () => {
    it('fails below, passes at and above', () => {
      expect(validateField('9', { min: 10 })).toBe('min');
      expect(validateField('9.99', { min: 10 })).toBe('min');
      expect(validateField('10', { min: 10 })).toBeNull();
      expect(validateField(11, { min: 10 })).toBeNull();
      expect(validateField('-1', { min: 0 })).toBe('min');
    });
  });

  describe('max', () => {
    it('passes at and below, fails above', () => {
      expect(validateField('100', { max: 100 })).toBeNull();
      expect(validateField(99, { max: 100 })).toBeNull();
      expect(validateField('100.01', { max: 100 })).toBe('max');
      expect(validateField(101, { max: 100 })).toBe('max');
    });
    it('min and max together', () => {
      const rule = { min: 1, max: 5 };
      expect(validateField('0', rule)).toBe('min');
      expect(validateField('3', rule)).toBeNull();
      expect(validateField('6', rule)).toBe('max');
    });
    it('a non-numeric value under a numeric bound is a pattern error', () => {
      expect(validateField('abc', { min: 0 })).toBe('pattern');
      expect(validateField('12abc', { max: 100 })).toBe('pattern');
    });
  });

  describe('pattern', () => {
    it('reports pattern for every pattern except digitsOnly', () => {
      expect(validateField('not-an-email', { pattern: 'email' })).toBe('pattern');
      expect(validateField('0223456789', { pattern: 'mobilePhone' })).toBe('pattern');
      expect(validateField('0', { pattern: 'positiveInteger' })).toBe('pattern');
      expect(validateField('1.234', { pattern: 'decimal2' })).toBe('pattern');
      expect(validateField('100', { pattern: 'percentNonZero' })).toBe('pattern');
    });
    it('passes valid values', () => {
      expect(validateField('a@b.co', { pattern: 'email' })).toBeNull();
      expect(validateField('+60123456789', { pattern: 'mobilePhone' })).toBeNull();
      expect(validateField(42, { pattern: 'positiveInteger' })).toBeNull();
      expect(validateField('1.23', { pattern: 'decimal2' })).toBeNull();
      expect(validateField('26.5', { pattern: 'percentNonZero' })).toBeNull();
    });
  });

  describe('digitsOnly', () => {
    it('has its own key and message', () => {
      expect(validateField('12a', { pattern: 'digitsOnly' })).toBe('digitsOnly');
      expect(validateField('1.5', { pattern: 'digitsOnly' })).toBe('digitsOnly');
      expect(validateField('0123', { pattern: 'digitsOnly' })).toBeNull();
    });
  });

  it('reports the first failing rule: required, minLength, maxLength, pattern, then min/max', () => {
    expect(validateField('', { required: true, minLength: 2 })).toBe('required');
    expect(validateField('1', { minLength: 2, pattern: 'email' })).toBe('minLength');
    expect(validateField('123456', { maxLength: 3, max: 10 })).toBe('maxLength');
    expect(validateField('1a', { pattern: 'digitsOnly', max: 10 })).toBe('digitsOnly');
    expect(validateField('0', { pattern: 'positiveInteger', min: 5 })).toBe('pattern');
    expect(validateField('3', { pattern: 'positiveInteger', min: 5 })).toBe('min');
    expect(validateField('30', { pattern: 'decimal2', max: 5 })).toBe('max');
  });

  it('every key it returns has a message', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        fc.record(
          {
            required: fc.boolean(),
            minLength: fc.nat(10),
            maxLength: fc.nat(10),
            min: fc.integer({ min: -100, max: 100 }),
            max: fc.integer({ min: -100, max: 100 }),
            pattern: fc.constantFrom<PatternName>(...(Object.keys(PATTERNS) as PatternName[])),
          },
          { requiredKeys: [] },
        ),
        (value, rule) => {
          const key = validateField(value, rule);
          if (key !== null) expect(VALIDATION_MESSAGES[key]).toEqual(expect.any(String));
        },
      ),
    );
  });
});

// ---- validateRecord ----------------------------------------------------------------------------

describe('validateRecord', () => {
  const rules = {
    username: { required: true, minLength: 3, maxLength: 12 },
    email: { pattern: 'email' as const },
    phone: { required: true, pattern: 'mobilePhone' as const },
    credit: { min: 0, max: 1000 },
  };

  it('returns an empty object when every field is valid', () => {
    expect(
      validateRecord({ username: 'agent01', email: '', phone: '0123456789', credit: 500, note: 'ignored' }, rules),
    ).toEqual({});
  });

  it('maps each failing field to its key', () => {
    expect(validateRecord({ username: 'ab', email: 'x', phone: '', credit: 1001 }, rules)).toEqual({
      username: 'minLength',
      email: 'pattern',
      phone: 'required',
      credit: 'max',
    });
  });

  it('checks fields that are missing from the values', () => {
    expect(validateRecord({} as Record<string, unknown>, rules)).toEqual({ username: 'required', phone: 'required' });
  });

  it('ignores fields without a rule', () => {
    expect(validateRecord({ username: 'valid', phone: '0123456789', other: '' }, { username: rules.username })).toEqual(
      {},
    );
  });
});

// ---- clampNumeric ------------------------------------------------------------------------------

describe('clampNumeric', () => {
  it('defaults to 0..99999999', () => {
    expect(NUMERIC_CLAMP).toEqual({ min: 0, max: 99_999_999 });
  });

  it('passes plain numbers through', () => {
    expect(clampNumeric('123')).toBe(123);
    expect(clampNumeric('12.5')).toBe(12.5);
    expect(clampNumeric(42)).toBe(42);
    expect(clampNumeric(0.25)).toBe(0.25);
  });

  it('strips non-digit characters', () => {
    expect(clampNumeric('1,234')).toBe(1234);
    expect(clampNumeric('RM 1,234.50')).toBe(1234.5);
    expect(clampNumeric('a1b2c3')).toBe(123);
    expect(clampNumeric('-5')).toBe(5);
    expect(clampNumeric('1e5')).toBe(15);
  });

  it('keeps only the first decimal point', () => {
    expect(clampNumeric('1.2.3')).toBe(1.23);
    expect(clampNumeric('..5')).toBe(0.5);
    expect(clampNumeric('1..')).toBe(1);
    expect(clampNumeric('.')).toBe(0);
  });

  it('treats an empty result as 0, then clamps it', () => {
    expect(clampNumeric('')).toBe(0);
    expect(clampNumeric('abc')).toBe(0);
    expect(clampNumeric('abc', 5, 10)).toBe(5);
  });

  it('clamps to the default maximum', () => {
    expect(clampNumeric('99999999')).toBe(99_999_999);
    expect(clampNumeric('100000000')).toBe(99_999_999);
    expect(clampNumeric(1e12)).toBe(99_999_999);
  });

  it('clamps a digit run too long for a double to the maximum, not the minimum', () => {
    expect(clampNumeric('9'.repeat(400))).toBe(99_999_999);
    expect(clampNumeric('9'.repeat(400), 1, 50)).toBe(50);
  });

  it('clamps number inputs numerically (no string mangling of exponents or signs)', () => {
    expect(clampNumeric(1e-7)).toBe(1e-7);
    expect(clampNumeric(1e21)).toBe(99_999_999);
    expect(clampNumeric(-5)).toBe(0);
    expect(clampNumeric(-5, -10, 10)).toBe(-5);
    expect(clampNumeric(Infinity)).toBe(99_999_999);
    expect(clampNumeric(-Infinity)).toBe(0);
    expect(clampNumeric(NaN, 3, 9)).toBe(3);
  });

  it('honours custom bounds', () => {
    expect(clampNumeric('7', 10, 20)).toBe(10);
    expect(clampNumeric('15', 10, 20)).toBe(15);
    expect(clampNumeric('25', 10, 20)).toBe(20);
    expect(clampNumeric('1.5', 0, 1)).toBe(1);
  });

  it('property: result is always within [min, max] for arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789.-e, ') }), fc.stringMatching(/^\d{300,400}$/)),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (s, min, span) => {
          const max = min + span;
          const n = clampNumeric(s, min, max);
          expect(Number.isNaN(n)).toBe(false);
          expect(n).toBeGreaterThanOrEqual(min);
          expect(n).toBeLessThanOrEqual(max);
          const d = clampNumeric(s);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(99_999_999);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: result is within [min, max] for arbitrary numbers', () => {
    fc.assert(
      fc.property(fc.double(), fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.nat(1e9), (x, min, span) => {
        const max = min + span;
        const n = clampNumeric(x, min, max);
        expect(n).toBeGreaterThanOrEqual(min);
        expect(n).toBeLessThanOrEqual(max);
        // Inside the bounds the value comes back (-0 as 0: the same amount; toBe would tell them apart).
        if (!Number.isNaN(x) && x >= min && x <= max) expect(n === x).toBe(true);
      }),
    );
  });

  it('property: a digit string inside the bounds comes back as its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.nat(99), (i, c) => {
        const s = `${i}.${String(c).padStart(2, '0')}`;
        expect(clampNumeric(s)).toBe(Math.min(99_999_999, Number(s)));
        expect(clampNumeric(String(i))).toBe(i);
      }),
    );
  });
});
