import { z } from 'zod';
import { id, queryId, smallId, text } from './fields';

export const accessOption = z.enum(['None', 'View', 'Control']);

/** A user-level role of SPEC 6 (ids 1-6) as GetRoleAccessData lists them. */
export const userRole = z.object({ id: z.number().int(), name: z.string() });

export const activity = z.object({ id: z.number().int(), name: z.string() });
export const permission = z.object({ id: z.number().int(), name: z.string(), letter: z.string() });
export const activityPermissionSetting = z.object({ option: accessOption, permissionIds: z.array(z.number().int()) });

/** A permission role (what the role editor edits). */
export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** A seeded role's key: the web shows its name and description in the reader's language by it. */
  seedKey: z.string().nullable(),
  isSystem: z.boolean(),
  userCount: z.number().int(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof role>;

export const roleActivity = z.object({ activityId: z.number().int(), activity: z.string(), option: accessOption });
export const roleDetail = role.extend({ activities: z.array(roleActivity) });
export type RoleDetail = z.infer<typeof roleDetail>;

export const createOrUpdateRoleBody = z.object({
  id: id.optional(),
  name: text(50).trim().min(1),
  description: text(200).trim().default(''),
  activities: z.array(z.object({ activityId: smallId, option: accessOption })),
});

export const assignRolesBody = z.object({
  userId: id,
  roleIds: z.array(id),
});

export const roleIdQuery = z.object({ roleId: queryId });
export const userIdQuery = z.object({ userId: queryId });
export const usernameQuery = z.object({ username: text(50).trim().min(1) });

export const userActivityPermission = z.object({
  userId: z.number().int(),
  username: z.string(),
  roleIds: z.array(z.number().int()),
  accessString: z.string(),
  activities: z.array(z.object({ activity: z.string(), permissionIds: z.array(z.number().int()) })),
});
export type UserActivityPermission = z.infer<typeof userActivityPermission>;

/** The part of an account the foundation knows; issue 3 extends it. */
export const userSummary = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  userRoleId: z.number().int(),
  status: z.string(),
  mainAccount: z.boolean(),
  creditLimit: z.number().int(),
  /** Null for the platform's root accounts, whose credit is unlimited. */
  availableCredit: z.number().int().nullable(),
  currency: z.string(),
});
export type UserSummary = z.infer<typeof userSummary>;
