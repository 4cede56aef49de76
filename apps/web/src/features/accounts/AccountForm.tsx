import { seededText } from '../../i18n/seeded';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DAYS_OF_WEEK, EAT_SEQUENCES, type FieldRule } from '@app/domain';
import { PATHS, withQuery } from '../../navigation/paths';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { formatPercent, MAX_UNITS } from '../../ui/money';
import { translateMessage } from '../../i18n';
import { saveAccount, type AccountDetail, type DetailInit } from './api';
import {
  accountRules,
  boundsOf,
  DEFAULT_SETTINGS,
  detailToValues,
  isFlagging,
  settingsToValues,
  USERNAME_PATTERN,
  valuesToBody,
  type FormMode,
  type FormValues,
} from './accountForm';
import { BetTextSettings } from './BetTextSettings';
import { levelLabel } from './labels';
import { formatInstant } from '../../ui/time';

export interface AccountFormProps {
  mode: FormMode;
  /** The account edited (edit, profile). */
  detail?: AccountDetail;
  /** Levels, bounds and suggested username for a new account (or the bounds when editing). */
  init?: DetailInit;
  /** Upline of a new account (absent: the caller). */
  uplineId?: number;
  /** Level preselected for a new account, or 'house'. */
  defaultLevel?: number | 'house';
  /** Editing without Downline edit rights: everything read-only. */
  readOnly?: boolean;
  /** Credit-limit link to the Payment screen (direct downlines only). */
  paymentLink?: boolean;
  onSaved: (detail: AccountDetail) => void;
  onCancel?: () => void;
}

const MONEY_MAX = MAX_UNITS;
const STATUSES = ['Active', 'Inactive', 'Suspended'] as const;

/** One row of fields, three per line. */
function Fields({ children }: { children: ReactNode }) {
  return <Row gutter={24}>{children}</Row>;
}
function F({ children, span = 8 }: { children: ReactNode; span?: number }) {
  return (
    <Col xs={24} md={12} xl={span}>
      {children}
    </Col>
  );
}
/** Two smaller cards side by side on wide screens, of equal height. */
function Pair({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Row gutter={[16, 16]} align="stretch">
      <Col xs={24} xl={12}>
        {left}
      </Col>
      <Col xs={24} xl={12}>
        {right}
      </Col>
    </Row>
  );
}

/**
 * The account detail (SPEC 3 field groups as cards). Create: a new downline with credentials, level and
 * credit limit within the upline's bounds. Edit: every setting, credit limit read-only (it changes in
 * Payment). Profile: one's own account, only full name, phone, email, receipt format/order and eat sequence.
 */
