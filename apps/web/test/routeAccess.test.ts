import { describe, expect, it } from 'vitest';
import { ROUTES } from '../src/app/routeTable';
import type { RouteMeta } from '../src/navigation/access';
import { EXPECTED as SERVER_ROUTES } from '../../server/test/routeAccess';

/**
 * Whether a screen's route rule implies the server's access declaration of the call it cannot work
 * without ("session", "fn:Downline:1", "roles:1,2,3 main-only secondary"), so no one who can open the
 * screen is refused that call. The secondary password is prompted by the call wrapper, not routed.
 */
export function ruleImplies(route: RouteMeta, declaration: string): string | null {
  // Function names hold spaces ("fn:Payment Report:1"), so the parts are matched, not split.
  const parts = declaration.match(/fn:[^:]+:[\d,]+|roles:[\d,]+|[a-z-]+/g) ?? [];
  for (const part of parts) {
    if (part === 'session' || part === 'secondary' || part === '') continue;
    if (part === 'main-only') {
      if (!route.mainAccountOnly) return 'needs mainAccountOnly';
      continue;
    }
    const [kind, a, b] = part.split(':') as [string, string, string];
    if (kind === 'roles') {
      const allowed = a.split(',').map(Number);
      if (!route.roles || !route.roles.every((r) => allowed.includes(r))) return `roles must be within ${a}`;
    } else if (kind === 'fn') {
      const levels = b.split(',').map(Number);
      if (route.fn !== a) return `needs fn ${a}`;
      // The route always requires view; with fnLevels also one of those.
      const held = route.fnLevels ?? [1];
      if (!levels.includes(1) && !held.every((l) => levels.includes(l))) return `fnLevels must be within ${b}`;
    } else {
      return `unknown declaration ${part}`;
    }
  }
  return null;
}

describe('screen routes against the server declarations', () => {
  it('every screen that names its call is routed no wider than the server allows the call', () => {
    const checked = ROUTES.filter((r) => r.api);
    expect(checked.length).toBeGreaterThanOrEqual(10);
    for (const r of checked) {
      const declaration = SERVER_ROUTES[r.api!];
      expect(declaration, `${r.path}: ${r.api} is not a server route`).toBeDefined();
      expect(ruleImplies(r, declaration), `${r.path} vs ${r.api} (${declaration})`).toBeNull();
    }
  });

  it('reads declarations as intended', () => {
    const route = (over: Partial<RouteMeta>): RouteMeta => ({ path: '/x', titleKey: '', ...over });
    expect(ruleImplies(route({}), 'session')).toBeNull();
    expect(ruleImplies(route({}), 'fn:Downline:1')).toBe('needs fn Downline');
    expect(ruleImplies(route({ fn: 'Downline' }), 'fn:Downline:2')).toBe('fnLevels must be within 2');
    expect(ruleImplies(route({ fn: 'Downline', fnLevels: [2] }), 'fn:Downline:2')).toBeNull();
    expect(ruleImplies(route({ roles: [1, 2] }), 'roles:1')).toBe('roles must be within 1');
    expect(ruleImplies(route({ roles: [1] }), 'roles:1,2,3 main-only')).toBe('needs mainAccountOnly');
    expect(ruleImplies(route({ roles: [1], mainAccountOnly: true }), 'roles:1,2,3 main-only secondary')).toBeNull();
    expect(ruleImplies(route({ fn: 'Payment Report' }), 'fn:Payment Report:1')).toBeNull();
    expect(ruleImplies(route({ fn: 'Payment Report' }), 'fn:Payment Report:2,3')).toBe('fnLevels must be within 2,3');
  });
});
