import { Card, List, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../ui/EmptyHint';
import { formatInstant } from '../../ui/time';
import { jobText, useBackups, type BackupRun } from './administration';

const STAGE_COLOR: Record<string, string> = { started: 'processing', dumping: 'processing', written: 'blue', pruned: 'green', failed: 'red' };

/** Bytes as the operator reads a file size. */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/**
 * The backups (Report/GetBackupStage): manual and scheduled, each with its stage (started, dumping,
 * written, pruned, failed with the reason); the steps open under each. Polls while one runs.
 */
export function BackupCard({ poll }: { poll: boolean }) {
  const { t } = useTranslation();
  const backups = useBackups(poll);
  const stage = (s: string) => t(`sysadmin.tool.stages.${s}`, { defaultValue: s });
  const columns: TableColumnsType<BackupRun> = [
    { title: t('sysadmin.tool.startedAt'), key: 'at', width: 170, render: (_: unknown, b) => <span className="num">{formatInstant(b.startedAt, true)}</span> },
    { title: t('sysadmin.tool.by'), key: 'by', width: 150, render: (_: unknown, b) => (b.by ? b.by : t(`sysadmin.tool.trigger.${b.trigger}`)) },
    {
      title: t('sysadmin.tool.backupStage'),
      key: 'stage',
      width: 120,
      render: (_: unknown, b) => (
        <Tag color={STAGE_COLOR[b.stage] ?? 'default'} data-testid={`backup-stage-${b.id}`}>
          {stage(b.stage)}
        </Tag>
      ),
    },
    { title: t('sysadmin.tool.backupFile'), key: 'file', render: (_: unknown, b) => <span data-testid={`backup-file-${b.id}`}>{b.file ?? '-'}</span> },
    { title: t('sysadmin.tool.backupSize'), key: 'size', width: 100, align: 'right', render: (_: unknown, b) => <span className="num">{formatSize(b.sizeBytes)}</span> },
    {
      title: t('sysadmin.tool.backupReason'),
      key: 'reason',
      render: (_: unknown, b) => (b.reason ? <Typography.Text type="danger">{b.reason}</Typography.Text> : null),
    },
  ];
  return (
    <Card title={t('sysadmin.tool.backups')} size="small">
      <Table<BackupRun>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={backups.data ?? []}
        pagination={false}
        locale={{
          emptyText: (
            <EmptyHint text={t('menuLogin.empty.backups')} action={{ label: t('menuLogin.empty.toSystemSetting'), to: '/admin-setting/system-setting' }} testId="backup-empty" />
          ),
        }}
        expandable={{
          expandedRowRender: (b) => (
            <List
              size="small"
              dataSource={b.steps}
              renderItem={(s) => (
                <List.Item>
                  <span>
                    {formatInstant(s.at, true)} <Tag>{stage(s.stage)}</Tag> {jobText(t, s)}
                  </span>
                </List.Item>
              )}
            />
          ),
          rowExpandable: (b) => b.steps.length > 0,
        }}
        data-testid="backup-runs"
      />
    </Card>
  );
}
