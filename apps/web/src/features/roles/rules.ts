import type { FieldRule } from '@app/domain';

export const roleForm = {
  name: { required: true, maxLength: 50 },
  description: { maxLength: 200 },
} satisfies Record<string, FieldRule>;

export const assignForm = {
  username: { required: true, maxLength: 50 },
} satisfies Record<string, FieldRule>;
