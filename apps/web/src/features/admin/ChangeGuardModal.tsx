import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Spin, Table, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client';
import { translateMessage } from '../../i18n';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import type { ChangePreview } from './api';
import { poolName } from './pools';

type ChangedDraw = ChangePreview['draws'][number];

/** A 400's own key (VALIDATION_FAILED ...), otherwise the wrapper's (as DrawModals' refusalKey). */
const refusalKey = (r: { status: number; message: string; serverMessage: string }) => (r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.serverMessage || r.message);

/** Time left as the operator reads it: "closes in 4 min", or that the new time has already passed. */
export function closeWords(t: TFunction, msLeft: number | null): string {
  if (msLeft === null) return t('adminGuard.change.cancelled');
  if (msLeft <= 0) return t('adminGuard.change.passed');
  const minutes = Math.floor(msLeft / 60_000);
  const time =
    minutes < 1
      ? t('adminGuard.change.lessThanMinute')
      : minutes < 60
        ? t('adminGuard.change.minutes', { m: minutes })
        : minutes < 48 * 60
          ? t('adminGuard.change.hours', { h: Math.floor(minutes / 60), m: minutes % 60 })
          : t('adminGuard.change.days', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) });
  return t('adminGuard.change.inTime', { time });
}

/**
 * The confirm step of a change that can hurt a draw day (issue 29 line 6): what the server says the change
 * does (each open draw it moves, closes or cancels, with its tickets, accounts and stake, and the new close
 * time against the server's clock), then the secondary password, asked on every change. `submit` makes the
 * change with the password; a wrong password is said beside the field and the dialog stays open.
 */
export function ChangeGuardModal<T>({
  open,
  title,
  preview,
  submit,
  onClose,
  onDone,
}: {
  open: boolean;
  title: string;
  preview: () => Promise<ApiResult<ChangePreview>>;
  submit: (secondaryPassword: string) => Promise<ApiResult<T>>;
  onClose: () => void;
  onDone: (data: T) => void;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [answer, setAnswer] = useState<ChangePreview | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setAnswer(null);
    setLoadFailed(null);
    setPassword('');
    setPasswordError(null);
    void preview().then((r) => {
      if (!active) return;
      if (r.success && r.data) setAnswer(r.data);
      else setLoadFailed(refusalKey(r));
    });
    return () => {
      active = false;
    };
    // The preview is asked once per opening (the caller's function changes on every render).
  }, [open]);

  const confirm = async () => {
    if (password === '') {
      setPasswordError(t('adminGuard.change.passwordRequired'));
      return;
    }
    setSaving(true);
    const r = await submit(password);
    setSaving(false);
    if (r.success && r.data) onDone(r.data);
    else if (r.serverMessage === 'INVALID_SECONDARY_PASSWORD' || r.serverMessage === 'TOO_MANY_ATTEMPTS') setPasswordError(translateMessage(t, r.serverMessage));
    else alerts.errorKey(refusalKey(r));
  };

  const columns: TableColumnsType<ChangedDraw> = [
    { title: t('adminGuard.change.pool'), key: 'pool', render: (_: unknown, d) => `${d.letter} · ${poolName(t, d.poolId, d.poolName)}` },
    {
      title: t('adminGuard.change.draw'),
      key: 'draw',
      render: (_: unknown, d) => <span className="num">{d.newDrawDate === d.drawDate ? d.drawDate : `${d.drawDate} → ${d.newDrawDate}`}</span>,
    },
    { title: t('adminGuard.change.closesNow'), key: 'before', render: (_: unknown, d) => <span className="num">{formatInstant(d.cutoffAt)}</span> },
    {
      title: t('adminGuard.change.closesAfter'),
      key: 'after',
      render: (_: unknown, d) => (
        <span>
          {d.newCutoffAt && <span className="num">{formatInstant(d.newCutoffAt)} </span>}
          <Typography.Text type={d.msLeft === null || d.msLeft <= 0 ? 'danger' : d.msLeft < 3_600_000 ? 'warning' : 'secondary'} data-testid={`guard-closes-${d.drawId}`}>
            {closeWords(t, d.msLeft)}
          </Typography.Text>
        </span>
      ),
    },
    { title: t('adminGuard.change.tickets'), key: 'tickets', align: 'right', render: (_: unknown, d) => <span className="num">{d.tickets}</span> },
    { title: t('adminGuard.change.agents'), key: 'agents', align: 'right', render: (_: unknown, d) => <span className="num">{d.agents}</span> },
    { title: t('adminGuard.change.stake'), key: 'stake', align: 'right', render: (_: unknown, d) => <span className="num">{formatCents(d.stake)}</span> },
  ];

  const refused = answer?.refusal ?? null;
  return (
    <Modal
      open={open}
      title={title}
      width={980}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('adminGuard.change.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !answer || refused !== null, loading: saving, 'data-testid': 'guard-confirm' }}
      cancelButtonProps={{ 'data-testid': 'guard-cancel' }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="guard-dialog">
        {!answer && !loadFailed && (
          <Spin>
            <Typography.Paragraph type="secondary">{t('adminGuard.change.loading')}</Typography.Paragraph>
          </Spin>
        )}
        {loadFailed && <Alert type="error" showIcon title={translateMessage(t, loadFailed)} data-testid="guard-load-failed" />}
        {answer && (
          <>
            <Typography.Paragraph type="secondary" data-testid="guard-server-time">
              {t('adminGuard.change.serverTime', { time: formatInstant(answer.serverTime, true), zone: answer.timeZone })}
            </Typography.Paragraph>
            <Alert
              type={answer.totals.tickets > 0 ? 'warning' : 'info'}
              showIcon
              title={
                answer.totals.draws === 0
                  ? t('adminGuard.change.nothing')
                  : t('adminGuard.change.summary', { draws: answer.totals.draws, tickets: answer.totals.tickets, agents: answer.totals.agents, stake: formatCents(answer.totals.stake) })
              }
              data-testid="guard-summary"
            />
            {answer.totals.closingAtOnce > 0 && (
              <Alert style={{ marginTop: 8 }} type="error" showIcon title={t('adminGuard.change.closingAtOnce', { count: answer.totals.closingAtOnce })} data-testid="guard-closing-at-once" />
            )}
            {refused && (
              <Alert style={{ marginTop: 8 }} type="error" showIcon title={t('adminGuard.change.refused', { reason: translateMessage(t, refused) })} data-testid="guard-refusal" />
            )}
            {answer.draws.length > 0 && (
              <Table<ChangedDraw>
                style={{ marginTop: 12 }}
                rowKey="drawId"
                size="small"
                columns={columns}
                dataSource={answer.draws}
                pagination={false}
                scroll={{ y: 220 }}
                data-testid="guard-draws"
                onRow={(d) => ({ 'data-testid': `guard-draw-${d.drawId}` }) as React.HTMLAttributes<HTMLElement>}
              />
            )}
            {!refused && (
              <Form layout="vertical" style={{ marginTop: 12 }} onFinish={() => void confirm()}>
                <Typography.Paragraph type="secondary">{t('adminGuard.change.passwordHint')}</Typography.Paragraph>
                <Form.Item label={t('adminGuard.change.password')} validateStatus={passwordError ? 'error' : undefined} help={passwordError ?? undefined} style={{ maxWidth: 360 }}>
                  <Input.Password
                    autoFocus
                    autoComplete="off"
                    value={password}
                    onChange={(e) => {
                      setPassword(e.target.value);
                      setPasswordError(null);
                    }}
                    onPressEnter={() => void confirm()}
                    data-testid="guard-password"
                  />
                </Form.Item>
              </Form>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
