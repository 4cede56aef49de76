import type { FieldRule } from '@app/domain';

/** Password minimum length (the server refuses shorter with PASSWORD_TOO_SHORT). */
export const PASSWORD_MIN_LENGTH = 8;

export const changePasswordForm = {
  oldPassword: { required: true, maxLength: 200 },
  newPassword: { required: true, minLength: PASSWORD_MIN_LENGTH, maxLength: 200 },
  confirmPassword: { required: true, maxLength: 200 },
} satisfies Record<string, FieldRule>;
