import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACCESS_LEVELS,
  ACCESS_OPTIONS,
  AccessLevel,
  FUNCTION_NAMES,
  LEVEL_LETTERS,
  formatAccessString,
  formatLevelLetters,
  hasAccess,
  mergeAccess,
  optionForLevels,
  parseAccessString,
  rightsNotHeld,
  viewableFunctions,
  type AccessMap,
} from '../src/index';

/** Builds an AccessMap from a plain object, keeping key order. */
function map(entries: Record<string, readonly AccessLevel[]>): AccessMap {
  return new Map(Object.entries(entries).map(([fn, levels]) => [fn, new Set(levels)]));
}

/** A map as plain data, so assertions also check that no empty level sets slipped in. */
function plain(m: AccessMap): [string, AccessLevel[]][] {
  return [...m].map(([fn, levels]) => [fn, [...levels].sort((a, b) => a - b)]);
}

// ---- arbitraries -------------------------------------------------------------------------------

const levelArb = fc.constantFrom<AccessLevel>(...ACCESS_LEVELS);
const levelSetArb = fc.uniqueArray(levelArb, { minLength: 1, maxLength: 4 }).map((ls) => new Set(ls));
const fnArb = fc.constantFrom<string>(...FUNCTION_NAMES);
const accessMapArb: fc.Arbitrary<AccessMap> = fc
  .uniqueArray(fc.tuple(fnArb, levelSetArb), { selector: ([fn]) => fn, maxLength: FUNCTION_NAMES.length })
  .map((entries) => new Map(entries));
const requestedLevelsArb = fc.uniqueArray(levelArb, { maxLength: 4 });

// ---- constants ---------------------------------------------------------------------------------

describe('access constants (SPEC 6)', () => {
  it('levels are 1 view, 2 create, 3 edit, 4 delete', () => {
    expect(AccessLevel).toEqual({ View: 1, Create: 2, Edit: 3, Delete: 4 });
    expect([...ACCESS_LEVELS]).toEqual([1, 2, 3, 4]);
  });

  it('lists the 24 permission function names of SPEC 6 verbatim', () => {
    expect([...FUNCTION_NAMES]).toEqual([
      'Downline',
      'Main Account',
      'Bet Schedule',
      'Bet',
      'Bet History',
      'Company',
      'Fight Limit',
      'Red Number',
      'Stakeholder Report',
      'Inbox Report',
      'Profit Loss Report',
      'Daily Sales Report',
      'Group Sales Report',
      'Map Report',
      'Total Bet Report',
      'Total Stake Report',
      'Payout Report',
      'Winning Report',
      'GD Win Loss Report',
      'Payment Report',
      'Package List',
      'WinLoss Earned Report',
      'Master Resend Order',
      'Resend Order',
    ]);
    // Names must survive the access-string syntax.
    for (const fn of FUNCTION_NAMES) expect(fn).not.toMatch(/[:;,]|^\s|\s$/);
  });

  it('role editor offers None, View and Control', () => {
    expect(Object.keys(ACCESS_OPTIONS)).toEqual(['None', 'View', 'Control']);
    expect([...ACCESS_OPTIONS.None]).toEqual([]);
    expect([...ACCESS_OPTIONS.View]).toEqual([1]);
    expect([...ACCESS_OPTIONS.Control]).toEqual([1, 2, 3, 4]);
  });

  it('shows letters for view, create and edit', () => {
    expect(LEVEL_LETTERS[1]).toBe('V');
    expect(LEVEL_LETTERS[2]).toBe('C');
    expect(LEVEL_LETTERS[3]).toBe('E');
    expect(LEVEL_LETTERS[4]).toBe('D');
  });
});

// ---- parseAccessString -------------------------------------------------------------------------

