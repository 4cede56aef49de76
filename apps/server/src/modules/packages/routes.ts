import { z } from 'zod';
import {
  assignment,
  assignPackageBody,
  createOrUpdateMasterTemplateBody,
  createOrUpdatePackageBody,
  envelope,
  fixIsRedPackageBody,
  getPackagesQuery,
  masterTemplate,
  packageDetail,
  packageDetailQuery,
  packageIdQuery,
  packageSummary,
  templateIdQuery,
  templateItem,
  templateItemCategory,
} from '@app/contract';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import * as svc from './service';
import * as templates from './templates';

const read = () => allow.fn('Package List', [1]);
const write = () => allow.fn('Package List', [2, 3]);
const superAdmin = () => allow.roles([RoleId.SuperAdmin]);

export function packageRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Configuration'];
  app.get(
    '/api/Configuration/GetPackages',
    { config: { access: read() }, schema: { tags, querystring: getPackagesQuery, response: { 200: envelope(z.array(packageSummary)) } } },
    async (req) => ok(await svc.listPackages(deps, requireAuth(req), req.query)),
  );
  app.get(
    '/api/Configuration/GetPackageDetail',
    { config: { access: read() }, schema: { tags, querystring: packageDetailQuery, response: { 200: envelope(packageDetail.nullable()) } } },
    async (req) => ok(await svc.packageDetail(deps, requireAuth(req), req.query)),
  );
  app.get(
    '/api/Configuration/GetPackageDetailById',
    { config: { access: read() }, schema: { tags, querystring: packageIdQuery, response: { 200: envelope(packageDetail) } } },
    async (req) => ok(await svc.packageDetailById(deps, requireAuth(req), req.query.id)),
  );
  app.post(
    '/api/Configuration/CreateOrUpdatePackage',
    { config: { access: write() }, schema: { tags, body: createOrUpdatePackageBody, response: { 200: envelope(packageDetail.nullable()) } } },
    async (req) => ok(await svc.createOrUpdatePackage(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  // Not in SPEC 7: assigning a package to a direct downline (docs/decisions/0005-packages.md).
  app.post(
    '/api/Configuration/AssignPackage',
    { config: { access: write() }, schema: { tags, body: assignPackageBody, response: { 200: envelope(assignment) } } },
    async (req) => ok(await svc.assignPackage(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Account/FixIsRedPackage',
    {
      config: { access: allow.fn('Package List', [2, 3], { mainAccountOnly: true }) },
      schema: { tags: ['Account'], body: fixIsRedPackageBody, response: { 200: envelope(packageDetail) } },
    },
    async (req) => ok(await svc.fixIsRedPackage(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );

  app.get(
    '/api/Configuration/GetMasterTemplates',
    { config: { access: superAdmin() }, schema: { tags, response: { 200: envelope(z.array(masterTemplate)) } } },
    async () => ok(await templates.listTemplates(deps)),
  );
  app.get(
    '/api/Configuration/GetMasterTemplateItems',
    { config: { access: superAdmin() }, schema: { tags, querystring: templateIdQuery, response: { 200: envelope(z.array(templateItem)) } } },
    async (req) => ok(await templates.templateItems(deps, req.query.templateId)),
  );
  app.get(
    '/api/Configuration/GetMasterTemplateItemCategories',
    { config: { access: superAdmin() }, schema: { tags, response: { 200: envelope(z.array(templateItemCategory)) } } },
    async () => ok(await templates.categories(deps)),
  );
  app.post(
    '/api/Configuration/CreateOrUpdateMasterTemplate',
    {
      config: { access: superAdmin() },
      schema: { tags, body: createOrUpdateMasterTemplateBody, response: { 200: envelope(masterTemplate.nullable()) } },
    },
    async (req) => ok(await templates.createOrUpdateTemplate(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
}
