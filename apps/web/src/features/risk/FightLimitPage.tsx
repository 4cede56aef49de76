import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Radio, Result, Select, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EAT_SEQUENCES, LimitMethod } from '@app/domain';
import { translateMessage } from '../../i18n';
import { positiveIntParam } from '../accounts/params';
import { useAccess } from '../../navigation/useAccess';
import { useAuth } from '../../state/AuthContext';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { riskKeys, updateEatLimit, useDownlines, useFightLimit, usePools, type EatLimitBody, type Pool } from './api';
import { cellKey, fillGrid, gridErrors, gridFromLimits, limitsFromGrid, serverErrorsToCells, type LimitGrid } from './fightLimit';
import './risk.css';

const codeLabel = (c: string) => (c === 'A' ? '3A' : c === 'C' ? '3C' : c);
const LIMIT_METHODS = [LimitMethod.AmountBase, LimitMethod.TotalBase, LimitMethod.GroupBase] as const;
const RED_NUMBERS = '/admin-setting/rednumber';

interface Values {
  eatType?: 'percentage' | 'amount';
  limitMethod: 1 | 2 | 3;
  eatSequence: '*/**' | '**/*';
}

/**
 * /manage-fight-limit: how an account eats its share of each bet line: by percentage (position taking) or
 * by amount up to a limit per pool and bet code, counted by limit method. For oneself or a downline
 * (`userId`); the account dropdown opens it as a 1000x800 popup (`popup=1`, no app shell).
 */
