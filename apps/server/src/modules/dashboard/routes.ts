import { dashboard, envelope } from '@app/contract';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { dashboardOf } from './service';

// SPEC names no call for the dashboard: every logged-in role reads its own (a sub-account its main
// account's subtree, as the reports' scope does), so a session is all it takes.
export function dashboardRoutes(app: HttpApp, deps: Deps) {
  app.get(
    '/api/Dashboard/GetDashboard',
    {
      config: { access: allow.session() },
      schema: { tags: ['Dashboard'], description: "Today's draws with cutoff and time left, the subtree's sales today and the latest released results.", response: { 200: envelope(dashboard) } },
    },
    async (req) => ok(await dashboardOf(deps, requireAuth(req))),
  );
}
