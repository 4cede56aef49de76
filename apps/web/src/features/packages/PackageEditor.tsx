import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BET_CODES, SEEDED_POOLS, type FieldRule } from '@app/domain';
import { translateMessage } from '../../i18n';
import { NumericInput } from '../../ui/NumericInput';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { fetchTemplateItems, packageKeys, savePackage, type MasterTemplate, type PackageDetail } from './api';
import { changedPackageStore, entriesFor } from './changedPackages';
import { PackageTags } from './labels';
import { RateSheetGrid } from './RateSheetGrid';
import { addRow, fromSheet, sheetErrors, sheetFromTemplate, splitFieldErrors, type CellErrors, type SheetRow } from './rateSheet';
import { formatInstant } from '../../ui/time';
import { seededText } from '../../i18n/seeded';

export const settingRules = {
  name: { required: true, maxLength: 60 },
  description: { maxLength: 300 },
  groupName: { maxLength: 60 },
  rate: { min: 0, max: 100 },
} satisfies Record<string, FieldRule>;

export interface Settings {
  name: string;
  description: string;
  groupName: string;
  paoEnabled: boolean;
  paoRate?: number;
  fakePao: boolean;
  fakePaoRate?: number;
  iboxRounding: 'exact' | 'official';
  recordStatus: 0 | 1;
}

const settingsOf = (d: PackageDetail | null, defaultName: string): Settings => ({
  name: d?.name ?? defaultName,
  description: d?.description ?? '',
  groupName: d?.groupName ?? '',
  paoEnabled: d?.paoEnabled ?? false,
  paoRate: d?.paoRate ?? 0,
  fakePao: d?.fakePao ?? false,
  fakePaoRate: d?.fakePaoRate ?? 0,
  iboxRounding: d?.iboxRounding ?? 'exact',
  recordStatus: d?.recordStatus === 0 ? 0 : 1,
});

/**
 * The package form: settings and the rate sheet. `detail` null is a new package of `packageType` whose
 * sheet starts from `initialRows`. A 400 lands on the grid cells and settings fields it names.
 */
