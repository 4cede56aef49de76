import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Radio, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateMessage } from '../../i18n';
import { positiveIntParam } from '../accounts/params';
import { useAccess } from '../../navigation/useAccess';
import { useAuth } from '../../state/AuthContext';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { useDownlines } from './api';
import { FightLimitGrid } from './FightLimitGrid';
import { FightLimitPopup } from './FightLimitPopup';
import { LIMIT_METHODS, settingsOf, useFightLimitEditor, type EatSettings } from './useFightLimitEditor';
import './risk.css';

const RED_NUMBERS = '/admin-setting/rednumber';

/**
 * /manage-fight-limit: how an account eats its share of each bet line: by percentage (position taking) or
 * by amount up to a limit per pool and bet code, counted by limit method. For oneself or a downline
 * (`userId`); the account dropdown opens it as a 1000x800 popup (`popup=1`, no app shell), drawn by
 * FightLimitPopup.
 */
export default function FightLimitPage() {
  const [params] = useSearchParams();
  return params.get('popup') === '1' ? <FightLimitPopup /> : <FightLimitInShell />;
}

function FightLimitInShell() {
  const { t } = useTranslation();
  const access = useAccess();
  const { userData } = useAuth();
  const [params, setParams] = useSearchParams();
  const userId = positiveIntParam(params.get('userId'));
  const editor = useFightLimitEditor(userId);
  const { data, pools, codes, grid, errors } = editor;
  const canDownline = access.can('Downline', [1]);
  const downlines = useDownlines(canDownline);
  const canEdit = access.can('Fight Limit', [3]);
  const [form] = Form.useForm<EatSettings>();
  const eatType = Form.useWatch('eatType', form);
  const [fill, setFill] = useState<number>();
  const d = data.data;

  useEffect(() => {
    if (d) form.setFieldsValue(settingsOf(d));
  }, [d, form]);

  const amountMode = eatType === 'amount';
  const gridDisabled = !canEdit || !amountMode;

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
          <Form<EatSettings> form={form} layout="horizontal" labelCol={{ flex: '160px' }} disabled={!canEdit} data-testid="fight-limit-form">
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
              <Button size="small" disabled={gridDisabled || fill === undefined} onClick={() => editor.fillAll(fill)} data-testid="fight-fill-apply">
                {t('risk.fight.apply')}
              </Button>
              <Button size="small" disabled={gridDisabled} onClick={editor.clearAll} data-testid="fight-fill-clear">
                {t('risk.fight.clear')}
              </Button>
            </Space>
          }
        >
          {!amountMode && <Alert type="info" showIcon title={t('risk.fight.percentageHint')} style={{ marginBottom: 12 }} data-testid="fight-limit-percentage-hint" />}
          <Typography.Paragraph type="secondary">{t('risk.fight.unitsHint')}</Typography.Paragraph>
          <FightLimitGrid pools={pools.data ?? []} codes={codes} grid={grid} errors={errors} disabled={gridDisabled} onCell={editor.setCell} />
        </Card>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          {canEdit && (
            <Button type="primary" loading={editor.saving} onClick={() => void editor.save(form.getFieldsValue())} data-testid="fight-limit-save">
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
          <Typography.Title level={3}>{d ? t('risk.fight.titleOf', { username: d.username }) : t('risk.routes.fightLimit')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('risk.fight.intro')}</Typography.Paragraph>
        </div>
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
      </Space>
      {content}
    </div>
  );
}
