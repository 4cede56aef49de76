import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { RoleId } from '@app/domain';
import type { RouteMeta } from '../navigation/access';
import { lazyFile } from './lazyFile';

// The route table of SPEC 2 as data. A later screen adds one line. Routes a viewer may not see (by
// `roles` and/or the view level of `fn`) are removed from the router; `secondary` routes open only
// after the secondary password is verified. `layout`: 'public' needs no session, 'bare' has no shell.

/** A screen's file, fetched when first shown, or sooner by `preload` (the screen a page load opens on). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

export interface AppRoute extends RouteMeta {
  layout: 'public' | 'bare' | 'shell';
  element: LazyPage;
}

const page = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyFile(load);

const UnpostPage = page(() => import('../features/posting/UnpostPage'));
const UnpostDetailPage = page(() => import('../features/posting/UnpostDetailPage'));
const DistributionPage = page(() => import('../features/posting/DistributionPage'));
const UndistributedDetailPage = page(() => import('../features/posting/UndistributedDetailPage'));
const ManualDistributePage = page(() => import('../features/posting/ManualDistributePage'));
const InvoiceListPage = page(() => import('../features/posting/InvoiceListPage'));
const InvoiceDetailPage = page(() => import('../features/posting/InvoiceDetailPage'));
const InvoicePayoutDetailPage = page(() => import('../features/posting/InvoicePayoutDetailPage'));
const RemoteAgentsPage = page(() => import('../features/posting/RemoteAgentsPage'));
const PostingEatDetailPage = page(() => import('../features/posting/PostingEatDetailPage'));
const LoginPage = page(() => import('../features/auth/LoginPage'));
const TermsPage = page(() => import('../features/terms/TermsPage'));
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'));
const HelpPage = page(() => import('../features/help/HelpPage'));
const RolesPage = page(() => import('../features/roles/RolesPage'));
const AccountManagePage = page(() => import('../features/accounts/AccountManagePage'));
const AccountDetailPage = page(() => import('../features/accounts/AccountDetailPage'));
const ManageProfilePage = page(() => import('../features/accounts/ManageProfilePage'));
const CompanyManagePage = page(() => import('../features/accounts/CompanyManagePage'));
const ReserveNamePage = page(() => import('../features/accounts/ReserveNamePage'));
const CloneAccountPage = page(() => import('../features/accounts/CloneAccountPage'));
const SubAccountDetailPage = page(() => import('../features/accounts/SubAccountDetailPage'));
const ApiAccountPage = page(() => import('../features/accounts/ApiAccountPage'));
const PaymentPage = page(() => import('../features/payments/PaymentPage'));
const CreditLogPage = page(() => import('../features/payments/CreditLogPage'));
const DrawPaymentPage = page(() => import('../features/drawPayments/DrawPaymentPage'));
const ExpressBettingPage = page(() => import('../features/betting/ExpressBettingPage'));
const WebOrderPage = page(() => import('../features/betting/WebOrderPage'));
const WebOrder2Page = page(() => import('../features/betting/WebOrder2Page'));
const TicketHistoryPage = page(() => import('../features/history/TicketHistoryPage'));
const AutoTicketPage = page(() => import('../features/betting/AutoTicketPage'));
const ResendLimitPage = page(() => import('../features/history/ResendLimitPage'));
const NumberMeaningPage = page(() => import('../features/dictionary/NumberMeaningPage'));
const PoolSchedulePage = page(() => import('../features/admin/PoolSchedulePage'));
const CutoffTimePage = page(() => import('../features/admin/CutoffTimePage'));
const ResultPage = page(() => import('../features/results/ResultPage'));
const MasterTemplatePage = page(() => import('../features/admin/MasterTemplatePage'));
const SystemSettingPage = page(() => import('../features/admin/SystemSettingPage'));
const AnnouncementPage = page(() => import('../features/admin/AnnouncementPage'));
const CurrencyPage = page(() => import('../features/admin/CurrencyPage'));
const ApiLogPage = page(() => import('../features/admin/ApiLogPage'));
const ApiRequestLogPage = page(() => import('../features/admin/ApiRequestLogPage'));
const AdminToolPage = page(() => import('../features/admin/AdminToolPage'));
const PackageManagePage = page(() => import('../features/packages/PackageManagePage'));
const PackageDetailPage = page(() => import('../features/packages/PackageDetailPage'));
const FightLimitPage = page(() => import('../features/risk/FightLimitPage'));
const RedNumberPage = page(() => import('../features/risk/RedNumberPage'));
const WinLossReportPage = page(() => import('../features/reports/WinLossReportPage'));
const WinLoss2ReportPage = page(() => import('../features/reports/WinLoss2ReportPage'));
const StakeholderReportPage = page(() => import('../features/reports/StakeholderReportPage'));
const WinLossSimplePage = page(() => import('../features/reports/WinLossSimplePage'));
const WinLossDetailPage = page(() => import('../features/reports/WinLossDetailPage'));
const SelfWinLossPage = page(() => import('../features/reports/SelfWinLossPage'));
const SelfUsLinePage = page(() => import('../features/reports/SelfUsLinePage'));
const SalesSummaryPage = page(() => import('../features/reports/SalesSummaryPage'));
const WinLoss2DemoReportPage = page(() => import('../features/reports/WinLoss2DemoReportPage'));
const SalesStatisticPage = page(() => import('../features/reports/SalesStatisticPage'));
const PayoutStatisticPage = page(() => import('../features/reports/PayoutStatisticPage'));
const UsLinePage = page(() => import('../features/reports/UsLinePage'));
const InboxPage = page(() => import('../features/reports/InboxPage'));
const PayoutReportPage = page(() => import('../features/reports/PayoutReportPage'));
const PayoutTablePage = page(() => import('../features/reports/PayoutTablePage'));
const WinningReportPage = page(() => import('../features/reports/WinningReportPage'));
const StrikeReportPage = page(() => import('../features/reports/StrikeReportPage'));
const MapReportPage = page(() => import('../features/reports/MapReportPage'));
const MapReportInlinePage = page(() => import('../features/reports/MapReportInlinePage'));
const MapDetailPage = page(() => import('../features/reports/MapDetailPage'));
const RunMapPage = page(() => import('../features/reports/RunMapPage'));
const RunMapAsCompanyPage = page(() => import('../features/reports/RunMapPage').then((m) => ({ default: m.RunMapAsCompanyPage })));
const JackpotDetailPage = page(() => import('../features/reports/JackpotDetailPage'));

const { SuperAdmin, ITAdmin, Company, Multilevel } = RoleId;

export const ROUTES: AppRoute[] = [
  { path: '/login', titleKey: 'routes.login', layout: 'public', element: LoginPage },
  { path: '/terms-and-conditions', titleKey: 'routes.terms', layout: 'bare', element: TermsPage },
  { path: '/dashboard', titleKey: 'routes.dashboard', layout: 'shell', element: DashboardPage },
  { path: '/help', titleKey: 'routes.help', layout: 'shell', element: HelpPage },
  {
    path: '/roles/manage',
    titleKey: 'routes.roles',
    layout: 'shell',
    roles: [SuperAdmin],
    fn: 'Main Account',
    secondary: true,
    api: 'GET /api/Setting/GetRoles',
    element: RolesPage,
  },
  // Accounts (issue 3). `api` names the call each screen cannot work without; its rule matches that
  // call's server declaration (test/routeAccess.test.ts).
  {
    path: '/account/manage',
    titleKey: 'routes.accountManage',
    layout: 'shell',
    fn: 'Downline',
    api: 'GET /api/Account/GetUserListing',
    element: AccountManagePage,
  },
  {
    path: '/account/detail',
    titleKey: 'routes.accountDetail',
    layout: 'shell',
    fn: 'Downline',
    api: 'GET /api/Account/GetUserDetailsById',
    element: AccountDetailPage,
  },
  {
    path: '/manage-profile',
    titleKey: 'routes.manageProfile',
    layout: 'shell',
    mainAccountOnly: true,
    api: 'POST /api/Account/CreateOrUpdateUser',
    element: ManageProfilePage,
  },
  {
    path: '/company/manage',
    titleKey: 'routes.companyManage',
    layout: 'shell',
    roles: [SuperAdmin],
    api: 'GET /api/Account/GetCompanyDetailBySuperAdmin',
    element: CompanyManagePage,
  },
  {
    path: '/account/reserve-name',
    titleKey: 'routes.reserveName',
    layout: 'shell',
    fn: 'Downline',
    fnLevels: [2],
    api: 'GET /api/Account/GetReserveNamePrefix',
    element: ReserveNamePage,
  },
  {
    path: '/account/clone-account',
    titleKey: 'routes.cloneAccount',
    layout: 'shell',
    fn: 'Downline',
    fnLevels: [2],
    api: 'POST /api/Account/CloneAccount',
    element: CloneAccountPage,
  },
  {
    path: '/sub-account/detail',
    titleKey: 'routes.subAccountDetail',
    layout: 'shell',
    roles: [SuperAdmin, ITAdmin, Company, Multilevel],
    // Sub-account management: a main account, or a sub-account granted Main Account control.
    fn: 'Main Account',
    fnLevels: [2, 3],
    api: 'POST /api/Account/CreateOrUpdateSubAccount',
    element: SubAccountDetailPage,
  },
  {
    path: '/account/create-api-account',
    titleKey: 'routes.apiAccount',
    layout: 'shell',
    roles: [SuperAdmin, ITAdmin, Company],
    mainAccountOnly: true,
    api: 'GET /api/Account/GetApiAccount',
    element: ApiAccountPage,
  },
  // Payments and credit logs.
  {
    path: '/payment',
    titleKey: 'routes.payment',
    roleTitleKeys: { [RoleId.Player]: 'routes.statement', [RoleId.House]: 'routes.statement' },
    layout: 'shell',
    fn: 'Payment Report',
    api: 'GET /api/Payment/GetPaymentHistory',
    element: PaymentPage,
  },
  // SPEC 6: draw payment for every role but the platform's.
  {
    path: '/draw-payment',
    titleKey: 'drawPayment.title',
    layout: 'shell',
    roles: [RoleId.Company, RoleId.Multilevel, RoleId.Player, RoleId.House],
    fn: 'Payment Report',
    api: 'GET /api/Payment/InitDrawPayment',
    element: DrawPaymentPage,
  },
  {
    path: '/report/player-transaction',
    titleKey: 'routes.playerTransaction',
    layout: 'shell',
    fn: 'Payment Report',
    api: 'GET /api/Report/GetPlayerTransaction',
    element: CreditLogPage,
  },
  // Ordering and ticket history (issue 4).
  { path: '/betting/web-order', titleKey: 'betting.routes.webOrder', layout: 'shell', fn: 'Bet', fnLevels: [2], api: 'POST /api/Bet/PlaceWebOrder', element: WebOrderPage },
  { path: '/betting/web-order2', titleKey: 'betting.routes.webOrder2', layout: 'shell', fn: 'Bet', fnLevels: [2], api: 'POST /api/Bet/PlaceWebOrder', element: WebOrder2Page },
  { path: '/order/express-betting', titleKey: 'betting.routes.express', layout: 'shell', fn: 'Bet', fnLevels: [2], api: 'POST /api/Bet/PlaceExpressOrder', element: ExpressBettingPage },
  { path: '/order/ticket-history', titleKey: 'history.routes.tickets', layout: 'shell', fn: 'Bet History', api: 'GET /api/Report/GetTicket', element: TicketHistoryPage },
  { path: '/order/auto-ticket', titleKey: 'betting.routes.autoTicket', layout: 'shell', fn: 'Bet History', api: 'GET /api/Report/GetAutoTicket', element: AutoTicketPage },
  { path: '/ticket-detail', titleKey: 'history.detail.routeTitle', layout: 'shell', fn: 'Bet History', api: 'GET /api/Bet/GetTicketDetail', element: page(() => import('../features/history/TicketDetailPage')) },
  { path: '/manage-resend-order-limit', titleKey: 'history.routes.resendLimit', layout: 'shell', fn: 'Resend Order', api: 'GET /api/Configuration/GetResendOrderLimit', element: ResendLimitPage },
  { path: '/number-meaning', titleKey: 'dictionary.routes.numberMeaning', layout: 'shell', api: 'GET /api/Configuration/GetTipSourceByKeyword', element: NumberMeaningPage },
  // Admin and risk (issue 4): the draw calendar, cutoffs and master templates (super admin), packages
  // (Package List), fight limits (Fight Limit; `popup=1` renders without the shell) and red numbers.
  { path: '/admin-setting/pool-schedule', titleKey: 'admin.routes.poolSchedule', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Pools/GetScheduledDrawByYear', element: PoolSchedulePage },
  // Results (issue 11): super admin and IT admin enter and release, a company reads.
  { path: '/result', titleKey: 'results.routes.result', layout: 'shell', roles: [SuperAdmin, ITAdmin, Company], api: 'GET /api/Result/GetPoolResult', element: ResultPage },
  { path: '/adminSetting/cutoff-time', titleKey: 'admin.routes.cutoffTime', layout: 'shell', roles: [SuperAdmin], api: 'POST /api/Pools/UpdateCutoffTime', element: CutoffTimePage },
  // Administration (issue 14, decision 0033): the super admin's.
  { path: '/admin-setting/system-setting', titleKey: 'sysadmin.routes.systemSetting', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetSystemSetting', element: SystemSettingPage },
  { path: '/admin-setting/annoucenment-setting', titleKey: 'sysadmin.routes.announcement', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetAnnouncement', element: AnnouncementPage },
  { path: '/admin-setting/currency', titleKey: 'sysadmin.routes.currency', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetCurrencySetting', element: CurrencyPage },
  { path: '/api-log', titleKey: 'sysadmin.routes.apiLog', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetApiLog', element: ApiLogPage },
  { path: '/api-request-log', titleKey: 'sysadmin.routes.apiRequestLog', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetApiRequestLog', element: ApiRequestLogPage },
  { path: '/admin-tool', titleKey: 'sysadmin.routes.adminTool', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetAdminJobRuns', element: AdminToolPage },
  { path: '/admin-setting/manage-master-template', titleKey: 'admin.routes.masterTemplate', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetMasterTemplates', element: MasterTemplatePage },
  { path: '/package/manage', titleKey: 'packages.routes.manage', layout: 'shell', fn: 'Package List', api: 'GET /api/Configuration/GetPackages', element: PackageManagePage },
  { path: '/package/detail', titleKey: 'packages.routes.detail', layout: 'shell', fn: 'Package List', api: 'GET /api/Configuration/GetPackageDetail', element: PackageDetailPage },
  { path: '/manage-fight-limit', titleKey: 'risk.routes.fightLimit', layout: 'shell', fn: 'Fight Limit', api: 'GET /api/Account/GetFightLimitRelatedData', element: FightLimitPage },
  { path: '/admin-setting/rednumber', titleKey: 'risk.routes.redNumber', layout: 'shell', fn: 'Red Number', api: 'GET /api/Configuration/GetRedNumber', element: RedNumberPage },
  // Reports (issue 12, decision 0027): each behind the SPEC 6 function that names it.
  { path: '/report/stakeholder-report', titleKey: 'reports.routes.stakeholder', layout: 'shell', fn: 'Stakeholder Report', api: 'GET /api/Report/GetStakeHolderReport', element: StakeholderReportPage },
  { path: '/report/win-loss-report', titleKey: 'reports.routes.winLoss', layout: 'shell', fn: 'Profit Loss Report', api: 'GET /api/Report/GetWinLossReport', element: WinLossReportPage },
  { path: '/report/win-loss-2-report', titleKey: 'reports.routes.winLoss2', layout: 'shell', fn: 'Profit Loss Report', api: 'GET /api/Report/GetWinLossReport', element: WinLoss2ReportPage },
  { path: '/report/win-loss-2-report-demo', titleKey: 'reports.routes.winLoss2Demo', layout: 'shell', fn: 'Profit Loss Report', api: 'GET /api/Report/GetWinLoss3SectionsReportDemo', element: WinLoss2DemoReportPage },
  { path: '/report/win-loss-report-simple', titleKey: 'reports.routes.winLossSimple', layout: 'shell', fn: 'Profit Loss Report', api: 'GET /api/Report/GetWinLossReport', element: WinLossSimplePage },
  { path: '/winloss-detail', titleKey: 'reports.routes.winLossDetail', layout: 'shell', fn: 'Bet History', api: 'GET /api/Report/GetWinLossDetail', element: WinLossDetailPage },
  { path: '/self-winloss-detail', titleKey: 'reports.routes.selfWinLoss', layout: 'shell', fn: 'Bet History', api: 'GET /api/Report/GetWinLossDetail', element: SelfWinLossPage },
  { path: '/self-usline', titleKey: 'reports.routes.usline', layout: 'shell', fn: 'Bet History', api: 'GET /api/Report/GetSelfUsLineReport', element: SelfUsLinePage },
  { path: '/report/winlose-usline', titleKey: 'reports.routes.usline', layout: 'shell', fn: 'Profit Loss Report', api: 'GET /api/Report/GetUsLineReport', element: UsLinePage },
  { path: '/report/payout-report', titleKey: 'reports.routes.payout', layout: 'shell', fn: 'Payout Report', api: 'GET /api/Report/GetPayoutReport', element: PayoutReportPage },
  { path: '/report/payout-table-report', titleKey: 'reports.routes.payoutTable', layout: 'shell', fn: 'Payout Report', api: 'GET /api/Report/GetPayoutTable', element: PayoutTablePage },
  { path: '/report/winning-report', titleKey: 'reports.routes.winning', layout: 'shell', fn: 'Winning Report', api: 'GET /api/Report/GetWinningReport', element: WinningReportPage },
  // Everyone holding Winning Report reads the strikes of its subtree; the page offers the distribute-strike
  // step (Result/DistributeStrike, admins only on the server) to the super admin and the IT admin alone.
  { path: '/report/strike-report', titleKey: 'reports.routes.strike', layout: 'shell', fn: 'Winning Report', api: 'GET /api/Report/GetWinningReport', element: StrikeReportPage },
  { path: '/report/map-report', titleKey: 'reports.routes.map', layout: 'shell', fn: 'Map Report', api: 'GET /api/Report/GetMapReport', element: MapReportPage },
  { path: '/report/map-report-without-modal', titleKey: 'reports.routes.map', layout: 'shell', fn: 'Map Report', api: 'GET /api/Report/GetMapReport', element: MapReportInlinePage },
  { path: '/report/sales-statistic-report', titleKey: 'reports.routes.salesStatistic', layout: 'shell', fn: 'Group Sales Report', api: 'GET /api/Report/GetSalesStatistic', element: SalesStatisticPage },
  { path: '/report/payout-statistic-report', titleKey: 'reports.routes.payoutStatistic', layout: 'shell', fn: 'Payout Report', api: 'GET /api/Report/GetPayoutStatistic', element: PayoutStatisticPage },
  { path: '/inbox', titleKey: 'inbox.routes.inbox', layout: 'shell', fn: 'Inbox Report', api: 'GET /api/Report/GetInbox', element: InboxPage },
  { path: '/map-detail', titleKey: 'reports.routes.mapDetail', layout: 'shell', fn: 'Map Report', api: 'GET /api/Report/GetMapDetailReport', element: MapDetailPage },
  // Decision 0030: the run map is the super admin's and the companies', behind the secondary password.
  { path: '/report/run-map-report', titleKey: 'reports.routes.runMap', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', secondary: true, api: 'GET /api/Report/GetRunMapReport', element: RunMapPage },
  {
    path: '/report/run-map-report-as-com',
    titleKey: 'reports.routes.runMapAsCompany',
    layout: 'shell',
    roles: [SuperAdmin, Company],
    fn: 'Map Report',
    secondary: true,
    api: 'GET /api/Report/GetRunMapReport',
    element: RunMapAsCompanyPage,
  },
  { path: '/jackpot-detail', titleKey: 'reports.routes.jackpot', layout: 'shell', api: 'GET /api/Report/GetDetailJackpot', element: JackpotDetailPage },
  { path: '/report/sales-summary', titleKey: 'reports.routes.salesSummary', layout: 'shell', fn: 'Group Sales Report', api: 'GET /api/Report/GetSalesSummary', element: SalesSummaryPage },
  // Posting (issue 13, decision 0032): the super admin's and the companies', behind Map Report as the calls
  // (View to read; manual distribute records, so its Control); remote agents the super admin's.
  { path: '/posting/Unpost', titleKey: 'posting.routes.unpost', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Posting/GetUnpostSummary', element: UnpostPage },
  { path: '/posting/UnpostDetail', titleKey: 'posting.routes.unpostDetail', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Posting/GetUnpostDetail', element: UnpostDetailPage },
  { path: '/posting/Distribution', titleKey: 'posting.routes.distribution', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Posting/GetDistributionSummary', element: DistributionPage },
  { path: '/posting/UndistributedDetail', titleKey: 'posting.routes.undistributed', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Posting/GetUndistributedDetail', element: UndistributedDetailPage },
  { path: '/posting/ManualDistribute', titleKey: 'posting.routes.manual', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', fnLevels: [2, 3], api: 'POST /api/Posting/DoManualDistribute', element: ManualDistributePage },
  { path: '/posting/InvoiceList', titleKey: 'posting.routes.invoices', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Posting/GetRemoteInvoiceList', element: InvoiceListPage },
  { path: '/invoice-detail', titleKey: 'posting.routes.invoiceDetail', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Posting/GetRemoteInvoiceDetails', element: InvoiceDetailPage },
  { path: '/posting/posting-agent-eat-detail', titleKey: 'posting.routes.eatDetail', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Report/GetPostingAgentEatDetails', element: PostingEatDetailPage },
  { path: '/invoice-payout-detail', titleKey: 'posting.routes.invoicePayout', layout: 'shell', roles: [SuperAdmin, Company], fn: 'Map Report', api: 'GET /api/Posting/GetRemoteInvoicePayoutDetails', element: InvoicePayoutDetailPage },
  { path: '/admin-setting/remote-bet-agent', titleKey: 'posting.routes.remoteAgents', layout: 'shell', roles: [SuperAdmin], api: 'GET /api/Configuration/GetRemoteBetAgents', element: RemoteAgentsPage },
];

export const TERMS_PATH = '/terms-and-conditions';
export const LOGIN_PATH = '/login';

/**
 * Fetches the file of the screen at `pathname` (a page load, a popup): it then loads beside the session
 * check instead of after it, and the first render draws it without a fallback (issue 28 line 10).
 * Resolves once it is there, or could not be fetched (the screen's own load then reports it).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  return route ? route.element.preload().then(() => undefined, () => undefined) : Promise.resolve();
}
export const HOME_PATH = '/dashboard';