export function PackageEditor({
  detail,
  packageType,
  initialRows,
  defaultName = '',
  templates,
  onSaved,
  onDeleted,
  extraActions,
}: {
  detail: PackageDetail | null;
  packageType: number;
  initialRows: SheetRow[];
  defaultName?: string;
  /** Master templates a new (system) package may be derived from. */
  templates?: MasterTemplate[];
  onSaved: (saved: PackageDetail, created: boolean) => void | Promise<void>;
  onDeleted?: () => void;
  extraActions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Settings>();
  const [rows, setRows] = useState<SheetRow[]>(initialRows);
  const [errors, setErrors] = useState<CellErrors>({});
  const [saving, setSaving] = useState(false);
  const [newCode, setNewCode] = useState<string>();
  const [newPool, setNewPool] = useState<number>(0);
  const readOnly = detail !== null && !detail.canEdit;
  const paoEnabled = Form.useWatch('paoEnabled', form);
  const fakePao = Form.useWatch('fakePao', form);

  useEffect(() => {
    setRows(initialRows);
    setErrors({});
  }, [initialRows]);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(settingsOf(detail, defaultName));
  }, [detail, defaultName, form]);

  const change = (key: string, patch: Partial<SheetRow>) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(next)) if (k === key || k.startsWith(`${key}.`)) delete next[k];
      return next;
    });
  };

  const deriveFrom = async (templateId: number) => {
    const r = await fetchTemplateItems(templateId);
    if (!r.success || !r.data) return;
    const derived = sheetFromTemplate(r.data);
    setRows((list) => {
      const byKey = new Map(list.map((x) => [x.key, x]));
      for (const d of derived) byKey.set(d.key, { ...d, base: byKey.get(d.key)?.base ?? null });
      return [...byKey.values()].sort((a, b) => list.findIndex((x) => x.key === a.key) - list.findIndex((x) => x.key === b.key));
    });
    setErrors({});
    void message.success(t('packages.derived'));
  };

  const submit = async (recordStatus?: 0 | 1 | 2) => {
    const clientErrors = sheetErrors(rows);
    let settings: Settings;
    try {
      settings = await form.validateFields();
    } catch {
      if (Object.keys(clientErrors).length) setErrors(clientErrors);
      return;
    }
    if (Object.keys(clientErrors).length && recordStatus !== 2) {
      setErrors(clientErrors);
      alerts.errorKey('VALIDATION_FAILED');
      return;
    }
    setSaving(true);
    const r = await savePackage({
      packageId: detail?.packageId,
      packageType: packageType as 0 | 2 | 3,
      name: settings.name.trim(),
      description: (settings.description ?? '').trim(),
      groupName: (settings.groupName ?? '').trim(),
      paoEnabled: settings.paoEnabled,
      paoRate: settings.paoRate ?? 0,
      fakePao: settings.fakePao,
      fakePaoRate: settings.fakePaoRate ?? 0,
      iboxRounding: settings.iboxRounding,
      recordStatus: recordStatus ?? (detail ? settings.recordStatus : 1),
      rates: fromSheet(rows),
    });
    setSaving(false);
    if (r.success) {
      const id = r.data?.packageId ?? detail?.packageId;
      const targets = (r.data?.assignedUsers ?? detail?.assignedUsers ?? []).map((u) => u.userId);
      if (id) changedPackageStore.add(entriesFor(id, targets));
      changedPackageStore.setRequiredRefresh(true);
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
      setErrors({});
      if (recordStatus === 2) {
        void message.success(t('packages.deleted'));
        onDeleted?.();
      } else if (r.data) {
        void message.success(t('messages.SAVED'));
        await onSaved(r.data, !detail);
      }
      return;
    }
    if (r.status === 400 && r.data) {
      const split = splitFieldErrors(r.data, rows);
      setErrors(split.cells);
      form.setFields(fieldErrorsToFields(split.fields, t) as never);
    }
    if (r.serverMessage === 'DUPLICATE_NAME') form.setFields([{ name: 'name', errors: [t('messages.DUPLICATE_NAME')] }]);
    alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
  };

  const remove = () => alerts.confirm(t('packages.confirmDelete', { name: detail?.name ?? '' }), () => void submit(2));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {detail && (
        <Card size="small" data-testid="package-info">
          <Descriptions size="small" column={4}>
            <Descriptions.Item label={t('packages.type')}>{t(`packages.types.${detail.packageType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('packages.owner')}>{detail.ownerUsername ?? t('packages.system')}</Descriptions.Item>
            <Descriptions.Item label={t('packages.relation')}>
              <PackageTags p={detail} />
            </Descriptions.Item>
            <Descriptions.Item label={t('packages.lastModified')}>
              {detail.updatedAt ? `${formatInstant(detail.updatedAt)}${detail.updatedBy ? ` · ${detail.updatedBy}` : ''}` : '-'}
            </Descriptions.Item>
            {detail.assignedUsers.length > 0 && (
              <Descriptions.Item label={t('packages.assignedTo')} span={4}>
                {detail.assignedUsers.map((u) => u.username).join(', ')}
              </Descriptions.Item>
            )}
          </Descriptions>
          {readOnly && (
            <Typography.Text type="secondary" data-testid="package-read-only">
              {t('packages.readOnly')}
            </Typography.Text>
          )}
        </Card>
      )}
      <Card title={t('packages.settings')} size="small">
        <Form<Settings> form={form} layout="vertical" disabled={readOnly} data-testid="package-form">
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item name="name" label={t('packages.name')} rules={rules(settingRules.name)}>
                <Input maxLength={60} data-testid="package-field-name" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="groupName" label={t('packages.group')} rules={rules(settingRules.groupName)} extra={t('packages.groupHint')}>
                <Input maxLength={60} data-testid="package-field-groupName" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="description" label={t('packages.description')} rules={rules(settingRules.description)}>
                <Input maxLength={300} data-testid="package-field-description" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={6}>
              <Space align="start">
                <Form.Item name="paoEnabled" label={t('packages.pao')} valuePropName="checked">
                  <Switch data-testid="package-field-paoEnabled" />
                </Form.Item>
                <Form.Item name="paoRate" label={t('packages.paoRate')} rules={rules(settingRules.rate)}>
                  <NumericInput decimals={2} max={100} suffix="%" disabled={readOnly || !paoEnabled} style={{ width: 110 }} data-testid="package-field-paoRate" />
                </Form.Item>
              </Space>
            </Col>
            <Col span={6}>
              <Space align="start">
                <Form.Item name="fakePao" label={t('packages.fakePao')} valuePropName="checked">
                  <Switch data-testid="package-field-fakePao" />
                </Form.Item>
                <Form.Item name="fakePaoRate" label={t('packages.fakePaoRate')} rules={rules(settingRules.rate)}>
                  <NumericInput decimals={2} max={100} suffix="%" disabled={readOnly || !fakePao} style={{ width: 110 }} data-testid="package-field-fakePaoRate" />
                </Form.Item>
              </Space>
            </Col>
            <Col span={6}>
              <Form.Item name="iboxRounding" label={t('packages.iboxRounding')}>
                <Radio.Group data-testid="package-field-iboxRounding">
                  <Radio value="exact">{t('packages.iboxExact')}</Radio>
                  <Radio value="official">{t('packages.iboxOfficial')}</Radio>
                </Radio.Group>
              </Form.Item>
            </Col>
            {detail && (
              <Col span={6}>
                <Form.Item name="recordStatus" label={t('packages.status')}>
                  <Radio.Group optionType="button" data-testid="package-field-recordStatus">
                    <Radio.Button value={1}>{t('packages.enabled')}</Radio.Button>
                    <Radio.Button value={0}>{t('packages.disabled')}</Radio.Button>
                  </Radio.Group>
                </Form.Item>
              </Col>
            )}
          </Row>
        </Form>
      </Card>
      <Card
        title={t('packages.rateSheet')}
        size="small"
        extra={
          !detail &&
          templates &&
          templates.length > 0 && (
            <Space>
              <span>{t('packages.deriveFrom')}</span>
              <Select<number>
                style={{ width: 260 }}
                placeholder={t('packages.pickTemplate')}
                options={templates.map((x) => ({ value: x.templateId, label: seededText(t, 'templates', x) }))}
                onChange={(id) => void deriveFrom(id)}
                data-testid="package-template"
              />
            </Space>
          )
        }
      >
        <RateSheetGrid rows={rows} errors={errors} readOnly={readOnly} onChange={change} />
        {!readOnly && (
          <Space style={{ marginTop: 12 }} data-testid="rate-add">
            <span>{t('packages.grid.addCode')}</span>
            <Select<string>
              style={{ width: 120 }}
              value={newCode}
              onChange={setNewCode}
              placeholder={t('packages.grid.code')}
              options={BET_CODES.map((c) => ({ value: c, label: c === 'A' ? '3A' : c === 'C' ? '3C' : c }))}
              data-testid="rate-add-code"
            />
            <Select<number>
              style={{ width: 200 }}
              value={newPool}
              onChange={setNewPool}
              options={[{ value: 0, label: t('packages.grid.everyPool') }, ...SEEDED_POOLS.map((p) => ({ value: p.id, label: t('packages.grid.poolOnly', { pool: t(`admin.pools.${p.id}`, { defaultValue: p.name }) }) }))]}
              data-testid="rate-add-pool"
            />
            <Button
              disabled={!newCode}
              onClick={() => {
                if (!newCode) return;
                const next = addRow(rows, newCode, newPool || null);
                if (next === rows) alerts.error(t('packages.grid.duplicateRow'));
                else setRows(next);
              }}
              data-testid="rate-add-button"
            >
              {t('packages.grid.add')}
            </Button>
          </Space>
        )}
      </Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space>{extraActions}</Space>
        {!readOnly && (
          <Space>
            {detail && onDeleted && !detail.isDefault && (
              <Button danger icon={<DeleteOutlined aria-hidden />} onClick={remove} disabled={saving} data-testid="package-delete">
                {t('packages.delete')}
              </Button>
            )}
            <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="package-save">
              {t('common.save')}
            </Button>
          </Space>
        )}
      </Space>
    </Space>
  );
}
