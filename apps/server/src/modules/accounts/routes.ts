import { z } from 'zod';
import {
  accountDetail,
  apiAccountBody,
  apiAccountView,
  cloneAccountBody,
  createOrUpdateUserBody,
  crumb,
  deleteUserBody,
  detailInit,
  detailInitQuery,
  downline,
  envelope,
  generatedApiCode,
  listing,
  listingQuery,
  reserveNamePrefix,
  reserveNamePrefixBody,
  subAccountBody,
  subAccountRow,
  updateUplineBody,
  userIdQuery,
  usernameQuery,
  userSummary,
  queryId,
} from '@app/contract';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import * as api from './apiAccounts';
import { cloneAccount } from './clone';
import { listPrefixes, saveReservedPrefix } from './reserveNames';
import * as svc from './service';
import { changeUpline, deleteUser } from './status';
import { listSubAccounts, saveSubAccount } from './subAccounts';

const optionalUserId = z.object({ userId: queryId.optional() });
const viewDownline = () => allow.fn('Downline', [1]);
const platformAndCompanies = [RoleId.SuperAdmin, RoleId.ITAdmin, RoleId.Company] as const;
const subAccountOwners = [RoleId.SuperAdmin, RoleId.ITAdmin, RoleId.Company, RoleId.Multilevel] as const;

/** The keys each CreateOrUpdateUser body was sent with (read before validation fills in defaults). */
const sentKeys = new WeakMap<object, ReadonlySet<string>>();