export function AccountForm({ mode, detail, init, uplineId, defaultLevel, readOnly = false, paymentLink = false, onSaved, onCancel }: AccountFormProps) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const create = mode === 'create';
  const profile = mode === 'profile';
  const bounds = boundsOf(init);
  const autoTransfer = Form.useWatch('autoTransfer', form);
  const frequency = Form.useWatch('autoTransferFrequency', form);
  const password = Form.useWatch('password', form);

  const levelOptions = useMemo(() => {
    const opts: { value: number | 'house'; label: string }[] = (init?.levels ?? []).map((l) => ({
      value: l.id,
      label: t(`levels.${l.id}`, { defaultValue: l.name }),
    }));
    if (init?.canCreateHouse) opts.push({ value: 'house', label: t('levels.house') });
    return opts;
  }, [init, t]);

  // Load values: the account, or defaults with the suggested username and first level for a new one.
  useEffect(() => {
    if (detail) {
      form.setFieldsValue(detailToValues(detail));
    } else if (create && init) {
      const firstLevel = levelOptions.find((o) => o.value === defaultLevel)?.value ?? levelOptions[0]?.value;
      form.setFieldsValue({
        ...settingsToValues({ ...DEFAULT_SETTINGS, currency: init.currencies[0] ?? DEFAULT_SETTINGS.currency }),
        username: init.suggestedUsername ?? undefined,
        level: firstLevel,
        creditLimit: 0,
      });
    }
  }, [detail, create, init, levelOptions, defaultLevel, form]);

  const r = (rule: FieldRule, extra: FormRule[] = []): FormRule[] => [...rules(rule), ...extra];
  const pattern = (re: RegExp): FormRule => ({ pattern: re, message: t('validation.pattern') });
  const maxRule = (max: number | undefined): FormRule[] =>
    max === undefined
      ? []
      : [{ validator: (_r, v: unknown) => (typeof v === 'number' && v > max ? Promise.reject(new Error(t('validation.max'))) : Promise.resolve()) }];
  const minRule = (min: number | undefined): FormRule[] =>
    !min
      ? []
      : [{ validator: (_r, v: unknown) => (typeof v === 'number' && v < min ? Promise.reject(new Error(t('validation.min'))) : Promise.resolve()) }];

  const submit = async (values: FormValues) => {
    if (values.password && values.password !== values.confirmPassword) {
      form.setFields([{ name: 'confirmPassword', errors: [t('messages.CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY')] }]);
      alerts.errorKey('CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY');
      return;
    }
    const body = valuesToBody(values, { mode, detail, uplineId });
    const send = async () => {
      setSaving(true);
      const res = await saveAccount(body);
      setSaving(false);
      if (res.success && res.data) {
        void message.success(t('messages.SAVED'));
        onSaved(res.data);
        return;
      }
      if (res.status === 400 && res.data) form.setFields(fieldErrorsToFields(res.data, t) as never);
      if (res.serverMessage === 'DUPLICATE_NAME') {
        form.setFields([{ name: 'username', errors: [t('messages.DUPLICATE_NAME')] }]);
      }
      const key = res.status === 400 ? res.serverMessage || 'VALIDATION_FAILED' : res.message;
      alerts.error(translateMessage(t, key));
    };
    if (mode === 'edit' && detail && isFlagging(detail.status, values.status)) {
      alerts.confirm(t('messages.DOWNLINE_FLAG_WARNING'), () => void send());
    } else {
      await send();
    }
  };

  // The bounds the server holds (GetUserDetailInit): the upline's own setting above, and when editing what
  // the account already gave its own downline below.
  const percentHint = (min: number | undefined, max: number | undefined) =>
    max === undefined
      ? undefined
      : min
        ? t('accounts.hints.range', { min: formatPercent(min), max: formatPercent(max) })
        : t('accounts.hints.max', { value: formatPercent(max) });
  const disabled = readOnly;
  const sw = (name: keyof FormValues, label: string) => (
    <F span={8}>
      <Form.Item name={name} label={label} valuePropName="checked">
        <Switch disabled={disabled} data-testid={`account-field-${name}`} />
      </Form.Item>
    </F>
  );
  const money = (name: 'maxFightLimit' | 'gdLimit' | 'totalBaseLimit', label: string) => (
    <F span={12}>
      <Form.Item name={name} label={label} rules={r(accountRules.money)}>
        <NumericInput decimals={2} max={MONEY_MAX} disabled={disabled} data-testid={`account-field-${name}`} />
      </Form.Item>
    </F>
  );

  const identity = (
    <Card title={t('accounts.sections.identity')} data-testid="account-section-identity">
      <Fields>
        <F>
          <Form.Item
            name="username"
            label={t('accounts.username')}
            rules={create ? r(accountRules.username, [pattern(USERNAME_PATTERN)]) : undefined}
            extra={create && init?.suggestedUsername ? t('accounts.hints.suggested') : undefined}
          >
            <Input disabled={!create} maxLength={30} autoComplete="off" data-testid="account-field-username" />
          </Form.Item>
        </F>
        <F>
          <Form.Item name="fullName" label={t('accounts.fullName')} rules={r(accountRules.fullName)}>
            <Input disabled={disabled} maxLength={100} data-testid="account-field-fullName" />
          </Form.Item>
        </F>
        <F>
          {create ? (
            <Form.Item name="level" label={t('accounts.level')} rules={r(accountRules.level)}>
              <Select options={levelOptions} data-testid="account-field-level" />
            </Form.Item>
          ) : (
            <Form.Item label={t('accounts.level')}>
              <Input disabled value={detail ? levelLabel(t, detail) : ''} data-testid="account-field-level" />
            </Form.Item>
          )}
        </F>
        <F>
          <Form.Item label={t('accounts.upline')}>
            <Input disabled value={create ? (init?.upline.username ?? '') : (detail?.uplineUsername ?? '-')} data-testid="account-field-upline" />
          </Form.Item>
        </F>
        <F>
          <Form.Item name="phone" label={t('accounts.phone')} rules={r(accountRules.phone)} extra={t('accounts.hints.phone')}>
            <Input disabled={disabled} maxLength={20} data-testid="account-field-phone" />
          </Form.Item>
        </F>
        <F>
          <Form.Item name="email" label={t('accounts.email')} rules={r(accountRules.email)}>
            <Input disabled={disabled} maxLength={100} data-testid="account-field-email" />
          </Form.Item>
        </F>
        {!profile && !disabled && (
          <>
            <F>
              <Form.Item
                name="password"
                label={t('accounts.password')}
                rules={r(create ? accountRules.password : accountRules.passwordOptional)}
                extra={create ? t('changePassword.hint') : t('accounts.hints.passwordKeep')}
              >
                <Input.Password autoComplete="new-password" maxLength={200} data-testid="account-field-password" />
              </Form.Item>
            </F>
            <F>
              <Form.Item
                name="confirmPassword"
                label={t('accounts.confirmPassword')}
                dependencies={['password']}
                rules={create || password ? r(accountRules.confirmPassword) : []}
              >
                <Input.Password autoComplete="new-password" maxLength={200} data-testid="account-field-confirmPassword" />
              </Form.Item>
            </F>
            <F>
              <Form.Item
                name="secondaryPassword"
                label={t('accounts.secondaryPassword')}
                rules={r(accountRules.secondaryPassword)}
                extra={create ? t('accounts.hints.secondary') : t('accounts.hints.passwordKeep')}
              >
                <Input.Password autoComplete="new-password" maxLength={200} data-testid="account-field-secondaryPassword" />
              </Form.Item>
            </F>
          </>
        )}
      </Fields>
    </Card>
  );

  const statusCredit = (
    <Card title={t('accounts.sections.statusCredit')} data-testid="account-section-status">
      <Fields>
        <F>
          <Form.Item name="status" label={t('accounts.status')}>
            <Select
              disabled={disabled}
              data-testid="account-field-status"
              options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
        </F>
        <F>
          {create ? (
            <Form.Item
              name="creditLimit"
              label={t('accounts.creditLimit')}
              rules={r(accountRules.money, maxRule(bounds?.maxCreditUnits))}
              extra={bounds?.maxCreditUnits !== undefined ? t('accounts.hints.max', { value: formatCents(init?.upline.maxCreditLimit) }) : undefined}
            >
              <NumericInput decimals={2} max={bounds?.maxCreditUnits ?? MONEY_MAX} data-testid="account-field-creditLimit" />
            </Form.Item>
          ) : (
            <Form.Item
              label={t('accounts.creditLimit')}
              extra={
                paymentLink && detail ? (
                  <Link to={withQuery(PATHS.payment, { userId: detail.userId })} data-testid="account-credit-limit-link">
                    {t('accounts.hints.creditLimitEdit')}
                  </Link>
                ) : (
                  t('accounts.hints.creditLimitReadOnly')
                )
              }
            >
              <Input disabled value={formatCents(detail?.creditLimit)} data-testid="account-field-creditLimit" />
            </Form.Item>
          )}
        </F>
        <F>
          <Form.Item name="creditType" label={t('accounts.creditType')}>
            <Radio.Group disabled={disabled} data-testid="account-field-creditType">
              <Radio value="postpaid">{t('accounts.creditTypes.postpaid')}</Radio>
              <Radio value="prepaid">{t('accounts.creditTypes.prepaid')}</Radio>
            </Radio.Group>
          </Form.Item>
        </F>
        <F>
          <Form.Item name="currency" label={t('accounts.currency')} rules={r(accountRules.currency)}>
            <Select
              disabled={disabled}
              data-testid="account-field-currency"
              options={(init?.currencies ?? [detail?.currency ?? 'MYR']).map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
        </F>
        <F>
          <Form.Item
            name="discount"
            label={t('accounts.discount')}
            rules={r(accountRules.percent, [...maxRule(bounds?.maxDiscount), ...minRule(bounds?.minDiscount)])}
            extra={<span data-testid="account-hint-discount">{percentHint(bounds?.minDiscount, bounds?.maxDiscount)}</span>}
          >
            <NumericInput decimals={2} max={bounds?.maxDiscount ?? 100} disabled={disabled} suffix="%" data-testid="account-field-discount" />
          </Form.Item>
        </F>
        <F>
          <Form.Item
            name="positionTaking"
            label={t('accounts.positionTaking')}
            rules={r(accountRules.percent, [...maxRule(bounds?.maxPositionTaking), ...minRule(bounds?.minPositionTaking)])}
            extra={<span data-testid="account-hint-positionTaking">{percentHint(bounds?.minPositionTaking, bounds?.maxPositionTaking)}</span>}
          >
            <NumericInput decimals={2} max={bounds?.maxPositionTaking ?? 100} disabled={disabled} suffix="%" data-testid="account-field-positionTaking" />
          </Form.Item>
        </F>
      </Fields>
      {detail && (
        <Descriptions size="small" column={4} bordered data-testid="account-credit-summary">
          <Descriptions.Item label={t('accounts.balance')}>{formatCents(detail.balance)}</Descriptions.Item>
          <Descriptions.Item label={t('accounts.outstanding')}>
            <span data-testid="account-outstanding">{formatCents(detail.outstanding)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.availableCredit')}>
            {detail.availableCredit === null ? t('dashboard.unlimited') : formatCents(detail.availableCredit)}
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.lastLogin')}>{detail.lastLoginAt ? formatInstant(detail.lastLoginAt) : '-'}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );

  const eatSequence = (
    <F span={12}>
      <Form.Item name="eatSequence" label={t('accounts.eatSequence')} extra={t('accounts.hints.eatSequence')}>
        <Radio.Group data-testid="account-field-eatSequence" disabled={disabled}>
          {EAT_SEQUENCES.map((s) => (
            <Radio.Button key={s} value={s} data-testid={`account-field-eatSequence-${s === '*/**' ? 'box' : 'ibox'}`}>
              {s}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
    </F>
  );

  const packageCard = (
    <Card title={t('accounts.sections.package')} data-testid="account-section-package" className="form-card">
      {create && !!init?.packageChoices.length && (
        <Fields>
          {init.packageChoices.map((c) => (
            <F key={c.packageType}>
              <Form.Item
                name={['packages', String(c.packageType)]}
                label={t('accounts.packageOfType', { type: t(`packages.types.${c.packageType}`) })}
                extra={c.packages.length ? undefined : t('accounts.hints.noPackageToGive')}
              >
                <Select
                  data-testid={`account-field-package-${c.packageType}`}
                  disabled={disabled || !c.packages.length}
                  allowClear
                  placeholder={c.inherited ? t('accounts.inheritsPackage', { name: seededText(t, 'packages', c.inherited) }) : t('accounts.noPackage')}
                  options={c.packages.map((p) => ({ value: p.packageId, label: seededText(t, 'packages', p) }))}
                />
              </Form.Item>
            </F>
          ))}
        </Fields>
      )}
      <Fields>
        {!profile && sw('fixPackage', t('accounts.fixPackage'))}
        {!profile && sw('canEditPackage', t('accounts.canEditPackage'))}
        {eatSequence}
        {!profile && money('maxFightLimit', t('accounts.maxFightLimit'))}
        <BetTextSettings disabled={disabled} />
      </Fields>
    </Card>
  );

  const receiptCard = (
    <Card title={t('accounts.sections.receipt')} data-testid="account-section-receipt" className="form-card">
      <Fields>
        <F span={12}>
          <Form.Item name="receiptFormat" label={t('accounts.receiptFormat')}>
            <Radio.Group disabled={disabled} data-testid="account-field-receiptFormat">
              <Radio value={1}>{t('accounts.receiptFormats.1')}</Radio>
              <Radio value={3}>{t('accounts.receiptFormats.3')}</Radio>
            </Radio.Group>
          </Form.Item>
        </F>
        <F span={12}>
          <Form.Item name="receiptOrderType" label={t('accounts.receiptOrderType')}>
            <Radio.Group disabled={disabled} data-testid="account-field-receiptOrderType">
              <Radio value={1}>{t('accounts.orderTypes.1')}</Radio>
              <Radio value={2}>{t('accounts.orderTypes.2')}</Radio>
            </Radio.Group>
          </Form.Item>
        </F>
        {!profile && sw('smsEnabled', t('accounts.smsEnabled'))}
        {!profile && sw('luckyBet', t('accounts.luckyBet'))}
      </Fields>
    </Card>
  );

  const ticketsCard = (
    <Card title={t('accounts.sections.tickets')} data-testid="account-section-tickets" className="form-card">
      <Fields>
        {sw('allowSelfVoid', t('accounts.allowSelfVoid'))}
        {sw('voidTicketAuthority', t('accounts.voidTicketAuthority'))}
        {sw('voidTicketSendSms', t('accounts.voidTicketSendSms'))}
        {sw('allowOrderWithinResultRelease', t('accounts.allowOrderWithinResultRelease'))}
      </Fields>
    </Card>
  );

  const autoTransferCard = (
    <Card title={t('accounts.sections.autoTransfer')} data-testid="account-section-autoTransfer" className="form-card">
      <Fields>
        {sw('autoTransfer', t('accounts.autoTransfer'))}
        {autoTransfer && (
          <F span={8}>
            <Form.Item name="autoTransferFrequency" label={t('accounts.autoTransferFrequency')}>
              <Radio.Group disabled={disabled} data-testid="account-field-autoTransferFrequency">
                <Radio value={0} data-testid="account-field-autoTransferFrequency-0">
                  {t('accounts.frequencies.0')}
                </Radio>
                <Radio value={1} data-testid="account-field-autoTransferFrequency-1">
                  {t('accounts.frequencies.1')}
                </Radio>
              </Radio.Group>
            </Form.Item>
          </F>
        )}
        {autoTransfer && frequency === 0 && (
          <F span={8}>
            <Form.Item name="autoTransferDay" label={t('accounts.autoTransferDay')}>
              <Select
                disabled={disabled}
                data-testid="account-field-autoTransferDay"
                options={DAYS_OF_WEEK.map((d) => ({ value: d, label: t(`accounts.days.${d}`) }))}
              />
            </Form.Item>
          </F>
        )}
      </Fields>
    </Card>
  );

  const hierarchyCard = (
    <Card title={t('accounts.sections.hierarchy')} data-testid="account-section-hierarchy" className="form-card">
      <Fields>
        {sw('viewableDownline', t('accounts.viewableDownline'))}
        {sw('lineHead', t('accounts.lineHead'))}
        {sw('displayFullNameInReport', t('accounts.displayFullNameInReport'))}
        {sw('showEarnComm', t('accounts.showEarnComm'))}
        {sw('showEarnedReport', t('accounts.showEarnedReport'))}
        {sw('viewPageInfo', t('accounts.viewPageInfo'))}
        {sw('divideShowFull', t('accounts.divideShowFull'))}
      </Fields>
    </Card>
  );

  const otherCard = (
    <Card title={t('accounts.sections.other')} data-testid="account-section-other" className="form-card">
      <Fields>
        {sw('isDemo', t('accounts.isDemo'))}
        {money('gdLimit', t('accounts.gdLimit'))}
        {money('totalBaseLimit', t('accounts.totalBaseLimit'))}
      </Fields>
    </Card>
  );

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      onFinishFailed={({ values, errorFields }) => {
        if (values.password && values.confirmPassword && values.password !== values.confirmPassword) {
          alerts.errorKey('CONFIRM_PASSWORD_AND_PASSWORD_IS_NOT_TALLY');
        }
        if (errorFields[0]) form.scrollToField(errorFields[0].name, { block: 'center' });
      }}
      data-testid="account-form"
      scrollToFirstError={false}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {identity}
        {!profile && statusCredit}
        <Pair left={packageCard} right={receiptCard} />
        {!profile && <Pair left={ticketsCard} right={autoTransferCard} />}
        {!profile && <Pair left={hierarchyCard} right={otherCard} />}
        {!readOnly && (
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="account-save">
              {t('common.save')}
            </Button>
            {onCancel && (
              <Button onClick={onCancel} data-testid="account-cancel">
                {t('common.cancel')}
              </Button>
            )}
          </Space>
        )}
        {readOnly && <Typography.Text type="secondary">{t('accounts.hints.readOnly')}</Typography.Text>}
      </Space>
    </Form>
  );
}