describe('parseAccessString', () => {
  it('parses function:levels pairs separated by semicolons', () => {
    const m = parseAccessString('Downline:1,2,3;Bet:1;Bet History:1,4');
    expect(plain(m)).toEqual([
      ['Downline', [1, 2, 3]],
      ['Bet', [1]],
      ['Bet History', [1, 4]],
    ]);
  });

  it('returns an empty map for empty, null and undefined', () => {
    expect(parseAccessString('').size).toBe(0);
    expect(parseAccessString(null).size).toBe(0);
    expect(parseAccessString(undefined).size).toBe(0);
  });

  it('trims whitespace around function names and levels', () => {
    expect(plain(parseAccessString('  Bet : 1 , 3 ; Main Account:2 '))).toEqual([
      ['Bet', [1, 3]],
      ['Main Account', [2]],
    ]);
  });

  it('drops unknown levels and keeps the known ones', () => {
    expect(plain(parseAccessString('Bet:0,1,5,x,,4,-1,2.5'))).toEqual([['Bet', [1, 4]]]);
  });

  it('drops pairs with no function, no colon or no valid level', () => {
    const m = parseAccessString(';;:1;Bet;Company:;Downline:9;Map Report:2;');
    expect(plain(m)).toEqual([['Map Report', [2]]]);
  });

  it('merges repeated functions', () => {
    expect(plain(parseAccessString('Bet:1;Company:1;Bet:3,2'))).toEqual([
      ['Bet', [1, 2, 3]],
      ['Company', [1]],
    ]);
  });

  it('a repeated function with no valid levels does not erase earlier levels', () => {
    expect(plain(parseAccessString('Bet:2;Bet:;Bet:9'))).toEqual([['Bet', [2]]]);
  });

  it('deduplicates repeated levels', () => {
    expect(plain(parseAccessString('Bet:1,1,1'))).toEqual([['Bet', [1]]]);
  });

  it('keeps names it does not know (the server may add functions)', () => {
    expect(plain(parseAccessString('Some New Page:1'))).toEqual([['Some New Page', [1]]]);
  });

  it('never throws on junk input and only yields valid levels with non-empty sets', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'Bet:;,1234 05x.') })), (s) => {
        const m = parseAccessString(s);
        for (const [fn, levels] of m) {
          expect(fn).not.toBe('');
          expect(fn).toBe(fn.trim());
          expect(levels.size).toBeGreaterThan(0);
          for (const l of levels) expect(ACCESS_LEVELS).toContain(l);
        }
        // Checks over junk never throw either.
        expect(typeof hasAccess(s, 'Bet', [1, 2])).toBe('boolean');
        expect(viewableFunctions(s)).toBeInstanceOf(Set);
      }),
      { numRuns: 500 },
    );
  });
});

// ---- formatAccessString ------------------------------------------------------------------------

describe('formatAccessString', () => {
  it('writes pairs in insertion order with levels ascending', () => {
    expect(formatAccessString(map({ Downline: [3, 1, 2], Bet: [4, 1] }))).toBe('Downline:1,2,3;Bet:1,4');
  });

  it('omits functions without levels', () => {
    expect(formatAccessString(map({ Bet: [], Company: [1], Downline: [] }))).toBe('Company:1');
  });

  it('formats an empty map as the empty string', () => {
    expect(formatAccessString(new Map())).toBe('');
  });

  it('sorts levels numerically', () => {
    const m: AccessMap = new Map([['Bet', new Set<AccessLevel>([4, 2, 3, 1])]]);
    expect(formatAccessString(m)).toBe('Bet:1,2,3,4');
  });

  it('property: format(parse(format(m))) === format(m)', () => {
    fc.assert(
      fc.property(accessMapArb, (m) => {
        const s = formatAccessString(m);
        expect(formatAccessString(parseAccessString(s))).toBe(s);
      }),
    );
  });

  it('property: parse(format(m)) equals m', () => {
    fc.assert(
      fc.property(accessMapArb, (m) => {
        const back = parseAccessString(formatAccessString(m));
        expect(back).toEqual(m);
        expect([...back.keys()]).toEqual([...m.keys()]);
      }),
    );
  });
});

// ---- mergeAccess -------------------------------------------------------------------------------

describe('mergeAccess', () => {
  it('unions the levels of each function', () => {
    const a = map({ Bet: [1], Company: [1, 2] });
    const b = map({ Bet: [3], Downline: [1] });
    expect(plain(mergeAccess([a, b]))).toEqual([
      ['Bet', [1, 3]],
      ['Company', [1, 2]],
      ['Downline', [1]],
    ]);
  });

  it('merges nothing into an empty map', () => {
    expect(mergeAccess([]).size).toBe(0);
  });

  it('does not mutate its inputs', () => {
    const a = map({ Bet: [1] });
    const b = map({ Bet: [2], Company: [1] });
    const merged = mergeAccess([a, b]);
    merged.get('Bet')!.add(4);
    expect(plain(a)).toEqual([['Bet', [1]]]);
    expect(plain(b)).toEqual([
      ['Bet', [2]],
      ['Company', [1]],
    ]);
  });

  it('accepts any iterable, e.g. parsed role strings', () => {
    const roles = ['Bet:1', 'Bet:2;Company:1', ''].map(parseAccessString);
    expect(formatAccessString(mergeAccess(new Set(roles)))).toBe('Bet:1,2;Company:1');
  });

  it('property: commutative', () => {
    fc.assert(
      fc.property(accessMapArb, accessMapArb, (a, b) => {
        expect(mergeAccess([a, b])).toEqual(mergeAccess([b, a]));
      }),
    );
  });

  it('property: idempotent', () => {
    fc.assert(
      fc.property(accessMapArb, accessMapArb, (a, b) => {
        expect(mergeAccess([a, a])).toEqual(a);
        expect(mergeAccess([a])).toEqual(a);
        const ab = mergeAccess([a, b]);
        expect(mergeAccess([ab, b])).toEqual(ab);
        expect(mergeAccess([ab, ab])).toEqual(ab);
      }),
    );
  });

  it('property: a level is granted by the merge iff some input grants it', () => {
    fc.assert(
      fc.property(fc.array(accessMapArb, { maxLength: 4 }), fnArb, levelArb, (maps, fn, l) => {
        const merged = mergeAccess(maps);
        expect(merged.get(fn)?.has(l) ?? false).toBe(maps.some((m) => m.get(fn)?.has(l) ?? false));
      }),
    );
  });
});

