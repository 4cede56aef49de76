// The admin tool's job steps and summaries as message keys with parameters (i18next's {{name}}), so each
// reader sees them in its language. These are the English texts: the server stores the English beside the
// key (the API's readers and the logs), the web's English catalogue is this one, and Chinese and Malay
// have their own (apps/web/src/i18n/sysadmin.ts).
export const JOB_MESSAGES_EN = {
  fetching: 'fetching results of {{date}}',
  fetchOutcome: '{{site}}: pool {{poolId}} {{outcome}}',
  fetchOutcomeNote: '{{site}}: pool {{poolId}} {{outcome}} ({{note}})',
  fetchDone: '{{count}} fetch outcome(s)',
  fetchNothing: 'nothing to fetch (no closed draw without a released result, or no site configured)',
  autoTransfer: 'auto transfer of {{date}}',
  autoTransferDone: '{{accounts}} account(s) settled, {{moved}} moved',
  autoTransferAlready: 'already ran for {{date}}',
  insertWinners: 'step 1: insert winners',
  winnersFound: 'round {{round}}: {{strikes}} strike(s)',
  distribute: 'step 2: distribute',
  settleDone: 'round {{round}}: {{strikes}} strike(s), {{lines}} line(s) distributed',
  posting: 'posting and distributing the draws past their cutoff (the autoPosting job)',
  postingOff: 'nothing run: autoPosting is off, or no draw past its cutoff has anything to post or distribute',
  postingLeased: 'another posting run holds the lease: nothing run',
  posted: 'posted company {{companyId}} draw {{drawId}}: batch {{batchId}}, {{amount}}',
  distributed: 'distributed batch {{batchId}}: {{invoices}} invoice(s), {{undistributed}} left',
  postingDone: '{{posted}} book(s) posted, {{distributed}} batch(es) distributed, {{errors}} error(s)',
  resync: 'rebuilding the sales summaries of {{date}} from its bet lines, and the settled summaries from its figures and winners',
  resyncDone: '{{date}}: {{draws}} draw(s), {{lines}} line(s) read, {{salesRows}} sales and {{mapRows}} map row(s) written, {{settledRows}} settled summary row(s) rebuilt',
  pruneDone: '{{deleted}} entr(ies) older than {{days}} day(s) deleted',
  backupStarted: '{{database}} backup to {{folder}}',
  backupDumpingPostgres: 'pg_dump running',
  backupDumpingPglite: 'copying the data folder (writes held)',
  backupWritten: '{{name}}: {{size}} bytes',
  backupPruned: '{{count}} older than {{days}} day(s) deleted: {{names}}',
  backupPrunedNone: 'none older than {{days}} day(s)',
  backupDone: '{{name}} ({{size}} bytes)',
} as const;

export type JobMessageKey = keyof typeof JOB_MESSAGES_EN;
export type JobMessageParams = Record<string, string | number>;

/** A job message in English, its parameters put in. */
export function jobMessageEn(key: JobMessageKey, params: JobMessageParams = {}): string {
  return JOB_MESSAGES_EN[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
