import { reportRoutes } from './modules/reports/routes';
import { inboxRoutes } from './modules/reports/inboxRoutes';
import { createHttp, type Deps, type HttpApp, type HttpOptions } from './platform/http';
import { accessRoutes } from './modules/access/routes';
import { accountRoutes } from './modules/accounts/routes';
import { authRoutes } from './modules/auth/routes';
import { drawRoutes } from './modules/draws/routes';
import { poolRoutes } from './modules/pools/routes';
import { orderRoutes } from './modules/orders/routes';
import { packageRoutes } from './modules/packages/routes';
import { paymentRoutes } from './modules/payments/routes';
import { riskRoutes } from './modules/risk/routes';
import { autoTicketRoutes } from './modules/autoTickets/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { resultRoutes } from './modules/results/routes';
import { drawPaymentRoutes } from './modules/drawPayments/routes';
import { seamlessRoutes } from './modules/seamless/routes';
import { dictionaryRoutes } from './modules/dictionary/routes';
import { postingRoutes } from './modules/posting/routes';
import { adminRoutes } from './modules/admin/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { registerApiLogHooks } from './platform/apiLog';
import { currentSnapshot } from './platform/db';
import { registerReportGate } from './platform/reportGate';

/** The whole HTTP application; main.ts and the tests both build it here. */
/** `apiLog: false` is for benchmarks only (bench:bets compares the API log on and off); the server always logs. */
export async function buildApp(deps: Deps, opts: HttpOptions & { instrument?: (app: HttpApp) => void; apiLog?: boolean } = {}) {
  const app = await createHttp(deps, opts);
  opts.instrument?.(app);
  // Before the routes: every call of an API account is recorded in the API log (decision 0033).
  if (opts.apiLog !== false) registerApiLogHooks(app, deps);
  registerReportGate(app, deps.config.reportConcurrency, () => currentSnapshot(deps.db), () => deps.clock.now());
  authRoutes(app, deps);
  accessRoutes(app, deps);
  accountRoutes(app, deps);
  paymentRoutes(app, deps);
  drawRoutes(app, deps);
  poolRoutes(app, deps);
  packageRoutes(app, deps);
  riskRoutes(app, deps);
  orderRoutes(app, deps);
  autoTicketRoutes(app, deps);
  receiptRoutes(app, deps);
  dictionaryRoutes(app, deps);
  resultRoutes(app, deps);
  drawPaymentRoutes(app, deps);
  reportRoutes(app, deps);
  inboxRoutes(app, deps);
  seamlessRoutes(app, deps);
  postingRoutes(app, deps);
  adminRoutes(app, deps);
  dashboardRoutes(app, deps);
  await app.ready();
  return app;
}