export function accountRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Account'];
  // Any logged-in account may read itself and its downline; the service scopes to the subtree.
  app.get(
    '/api/Account/GetUserDetailsById',
    { config: { access: allow.session() }, schema: { tags, querystring: userIdQuery, response: { 200: envelope(accountDetail) } } },
    async (req) => ok(await svc.userDetailsById(deps, requireAuth(req), req.query.userId)),
  );
  app.get(
    '/api/Account/GetUserDetailByUsername',
    { config: { access: allow.session() }, schema: { tags, querystring: usernameQuery, response: { 200: envelope(userSummary) } } },
    async (req) => ok(await svc.userDetailByUsername(deps, requireAuth(req), req.query.username)),
  );
  app.get(
    '/api/Account/GetUserListing',
    { config: { access: viewDownline() }, schema: { tags, querystring: listingQuery, response: { 200: envelope(listing) } } },
    async (req) => ok(await svc.listing(deps, requireAuth(req), req.query)),
  );
  app.get(
    '/api/Account/GetCompanyDetailBySuperAdmin',
    { config: { access: allow.roles([RoleId.SuperAdmin]) }, schema: { tags, querystring: listingQuery, response: { 200: envelope(listing) } } },
    async (req) => {
      const auth = requireAuth(req);
      return ok(await svc.listing(deps, auth, { ...req.query, parentId: auth.actingUserId, roleIds: [RoleId.Company] }));
    },
  );
  // The IT admins (role 2) under the super admin: platform logins, managed by the super admin's own login.
  app.get(
    '/api/Account/GetITAdminListing',
    { config: { access: allow.roles([RoleId.SuperAdmin], { mainAccountOnly: true }) }, schema: { tags, querystring: listingQuery, response: { 200: envelope(listing) } } },
    async (req) => {
      const auth = requireAuth(req);
      return ok(await svc.listing(deps, auth, { ...req.query, parentId: auth.actingUserId, roleIds: [RoleId.ITAdmin] }));
    },
  );
  app.get(
    '/api/Account/GetHouseUsers',
    { config: { access: viewDownline() }, schema: { tags, querystring: listingQuery, response: { 200: envelope(listing) } } },
    async (req) => ok(await svc.listing(deps, requireAuth(req), { ...req.query, roleIds: [RoleId.House] })),
  );
  app.get(
    '/api/Account/GetDirectDownlines',
    { config: { access: viewDownline() }, schema: { tags, querystring: optionalUserId, response: { 200: envelope(z.array(downline)) } } },
    async (req) => ok(await svc.directDownlines(deps, requireAuth(req), req.query.userId)),
  );
  app.get(
    '/api/Account/GetTargetLines',
    { config: { access: viewDownline() }, schema: { tags, querystring: userIdQuery, response: { 200: envelope(z.array(crumb)) } } },
    async (req) => ok(await svc.targetLines(deps, requireAuth(req), req.query.userId)),
  );
  app.get(
    '/api/Account/GetUserDetailInit',
    {
      config: { access: allow.fn('Downline', [2]) },
      schema: { tags, querystring: detailInitQuery, response: { 200: envelope(detailInit) } },
    },
    async (req) => ok(await svc.detailInit(deps, requireAuth(req), req.query.uplineId, req.query.userId)),
  );
  // Creating needs Downline create, editing a downline Downline edit, editing oneself (manage profile)
  // nothing more than a session: the service decides per case.
  app.post(
    '/api/Account/CreateOrUpdateUser',
    {
      config: { access: allow.session() },
      schema: { tags, body: createOrUpdateUserBody, response: { 200: envelope(accountDetail) } },
      // The names the body gave, before the contract fills in defaults: an update changes only those.
      preValidation: async (req) => {
        sentKeys.set(req, new Set(typeof req.body === 'object' && req.body !== null ? Object.keys(req.body) : []));
      },
    },
    async (req) => ok(await svc.createOrUpdateUser(deps, requireAuth(req), req.body, req.ip, sentKeys.get(req)), 'SAVED'),
  );
  app.post(
    '/api/Account/CloneAccount',
    { config: { access: allow.fn('Downline', [2]) }, schema: { tags, body: cloneAccountBody, response: { 200: envelope(accountDetail) } } },
    async (req) => ok(await cloneAccount(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Account/GetReserveNamePrefix',
    { config: { access: allow.fn('Downline', [2]) }, schema: { tags, response: { 200: envelope(z.array(reserveNamePrefix)) } } },
    async (req) => ok(await listPrefixes(deps.db, requireAuth(req).actingUserId)),
  );
  app.post(
    '/api/Account/CreateOrUpdateReserveNamePrefix',
    { config: { access: allow.fn('Downline', [2]) }, schema: { tags, body: reserveNamePrefixBody, response: { 200: envelope(z.array(reserveNamePrefix)) } } },
    async (req) => ok(await saveReservedPrefix(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  // Sub-account management is the Main Account function (a sub-account may be granted it); the service
  // keeps a sub-account within its own rights.
  app.get(
    '/api/Account/GetSubAccountListing',
    { config: { access: allow.fn('Main Account', [1], { roles: subAccountOwners }) }, schema: { tags, response: { 200: envelope(z.array(subAccountRow)) } } },
    async (req) => ok(await listSubAccounts(deps, requireAuth(req))),
  );
  app.post(
    '/api/Account/CreateOrUpdateSubAccount',
    {
      config: { access: allow.fn('Main Account', [2, 3], { roles: subAccountOwners }) },
      schema: { tags, body: subAccountBody, response: { 200: envelope(z.object({ userId: z.number().int() })) } },
    },
    async (req) => ok(await saveSubAccount(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Account/GetApiAccount',
    { config: { access: allow.roles(platformAndCompanies, { mainAccountOnly: true }) }, schema: { tags, querystring: userIdQuery, response: { 200: envelope(apiAccountView) } } },
    async (req) => ok(await api.getApiAccount(deps, requireAuth(req), req.query.userId)),
  );
  app.post(
    '/api/Account/GenerateApiCode',
    { config: { access: allow.roles(platformAndCompanies, { mainAccountOnly: true }) }, schema: { tags, response: { 200: envelope(generatedApiCode) } } },
    async () => ok(api.generateApiCode()),
  );
  app.post(
    '/api/Account/CreateOrUpdateApiAccount',
    {
      config: { access: allow.roles(platformAndCompanies, { mainAccountOnly: true, secondary: true }) },
      schema: { tags, body: apiAccountBody, response: { 200: envelope(apiAccountView) } },
    },
    async (req) => ok(await api.saveApiAccount(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Setting/UpdateTargetUserUpline',
    { config: { access: allow.fn('Downline', [3]) }, schema: { tags: ['Setting'], body: updateUplineBody } },
    async (req) => {
      await changeUpline(deps, requireAuth(req), req.body.userId, req.body.newUplineId, req.ip);
      return ok(null, 'SAVED');
    },
  );
  app.post(
    '/api/Setting/DeleteUser',
    { config: { access: allow.fn('Downline', [4]) }, schema: { tags: ['Setting'], body: deleteUserBody } },
    async (req) => {
      await deleteUser(deps, requireAuth(req), req.body.userId, req.ip);
      return ok(null, 'SAVED');
    },
  );
}
