// Seed data of packages and master templates (DOMAIN.md "Packages" and the payout tables). These figures
// are data: services read rates from the tables, never from here. Idempotent: a system package of a
// type, the platform's master template and the item categories are only inserted when missing, so an
// admin's later changes stay.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../platform/db';
import * as s from './schema';

type Tier = 'first' | 'second' | 'third' | 'starter' | 'consolation' | 'fourth' | 'fifth' | 'sixth';
type Figures = Partial<Record<Tier, number>>;

/** Official Malaysian payouts per 1 unit of stake (Magnum, Da Ma Cai, Toto), in ringgit. */
const OFFICIAL: Record<string, Figures> = {
  B: { first: 2500, second: 1000, third: 500, starter: 180, consolation: 60 },
  S: { first: 3500, second: 2000, third: 1000 },
  // 4A: 6,000 to 6,615 by house; the seed takes the lowest.
  '4A': { first: 6000 },
  // 3A is Da Ma Cai's 3D "A", 3C its 3D "ABC".
  A: { first: 660 },
  C: { first: 250, second: 210, third: 150 },
};

/** Singapore Pools' own table: an override of the Standard package for pool 4 (S). */
const SINGAPORE: Record<string, Figures> = {
  B: { first: 2000, second: 1000, third: 490, starter: 250, consolation: 60 },
  S: { first: 3000, second: 2000, third: 800 },
};

/** Codes house packages also sell: modelled, seeded off. Only Toto 5D and 6D have official figures. */
const EXTRAS: Record<string, Figures> = {
  '4B': {},
  '4C': {},
  '4D': {},
  '4E': {},
  '4F': {},
  '2A': {},
  '2C': {},
  '5D': { first: 15000, second: 5000, third: 3000, fourth: 500, fifth: 20, sixth: 5 },
  '6D': { first: 100000, second: 3000, third: 300, fourth: 30, fifth: 4 },
};

const SINGAPORE_POOL = 4;

/** House commissions (percent of stake) of the seeded system packages: 26% (the low end of the trade's 26-27%), GD 19%; 4A 0 (SPEC 9). */
const COMMISSION = {
  normal: { B: 26, S: 26, A: 26, C: 26, '4A': 0 } as Record<string, number>,
  gd: { B: 19, S: 19, A: 19, C: 19, '4A': 0 } as Record<string, number>,
};

const cents = (units: number | undefined) => (units === undefined ? null : units * 100);

function rateRow(packageId: number, code: string, figures: Figures, opts: { commission: number; enabled: boolean; poolId?: number }) {
  return {
    packageId,
    code,
    poolId: opts.poolId ?? null,
    enabled: opts.enabled,
    commissionPct: opts.commission.toFixed(2),
    payoutFirst: cents(figures.first),
    payoutSecond: cents(figures.second),
    payoutThird: cents(figures.third),
    payoutStarter: cents(figures.starter),
    payoutConsolation: cents(figures.consolation),
    payoutFourth: cents(figures.fourth),
    payoutFifth: cents(figures.fifth),
    payoutSixth: cents(figures.sixth),
  };
}

async function systemPackageExists(tx: Tx, packageType: number) {
  const [row] = await tx
    .select({ id: s.packages.id })
    .from(s.packages)
    .where(and(isNull(s.packages.ownerUserId), eq(s.packages.packageType, packageType)))
    .limit(1);
  return !!row;
}

async function seedSystemPackage(
  tx: Tx,
  p: { key: string; name: string; description: string; packageType: number; commission: Record<string, number>; singapore: boolean },
) {
  if (await systemPackageExists(tx, p.packageType)) {
    // Seeded before packages had keys: the key is given while the package is still as seeded.
    await tx
      .update(s.packages)
      .set({ seedKey: p.key })
      .where(and(isNull(s.packages.ownerUserId), isNull(s.packages.seedKey), eq(s.packages.packageType, p.packageType), eq(s.packages.name, p.name), eq(s.packages.description, p.description)));
    return;
  }
  const [pkg] = await tx
    .insert(s.packages)
    .values({ ownerUserId: null, name: p.name, description: p.description, packageType: p.packageType, isDefault: true, groupName: 'System', seedKey: p.key })
    .returning({ id: s.packages.id });
  const rows = [
    ...Object.entries(OFFICIAL).map(([code, f]) => rateRow(pkg.id, code, f, { commission: p.commission[code] ?? 0, enabled: true })),
    ...Object.entries(EXTRAS).map(([code, f]) => rateRow(pkg.id, code, f, { commission: 0, enabled: false })),
    ...(p.singapore
      ? Object.entries(SINGAPORE).map(([code, f]) => rateRow(pkg.id, code, f, { commission: p.commission[code] ?? 0, enabled: true, poolId: SINGAPORE_POOL }))
      : []),
  ];
  await tx.insert(s.packageRates).values(rows);
}

