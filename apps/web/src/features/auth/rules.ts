import type { FieldRule } from '@app/domain';

export const loginForm = {
  username: { required: true, maxLength: 50 },
  password: { required: true, maxLength: 200 },
} satisfies Record<string, FieldRule>;

export const secondaryForm = {
  secondaryPassword: { required: true, maxLength: 200 },
} satisfies Record<string, FieldRule>;
