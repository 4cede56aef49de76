import {
  activity,
  activityPermissionSetting,
  assignRolesBody,
  createOrUpdateRoleBody,
  envelope,
  permission,
  role,
  roleDetail,
  roleIdQuery,
  userActivityPermission,
  userIdQuery,
  userRole,
} from '@app/contract';
import { RoleId } from '@app/domain';
import { z } from 'zod';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import * as svc from './service';

const superAdmin = [RoleId.SuperAdmin] as const;

export function accessRoutes(app: HttpApp, deps: Deps) {
  // The role editor is the platform's rights management: a sub-account of the super admin reaches it only
  // with the Main Account function (sub-account management, decision 0013), within the rights it holds.
  const read = { config: { access: allow.fn('Main Account', [1], { roles: superAdmin }) } };
  const edit = allow.fn('Main Account', [2, 3], { roles: superAdmin, secondary: true });
  const tags = ['Setting'];

  app.get('/api/Setting/GetRoles', { ...read, schema: { tags, response: { 200: envelope(z.array(role)) } } }, async () =>
    ok(await svc.listRoles(deps)),
  );
  app.get('/api/Setting/GetActivities', { ...read, schema: { tags, response: { 200: envelope(z.array(activity)) } } }, async () =>
    ok(await svc.activitiesList(deps)),
  );
  app.get('/api/Setting/GetPermissions', { ...read, schema: { tags, response: { 200: envelope(z.array(permission)) } } }, async () =>
    ok(await svc.permissionsList(deps)),
  );
  app.get(
    '/api/Setting/GetActivityPermissionSetting',
    { ...read, schema: { tags, response: { 200: envelope(z.array(activityPermissionSetting)) } } },
    async () => ok(svc.activityPermissionSettings()),
  );
  app.get(
    '/api/Setting/GetRoleActivityPermission',
    { ...read, schema: { tags, querystring: roleIdQuery, response: { 200: envelope(roleDetail) } } },
    async (req) => ok(await svc.roleDetail(deps, req.query.roleId)),
  );
  app.get(
    '/api/Account/GetRoleById',
    { ...read, schema: { tags: ['Account'], querystring: roleIdQuery, response: { 200: envelope(roleDetail) } } },
    async (req) => ok(await svc.roleDetail(deps, req.query.roleId)),
  );
  app.post(
    '/api/Setting/CreateOrUpdateRole',
    {
      config: { access: edit },
      schema: { tags, body: createOrUpdateRoleBody, response: { 200: envelope(roleDetail) } },
    },
    async (req) => ok(await svc.createOrUpdateRole(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Setting/AssignRoles',
    {
      config: { access: edit },
      schema: { tags, body: assignRolesBody, response: { 200: envelope(userActivityPermission) } },
    },
    async (req) => ok(await svc.assignRoles(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Account/GetRoleAccessData',
    { config: { access: allow.session() }, schema: { tags: ['Account'], response: { 200: envelope(z.array(userRole)) } } },
    async () => ok(svc.userLevelRoles()),
  );
  app.get(
    '/api/Account/GetUserActivityPermission',
    {
      config: { access: allow.session() },
      schema: { tags: ['Account'], querystring: userIdQuery, response: { 200: envelope(userActivityPermission) } },
    },
    async (req) => ok(await svc.userActivityPermission(deps, requireAuth(req), req.query.userId)),
  );
}