export default function FightLimitPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const access = useAccess();
  const { userData } = useAuth();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const popup = params.get('popup') === '1';
  const userId = positiveIntParam(params.get('userId'));
  const data = useFightLimit(userId);
  const pools = usePools();
  const canDownline = access.can('Downline', [1]);
  const downlines = useDownlines(canDownline && !popup);
  const canEdit = access.can('Fight Limit', [3]);
  const [form] = Form.useForm<Values>();
  const eatType = Form.useWatch('eatType', form);
  const [grid, setGrid] = useState<LimitGrid>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fill, setFill] = useState<number>();
  const [saving, setSaving] = useState(false);

  const d = data.data;
  const poolIds = useMemo(() => (pools.data ?? []).map((p) => p.poolId), [pools.data]);
  const codes = d?.betCodes ?? [];

  useEffect(() => {
    if (!d) return;
    form.setFieldsValue({
      eatType: d.eatType,
      limitMethod: (LIMIT_METHODS as readonly number[]).includes(d.limitMethod) ? (d.limitMethod as 1 | 2 | 3) : 1,
      eatSequence: (EAT_SEQUENCES as readonly string[]).includes(d.eatSequence) ? (d.eatSequence as '*/**' | '**/*') : '*/**',
    });
    setGrid(gridFromLimits(d.limits));
    setErrors({});
  }, [d, form]);

  const setCell = (key: string, v: number | undefined) => {
    setGrid((g) => ({ ...g, [key]: v }));
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const save = async () => {
    if (!d) return;
    const v = form.getFieldsValue();
    if (!v.eatType) {
      alerts.errorKey('SELECT_EAT_TYPE');
      return;
    }
    const bad = gridErrors(grid, d.maxFightLimit);
    setErrors(bad);
    if (Object.keys(bad).length) {
      alerts.error(t('risk.fight.aboveMax', { max: formatCents(d.maxFightLimit) }));
      return;
    }
    const body: EatLimitBody = {
      userId: d.userId,
      eatType: v.eatType,
      limitMethod: v.limitMethod,
      eatSequence: v.eatSequence,
      limits: limitsFromGrid(grid, poolIds, codes),
    };
    setSaving(true);
    const r = await updateEatLimit(body);
    setSaving(false);
    if (r.success && r.data) {
      queryClient.setQueryData(riskKeys.fight(userId), r.data);
      void message.success(t('messages.SAVED'));
      return;
    }
    if (r.status === 400 && r.data) setErrors(serverErrorsToCells(r.data, body.limits).cells);
    alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
  };

  const amountMode = eatType === 'amount';
  const gridDisabled = !canEdit || !amountMode;

  const cell = (poolId: number, c: string) => {
    const key = cellKey(poolId, c);
    return (
      <div>
        <NumericInput
          decimals={2}
          size="small"
          placeholder="0"
          disabled={gridDisabled}
          value={grid[key]}
          status={errors[key] ? 'error' : undefined}
          onChange={(v) => setCell(key, v)}
          data-testid={`fight-limit-${poolId}-${c}`}
        />
        {errors[key] && <span className="grid-cell-error">{t(`validation.${errors[key]}`, { defaultValue: t('validation.pattern') })}</span>}
      </div>
    );
  };
  const poolName = (p: Pool) => t(`admin.pools.${p.poolId}`, { defaultValue: p.name });

  // Pools down, bet codes across: 14 code columns need about 1,600 pixels, which the shell has.
  const columns: TableColumnsType<Pool> = [
    {
      title: t('risk.fight.pool'),
      key: 'pool',
      fixed: 'left',
      width: 190,
      render: (_: unknown, p) => (
        <span>
          <Typography.Text strong>{p.letter}</Typography.Text> {poolName(p)}
        </span>
      ),
    },
    ...codes.map((c) => ({ title: codeLabel(c), key: c, width: 100, render: (_: unknown, p: Pool) => cell(p.poolId, c) })),
  ];
  // The popup is 1000 pixels wide (SPEC 9): there the grid turns, bet codes down and the 8 pools across,
  // so that every cell is in view without a sideways scroll.
  const turnedColumns: TableColumnsType<{ code: string }> = [
    { title: t('risk.fight.betCode'), key: 'code', fixed: 'left', width: 60, render: (_: unknown, r) => <Typography.Text strong>{codeLabel(r.code)}</Typography.Text> },
    ...(pools.data ?? []).map((p) => ({
      title: (
        <span title={poolName(p)}>
          <Typography.Text strong>{p.letter}</Typography.Text> {poolName(p)}
        </span>
      ),
      key: String(p.poolId),
      render: (_: unknown, r: { code: string }) => cell(p.poolId, r.code),
    })),
  ];

  const content = (() => {
    if (data.isLoading || pools.isLoading) return <Skeleton active />;
    if (data.error || !d) return <Result status="warning" title={translateMessage(t, data.error?.message ?? 'NO_RECORD_FOUND')} data-testid="fight-limit-error" />;
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Descriptions size="small" column={3} data-testid="fight-limit-summary">
            <Descriptions.Item label={t('risk.fight.account')}>
              <span data-testid="fight-limit-username">{d.username}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('risk.fight.positionTaking')}>{`${d.positionTaking.toFixed(2)}%`}</Descriptions.Item>
            <Descriptions.Item label={t('risk.fight.maxFightLimit')}>
              <span data-testid="fight-limit-max">{d.maxFightLimit > 0 ? formatCents(d.maxFightLimit) : t('risk.fight.noBound')}</span>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title={t('risk.fight.settings')}>
          <Form<Values> form={form} layout="horizontal" labelCol={{ flex: '160px' }} disabled={!canEdit} data-testid="fight-limit-form">
            <Form.Item name="eatType" label={t('risk.fight.eatType')} extra={t('risk.fight.eatTypeHint')}>
              <Radio.Group>
                <Radio value="percentage" data-testid="fight-eatType-percentage">
                  {t('risk.fight.eatTypes.percentage')}
                </Radio>
                <Radio value="amount" data-testid="fight-eatType-amount">
                  {t('risk.fight.eatTypes.amount')}
                </Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="limitMethod" label={t('risk.fight.limitMethod')} extra={t('risk.fight.limitMethodHint')}>
              <Radio.Group>
                {LIMIT_METHODS.map((m) => (
                  <Radio key={m} value={m} data-testid={`fight-limitMethod-${m}`}>
                    {t(`risk.fight.limitMethods.${m}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item name="eatSequence" label={t('risk.fight.eatSequence')} extra={t('risk.fight.eatSequenceHint')} style={{ marginBottom: 0 }}>
              <Radio.Group>
                <Radio value="*/**" data-testid="fight-eatSequence-box">
                  */**
                </Radio>
                <Radio value="**/*" data-testid="fight-eatSequence-ibox">
                  **/*
                </Radio>
              </Radio.Group>
            </Form.Item>
          </Form>
        </Card>
        <Card
          size="small"
          title={t('risk.fight.limits')}
          extra={
            <Space>
              <span>{t('risk.fight.fillAll')}</span>
              <NumericInput decimals={2} size="small" value={fill} onChange={setFill} disabled={gridDisabled} style={{ width: 120 }} data-testid="fight-fill-amount" />
              <Button size="small" disabled={gridDisabled || fill === undefined} onClick={() => setGrid((g) => fillGrid(g, poolIds, codes, fill))} data-testid="fight-fill-apply">
                {t('risk.fight.apply')}
              </Button>
              <Button size="small" disabled={gridDisabled} onClick={() => setGrid({})} data-testid="fight-fill-clear">
                {t('risk.fight.clear')}
              </Button>
            </Space>
          }
        >
          {!amountMode && <Alert type="info" showIcon title={t('risk.fight.percentageHint')} style={{ marginBottom: 12 }} data-testid="fight-limit-percentage-hint" />}
          <Typography.Paragraph type="secondary">{t('risk.fight.unitsHint')}</Typography.Paragraph>
          {popup ? (
            <Table<{ code: string }>
              className="limit-grid limit-grid-turned"
              rowKey="code"
              size="small"
              columns={turnedColumns}
              dataSource={codes.map((code) => ({ code }))}
              pagination={false}
              tableLayout="fixed"
              data-testid="fight-limit-grid"
            />
          ) : (
            <Table<Pool>
              className="limit-grid"
              rowKey="poolId"
              size="small"
              columns={columns}
              dataSource={pools.data ?? []}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="fight-limit-grid"
            />
          )}
        </Card>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          {popup && (
            <Button onClick={() => window.close()} data-testid="fight-limit-close">
              {t('common.close')}
            </Button>
          )}
          {canEdit && (
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="fight-limit-save">
              {t('common.save')}
            </Button>
          )}
        </Space>
      </Space>
    );
  })();

  const accountOptions = [
    { value: 0, label: t('risk.fight.myself', { username: userData?.username ?? '' }) },
    ...(downlines.data ?? []).map((x) => ({ value: x.userId, label: `${x.username} (${x.fullName})` })),
  ];

  return (
    <div data-testid="fight-limit">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <div>
          <Typography.Title level={popup ? 4 : 3}>{d ? t('risk.fight.titleOf', { username: d.username }) : t('risk.routes.fightLimit')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('risk.fight.intro')}</Typography.Paragraph>
        </div>
        {!popup && (
          <Space>
            {access.hasRoute(RED_NUMBERS) && (
              <Link to={RED_NUMBERS} data-testid="fight-limit-red-numbers">
                <Button>{t('risk.routes.redNumber')}</Button>
              </Link>
            )}
            {canDownline && <span>{t('risk.fight.account')}</span>}
            {canDownline && (
              <Select<number>
                style={{ width: 280 }}
                value={userId && userId !== access.userId ? userId : 0}
                onChange={(id) => setParams(id ? { userId: String(id) } : {})}
                options={userId && userId !== access.userId && !downlines.data?.some((x) => x.userId === userId) && d ? [...accountOptions, { value: userId, label: d.username }] : accountOptions}
                data-testid="fight-limit-account"
              />
            )}
          </Space>
        )}
      </Space>
      {content}
    </div>
  );
}