// ---- hasAccess ---------------------------------------------------------------------------------

describe('hasAccess', () => {
  const own = 'Downline:1,2,3;Bet:1;Payment Report:4';

  it('passes when any requested level is present', () => {
    expect(hasAccess(own, 'Downline', [4, 2])).toBe(true);
    expect(hasAccess(own, 'Bet', [2, 3, 1])).toBe(true);
    expect(hasAccess(own, 'Payment Report', [4])).toBe(true);
  });

  it('fails when none of the requested levels is present', () => {
    expect(hasAccess(own, 'Downline', [4])).toBe(false);
    expect(hasAccess(own, 'Bet', [2, 3, 4])).toBe(false);
    expect(hasAccess(own, 'Payment Report', [1])).toBe(false);
  });

  it('fails for a function that is missing', () => {
    expect(hasAccess(own, 'Company', [1, 2, 3, 4])).toBe(false);
    expect(hasAccess('', 'Bet')).toBe(false);
    expect(hasAccess(new Map(), 'Bet', [1])).toBe(false);
  });

  it('fails for an empty request', () => {
    expect(hasAccess(own, 'Downline', [])).toBe(false);
  });

  it('checks the view level by default', () => {
    expect(hasAccess(own, 'Bet')).toBe(true);
    expect(hasAccess(own, 'Payment Report')).toBe(false);
  });

  it('matches function names exactly (case and whole name)', () => {
    expect(hasAccess(own, 'bet')).toBe(false);
    expect(hasAccess(own, 'Bet History')).toBe(false);
    expect(hasAccess('Bet History:1', 'Bet')).toBe(false);
  });

  it('accepts a parsed map as well as a string', () => {
    expect(hasAccess(parseAccessString(own), 'Downline', [3])).toBe(true);
    expect(hasAccess(parseAccessString(own), 'Downline', [4])).toBe(false);
  });

  describe('per-target-line right', () => {
    it('grants a level the own right lacks', () => {
      expect(hasAccess('Bet:1', 'Bet', [2], 'Bet:1,2')).toBe(true);
      expect(hasAccess('Bet:1', 'Company', [1], 'Company:1')).toBe(true);
      expect(hasAccess('', 'Company', [1], parseAccessString('Company:1'))).toBe(true);
    });

    it('removes a level the own right has', () => {
      expect(hasAccess('Bet:1,2,3', 'Bet', [2], 'Bet:1')).toBe(false);
      expect(hasAccess('Bet:1,2,3', 'Bet', [2, 3], 'Bet:1')).toBe(false);
      expect(hasAccess('Bet:1,2,3', 'Bet', [1], 'Bet:4')).toBe(false);
      expect(hasAccess(map({ Bet: [1, 2] }), 'Bet', [1], map({ Bet: [] }))).toBe(false);
    });

    it('does not affect functions it does not mention', () => {
      expect(hasAccess('Bet:1,2;Company:1', 'Bet', [2], 'Company:4')).toBe(true);
      expect(hasAccess('Bet:1', 'Downline', [1], 'Company:1')).toBe(false);
    });

    it('an empty or absent line right leaves the own right alone', () => {
      expect(hasAccess('Bet:2', 'Bet', [2], '')).toBe(true);
      expect(hasAccess('Bet:2', 'Bet', [2], undefined)).toBe(true);
      expect(hasAccess('Bet:2', 'Bet', [2], new Map())).toBe(true);
    });
  });

  it('property: equals levels.some(l => m.get(fn)?.has(l))', () => {
    fc.assert(
      fc.property(accessMapArb, fnArb, requestedLevelsArb, (m, fn, levels) => {
        const expected = levels.some((l) => m.get(fn)?.has(l) ?? false);
        expect(hasAccess(m, fn, levels)).toBe(expected);
        expect(hasAccess(formatAccessString(m), fn, levels)).toBe(expected);
      }),
    );
  });

  it('property: a line right for the function decides alone; otherwise the own right does', () => {
    fc.assert(
      fc.property(accessMapArb, accessMapArb, fnArb, requestedLevelsArb, (m, line, fn, levels) => {
        const source = line.has(fn) ? line : m;
        const expected = levels.some((l) => source.get(fn)?.has(l) ?? false);
        expect(hasAccess(m, fn, levels, line)).toBe(expected);
        expect(hasAccess(formatAccessString(m), fn, levels, formatAccessString(line))).toBe(expected);
      }),
    );
  });
});

