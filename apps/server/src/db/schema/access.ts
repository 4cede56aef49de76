import { boolean, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tz } from './columns';
import { users } from './accounts';

// ---- permissions (SPEC 6) ----
export const activities = pgTable('activities', { id: smallint('id').primaryKey(), name: text('name').notNull().unique() });
export const permissions = pgTable('permissions', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  letter: text('letter').notNull(),
});
export const permissionRoles = pgTable(
  'permission_roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isSystem: boolean('is_system').notNull().default(false),
    /** A seeded role's stable key: the web shows its name and description in the reader's language by it. Cleared once someone edits them. */
    seedKey: text('seed_key'),
    /** The user-level role (1-6) whose new accounts get this role by default, if any. */
    defaultForRoleId: smallint('default_for_role_id'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [uniqueIndex('permission_roles_name_key').on(sql`lower(${t.name})`)],
);
export const roleActivityPermissions = pgTable(
  'role_activity_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => permissionRoles.id),
    activityId: smallint('activity_id')
      .notNull()
      .references(() => activities.id),
    permissionId: smallint('permission_id')
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.activityId, t.permissionId] })],
);
export const userPermissionRoles = pgTable(
  'user_permission_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => permissionRoles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);


/** Rights granted to one account directly (sub-accounts), on top of its permission roles. */
export const userActivityPermissions = pgTable(
  'user_activity_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    activityId: smallint('activity_id')
      .notNull()
      .references(() => activities.id),
    permissionId: smallint('permission_id')
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId, t.permissionId] })],
);
