import { FUNCTION_NAMES, optionForLevels, parseAccessString, type AccessOption, type FieldRule, type FunctionName } from '@app/domain';

// Sub-account rights: per function None / View / Control (as the role editor), sent with activity ids
// 1..24 in FUNCTION_NAMES order (the seeded activity table), and report access by report function name.

export const activityIdOf = (fn: FunctionName) => FUNCTION_NAMES.indexOf(fn) + 1;

/** The report functions a sub-account can be given report access to. */
export const REPORT_FUNCTIONS: readonly FunctionName[] = FUNCTION_NAMES.filter((f) => f.endsWith('Report'));

/** Options per function from an access string; every function is present (None when not granted). */
export function optionsFromAccessString(accessString: string): Record<FunctionName, AccessOption> {
  const map = parseAccessString(accessString);
  return Object.fromEntries(FUNCTION_NAMES.map((fn) => [fn, optionForLevels(map.get(fn))])) as Record<FunctionName, AccessOption>;
}

/** The activities list CreateOrUpdateSubAccount takes, for every function. */
export function activitiesFromOptions(options: Partial<Record<string, AccessOption>>): { activityId: number; option: AccessOption }[] {
  return FUNCTION_NAMES.map((fn) => ({ activityId: activityIdOf(fn), option: options[fn] ?? 'None' }));
}

export const subAccountRules = {
  username: { required: true, minLength: 3, maxLength: 30 },
  fullName: { required: true, maxLength: 100 },
  password: { required: true, minLength: 8, maxLength: 200 },
  passwordOptional: { minLength: 8, maxLength: 200 },
  confirmPassword: { required: true, maxLength: 200 },
  secondaryPassword: { minLength: 8, maxLength: 200 },
} satisfies Record<string, FieldRule>;