export const TEMPLATE_CATEGORIES = [
  { id: 1, name: 'Commission', position: 1 },
  { id: 2, name: 'Payout', position: 2 },
  { id: 3, name: 'Pool', position: 3 },
  { id: 4, name: 'Bet type', position: 4 },
  { id: 5, name: 'Calculation', position: 5 },
  { id: 6, name: 'Draw', position: 6 },
];

async function seedCompanyTemplate(tx: Tx) {
  const seeded = { name: 'Company master template', description: 'Official Malaysian payouts (Singapore Pools its own) and the house commissions.', seedKey: 'company' };
  const [existing] = await tx.select({ id: s.masterTemplates.id }).from(s.masterTemplates).where(isNull(s.masterTemplates.ownerUserId)).limit(1);
  if (existing) {
    await tx
      .update(s.masterTemplates)
      .set({ seedKey: seeded.seedKey })
      .where(and(eq(s.masterTemplates.id, existing.id), isNull(s.masterTemplates.seedKey), eq(s.masterTemplates.name, seeded.name), eq(s.masterTemplates.description, seeded.description)));
    return;
  }
  const [tpl] = await tx
    .insert(s.masterTemplates)
    .values({ ownerUserId: null, ...seeded })
    .returning({ id: s.masterTemplates.id });
  type Item = { categoryId: number; kind: string; code?: string; tier?: string; label: string; value: string };
  const items: Item[] = [{ categoryId: 3, kind: 'pool', label: 'Malaysian table', value: 'MPTBKWH' }];
  for (const [code, f] of Object.entries(OFFICIAL)) {
    items.push({ categoryId: 1, kind: 'decimal', code, label: `${code} commission %`, value: String(COMMISSION.normal[code] ?? 0) });
    for (const [tier, v] of Object.entries(f)) items.push({ categoryId: 2, kind: 'decimal', code, tier, label: `${code} ${tier}`, value: String(v) });
  }
  items.push({ categoryId: 3, kind: 'pool', label: 'Singapore table', value: 'S' });
  for (const [code, f] of Object.entries(SINGAPORE)) {
    for (const [tier, v] of Object.entries(f)) items.push({ categoryId: 2, kind: 'decimal', code, tier, label: `Singapore ${code} ${tier}`, value: String(v) });
  }
  // Toto 5D (Toto only) and 6D (Toto and GD): their own tables, sold off until a package turns them on.
  for (const [code, pools] of [['5D', 'T'], ['6D', 'TH']] as const) {
    items.push({ categoryId: 3, kind: 'pool', label: `${code} table`, value: pools });
    items.push({ categoryId: 1, kind: 'decimal', code, label: `${code} commission %`, value: '0' });
    for (const [tier, v] of Object.entries(EXTRAS[code])) items.push({ categoryId: 2, kind: 'decimal', code, tier, label: `${code} ${tier}`, value: String(v) });
  }
  items.push(
    { categoryId: 4, kind: 'box', label: 'Box: stake x permutations', value: '' },
    { categoryId: 4, kind: 'ibox', label: 'iBox: stake split over permutations', value: '' },
    { categoryId: 4, kind: 'ph', label: 'Roll head (PH): 10 numbers', value: '10' },
    { categoryId: 5, kind: 'operator', label: 'Box cost', value: '*' },
    { categoryId: 5, kind: 'operator', label: 'iBox payout', value: '/' },
    { categoryId: 6, kind: 'drawNumber', label: 'Draws ahead (D)', value: '1' },
  );
  await tx.insert(s.masterTemplateItems).values(items.map((item, position) => ({ ...item, templateId: tpl.id, position })));
}

export async function seedPackages(tx: Tx): Promise<void> {
  await tx.insert(s.masterTemplateItemCategories).values(TEMPLATE_CATEGORIES).onConflictDoNothing();
  await seedSystemPackage(tx, {
    key: 'standard',
    name: 'Standard',
    description: 'Official Malaysian payouts; Singapore Pools pays its own table (pool override).',
    packageType: 0,
    commission: COMMISSION.normal,
    singapore: true,
  });
  await seedSystemPackage(tx, { key: 'gdStandard', name: 'GD Standard', description: 'Grand Dragon 4D at the Malaysian payouts; commission 19%.', packageType: 2, commission: COMMISSION.gd, singapore: false });
  await seedCompanyTemplate(tx);
}
