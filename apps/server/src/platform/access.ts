// Route access declarations. Every /api route states who may call it; the authorize hook enforces it
// and refuses (fails closed) any /api route that forgot to declare.
import type { AccessLevel, FunctionName, RoleId } from '@app/domain';

export type RouteAccess =
  | { kind: 'public' }
  | {
      kind: 'session';
      /** User-level roles (SPEC 6 ids) allowed; a sub-account counts as its main account's role. */
      roles?: readonly RoleId[];
      /** Function of the access string and the levels of which any one suffices. */
      fn?: FunctionName;
      levels?: readonly AccessLevel[];
      mainAccountOnly?: boolean;
      /** Needs a secondary password verified within secondaryPasswordCheckTime. */
      secondary?: boolean;
      /** Callable before the account has agreed to the terms (the agreement itself). */
      beforeTerms?: boolean;
    };

export const allow = {
  public: (): RouteAccess => ({ kind: 'public' }),
  session: (): RouteAccess => ({ kind: 'session' }),
  /** Any session, even one whose account has not agreed to the terms yet. */
  beforeTerms: (): RouteAccess => ({ kind: 'session', beforeTerms: true }),
  roles: (roles: readonly RoleId[], extra: { secondary?: boolean; mainAccountOnly?: boolean } = {}): RouteAccess => ({
    kind: 'session',
    roles,
    ...extra,
  }),
  fn: (
    fn: FunctionName,
    levels: readonly AccessLevel[],
    extra: { roles?: readonly RoleId[]; secondary?: boolean; mainAccountOnly?: boolean } = {},
  ): RouteAccess => ({ kind: 'session', fn, levels, ...extra }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