// ---- viewableFunctions -------------------------------------------------------------------------

describe('viewableFunctions', () => {
  it('counts only entries that include the view level', () => {
    const v = viewableFunctions('Downline:1,2;Bet:2,3,4;Company:1;Payout Report:4');
    expect([...v].sort()).toEqual(['Company', 'Downline']);
  });

  it('is empty for an empty string', () => {
    expect(viewableFunctions('').size).toBe(0);
  });

  it('accepts a map', () => {
    expect([...viewableFunctions(map({ Bet: [1], Company: [2] }))]).toEqual(['Bet']);
  });

  it('property: fn is viewable iff its levels contain 1', () => {
    fc.assert(
      fc.property(accessMapArb, (m) => {
        const v = viewableFunctions(m);
        for (const fn of FUNCTION_NAMES) expect(v.has(fn)).toBe(m.get(fn)?.has(1) ?? false);
        expect(viewableFunctions(formatAccessString(m))).toEqual(v);
      }),
    );
  });
});

// ---- optionForLevels / formatLevelLetters ------------------------------------------------------

describe('optionForLevels', () => {
  it('None for no levels', () => {
    expect(optionForLevels(undefined)).toBe('None');
    expect(optionForLevels(new Set())).toBe('None');
  });

  it('View when only the view level is present', () => {
    expect(optionForLevels(new Set<AccessLevel>([1]))).toBe('View');
  });

  it('Control when any of create, edit or delete is present', () => {
    expect(optionForLevels(new Set<AccessLevel>([1, 2, 3, 4]))).toBe('Control');
    expect(optionForLevels(new Set<AccessLevel>([1, 2]))).toBe('Control');
    expect(optionForLevels(new Set<AccessLevel>([3]))).toBe('Control');
    expect(optionForLevels(new Set<AccessLevel>([4]))).toBe('Control');
  });

  it('the levels each option grants map back to that option', () => {
    for (const option of ['None', 'View', 'Control'] as const) {
      expect(optionForLevels(new Set<AccessLevel>(ACCESS_OPTIONS[option]))).toBe(option);
    }
  });
});

describe('formatLevelLetters', () => {
  it('writes letters in level order', () => {
    expect(formatLevelLetters(new Set<AccessLevel>([3, 1, 2]))).toBe('VCE');
    expect(formatLevelLetters(new Set<AccessLevel>([1]))).toBe('V');
    expect(formatLevelLetters(new Set<AccessLevel>([4, 2]))).toBe('CD');
    expect(formatLevelLetters(new Set<AccessLevel>([1, 2, 3, 4]))).toBe('VCED');
  });

  it('is empty for no levels', () => {
    expect(formatLevelLetters(new Set())).toBe('');
  });
});

describe('rightsNotHeld', () => {
  it('names each function and level wanted but not held', () => {
    const held = map({ Downline: [1, 2], Bet: [1] });
    expect(rightsNotHeld(map({ Downline: [1], Bet: [1] }), held)).toEqual([]);
    expect(rightsNotHeld(map({ Downline: [1, 3], 'Payment Report': [1] }), held)).toEqual(['Downline:3', 'Payment Report:1']);
  });

  it('is empty exactly when every wanted level passes hasAccess on the held map', () => {
    fc.assert(
      fc.property(accessMapArb, accessMapArb, (wanted, held) => {
        const covered = [...wanted].every(([fn, levels]) => [...levels].every((l) => hasAccess(held, fn, [l])));
        expect(rightsNotHeld(wanted, held).length === 0).toBe(covered);
        expect(rightsNotHeld(wanted, mergeAccess([wanted, held]))).toEqual([]);
      }),
    );
  });
});
