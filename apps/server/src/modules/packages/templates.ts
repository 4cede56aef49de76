// Master templates: the company's sheet packages are derived from, as an ordered list of typed items
// (SPEC 3 kinds: decimal, date string, pool string, operator, box, ibox, PH, draw number). Super admin only.
import type { CreateOrUpdateMasterTemplateBody, TemplateItemKind } from '@app/contract';
import { RoleId, SEEDED_POOLS, type PoolDef } from '@app/domain';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { poolRegistry } from '../pools/registry';
import * as q from './queries';

const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

function validDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Whether a value fits its item kind. */
export function validItemValue(kind: TemplateItemKind, value: string, pools: readonly PoolDef[] = SEEDED_POOLS): boolean {
  switch (kind) {
    case 'decimal':
      return DECIMAL.test(value);
    case 'date':
      return validDate(value);
    case 'pool': {
      // A pool string: pool letters in display order, each once (e.g. MPTSBKWH).
      const letters = [...value];
      return letters.length > 0 && letters.every((l) => pools.some((p) => p.letter === l)) && new Set(letters).size === letters.length;
    }
    case 'operator':
      return value === '*' || value === '/';
    case 'box':
    case 'ibox':
    case 'ph':
      // The bet type is offered; an optional figure (multiplier or divisor) goes with it.
      return value === '' || DECIMAL.test(value);
    case 'drawNumber':
      // An operator's draw number, e.g. 5123/26, or a draw count.
      return /^\d{1,6}(\/\d{2,4})?$/.test(value);
  }
}

export const categories = (deps: Deps) => q.categories(deps.db);

export async function listTemplates(deps: Deps) {
  return (await q.templates(deps.db)).map((t) => ({ ...t, updatedAt: t.updatedAt?.toISOString() ?? null }));
}

export async function templateItems(deps: Deps, templateId: number) {
  if (!(await q.templateById(deps.db, templateId))) throw notFound();
  return (await q.templateItems(deps.db, templateId)).map((i) => ({ ...i, kind: i.kind as TemplateItemKind }));
}

export async function createOrUpdateTemplate(deps: Deps, auth: AuthContext, body: CreateOrUpdateMasterTemplateBody, ip: string) {
  const fields: Record<string, string> = {};
  const known = new Set((await q.categories(deps.db)).map((c) => c.categoryId));
  const pools = await poolRegistry(deps.db);
  body.items.forEach((item, i) => {
    if (!known.has(item.categoryId)) fields[`items.${i}.categoryId`] = 'pattern';
    if (!validItemValue(item.kind, item.value, pools)) fields[`items.${i}.value`] = 'pattern';
  });
  const ownerUserId = body.ownerUserId ?? null;
  if (ownerUserId !== null) {
    const owner = await q.account(deps.db, ownerUserId);
    if (!owner || owner.roleId !== RoleId.Company || !owner.isMainAccount) fields.ownerUserId = 'pattern';
  }
  if (!body.templateId && body.recordStatus === 2) fields.recordStatus = 'pattern';
  if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', fields);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const before = body.templateId ? await q.lockTemplate(tx, body.templateId) : undefined;
    if (body.templateId && !before) throw notFound();
    if (await q.templateNameTaken(tx, ownerUserId, body.name, body.templateId)) throw conflict('DUPLICATE_NAME');
    const beforeItems = before ? await q.templateItems(tx, before.id) : [];
    const header = { ownerUserId, name: body.name, description: body.description, recordStatus: body.recordStatus, updatedAt: now, updatedBy: auth.userId };
    const templateId = before ? before.id : await q.insertTemplate(tx, { ...header, createdAt: now });
    // The seeded template keeps its key (shown in the reader's language) only while its words are as seeded.
    if (before) await q.updateTemplate(tx, templateId, { ...header, seedKey: before.name === body.name && before.description === body.description ? before.seedKey : null });
    const items = body.items.map((item, position) => ({
      categoryId: item.categoryId,
      kind: item.kind,
      code: item.code ?? null,
      tier: item.tier ?? null,
      label: item.label,
      value: item.value,
      position,
    }));
    await q.replaceTemplateItems(tx, templateId, items);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: before ? 'master-template.update' : 'master-template.create',
      targetType: 'master_template',
      targetId: templateId,
      before: before
        ? { ownerUserId: before.ownerUserId, name: before.name, description: before.description, recordStatus: before.recordStatus, items: beforeItems.map(({ itemId: _, templateId: __, categoryName: ___, ...rest }) => rest) }
        : null,
      after: { ...header, updatedAt: undefined, updatedBy: undefined, items },
      ip,
    });
    return templateId;
  });
  return (await listTemplates(deps)).find((t) => t.templateId === id) ?? null;
}
