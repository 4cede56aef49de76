import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Empty, Form, Input, Radio, Row, Select, Space, Table, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateMessage } from '../../i18n';
import { useAccess } from '../../navigation/useAccess';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { adminKeys, saveTemplate, useCategories, useCompanies, useTemplateItems, useTemplates, type MasterTemplate } from './api';
import { refusalKey } from './DrawModals';
import { defaultValue, ITEM_KINDS, itemErrors, itemFieldErrors, OPERATOR_SIGNS, POOL_LETTERS, toItemInputs, validItemValue, type EditableItem, type ItemKind } from './masterTemplate';
import './admin.css';
import { formatInstant } from '../../ui/time';
import { seededText } from '../../i18n/seeded';

const TIER_KEYS = ['first', 'second', 'third', 'starter', 'consolation', 'fourth', 'fifth', 'sixth'];
const PACKAGE_MANAGE = '/package/manage';

let uidSeq = 0;
const nextUid = () => `i${++uidSeq}`;

interface HeaderValues {
  name: string;
  description: string;
  ownerUserId: number;
  recordStatus: 0 | 1;
}

function ValueEditor({ item, error, onChange }: { item: EditableItem; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const status = error ? ('error' as const) : undefined;
  const testId = `template-value-${item.uid}`;
  switch (item.kind) {
    case 'date':
      return (
        <DatePicker
          value={item.value && validItemValue('date', item.value) ? dayjs(item.value) : null}
          format="YYYY-MM-DD"
          status={status}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : '')}
          data-testid={testId}
        />
      );
    case 'pool':
      return (
        <Tooltip title={t('admin.template.poolHint', { letters: POOL_LETTERS.join('') })}>
          <Input
            value={item.value}
            status={status}
            maxLength={POOL_LETTERS.length}
            style={{ width: 140, fontFamily: 'ui-monospace, monospace' }}
            onChange={(e) => onChange(e.target.value.toUpperCase().replace(/[^A-Z]/g, ''))}
            data-testid={testId}
          />
        </Tooltip>
      );
    case 'operator':
      return (
        <Radio.Group value={item.value} onChange={(e) => onChange(String(e.target.value))} optionType="button" size="small" data-testid={testId}>
          {Object.entries(OPERATOR_SIGNS).map(([v, sign]) => (
            <Radio.Button key={v} value={v}>
              {sign} {t(`admin.template.operators.${v === '*' ? 'multiply' : 'divide'}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      );
    case 'drawNumber':
      return <Input value={item.value} status={status} placeholder="5123/26" style={{ width: 140 }} onChange={(e) => onChange(e.target.value)} data-testid={testId} />;
    case 'box':
    case 'ibox':
    case 'ph':
      return (
        <Input value={item.value} status={status} placeholder={t('admin.template.optionalFigure')} style={{ width: 140 }} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      );
    case 'decimal':
    default:
      return <Input value={item.value} status={status} inputMode="decimal" style={{ width: 140 }} onChange={(e) => onChange(e.target.value.replace(/[^\d.]/g, ''))} data-testid={testId} />;
  }
}

/** /admin-setting/manage-master-template: the company sheets packages are derived from, items by category. */
export default function MasterTemplatePage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const access = useAccess();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = /^\d+$/.test(params.get('templateId') ?? '') ? Number(params.get('templateId')) : undefined;
  const creating = params.get('new') === '1';
  const templates = useTemplates();
  const categories = useCategories();
  const companies = useCompanies();
  const itemsQuery = useTemplateItems(creating ? undefined : selectedId);
  const [form] = Form.useForm<HeaderValues>();
  const [items, setItems] = useState<EditableItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState('all');
  const [saving, setSaving] = useState(false);

  const selected = templates.data?.find((x) => x.templateId === selectedId);
  const editing = creating || !!selected;

  useEffect(() => {
    if (creating) {
      form.setFieldsValue({ name: '', description: '', ownerUserId: 0, recordStatus: 1 });
      setItems([]);
      setErrors({});
    }
  }, [creating, form]);

  useEffect(() => {
    if (!creating && selected) {
      form.setFieldsValue({ name: selected.name, description: selected.description, ownerUserId: selected.ownerUserId ?? 0, recordStatus: selected.recordStatus === 0 ? 0 : 1 });
    }
  }, [creating, selected, form]);

  useEffect(() => {
    if (!creating && itemsQuery.data) {
      setItems(
        itemsQuery.data.map((i) => ({
          uid: nextUid(),
          categoryId: i.categoryId,
          kind: (ITEM_KINDS as readonly string[]).includes(i.kind) ? (i.kind as ItemKind) : 'decimal',
          code: i.code,
          tier: i.tier,
          label: i.label,
          value: i.value,
        })),
      );
      setErrors({});
    }
  }, [creating, itemsQuery.data]);

  const categoryName = (id: number) => {
    const c = categories.data?.find((x) => x.categoryId === id);
    return t(`admin.template.categories.${id}`, { defaultValue: c?.name ?? String(id) });
  };

  const update = (uid: string, patch: Partial<EditableItem>) => {
    setItems((list) => list.map((i) => (i.uid === uid ? { ...i, ...patch } : i)));
    setErrors((e) => {
      if (!e[uid]) return e;
      const { [uid]: _, ...rest } = e;
      return rest;
    });
  };
  const move = (uid: string, by: -1 | 1) =>
    setItems((list) => {
      const i = list.findIndex((x) => x.uid === uid);
      const j = i + by;
      if (i < 0 || j < 0 || j >= list.length) return list;
      const next = [...list];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
  const remove = (uid: string) => setItems((list) => list.filter((i) => i.uid !== uid));
  const add = () => {
    const categoryId = tab === 'all' ? (categories.data?.[0]?.categoryId ?? 1) : Number(tab);
    setItems((list) => [...list, { uid: nextUid(), categoryId, kind: 'decimal', code: null, tier: null, label: '', value: defaultValue('decimal') }]);
  };

  const select = (q: Record<string, string>) => {
    setTab('all');
    setParams(q);
  };

  const save = async (h: HeaderValues) => {
    const bad = itemErrors(items);
    setErrors(bad);
    if (Object.keys(bad).length) {
      alerts.errorKey('VALIDATION_FAILED');
      return;
    }
    setSaving(true);
    const r = await saveTemplate({
      templateId: creating ? undefined : selectedId,
      ownerUserId: h.ownerUserId ? h.ownerUserId : null,
      name: h.name.trim(),
      description: (h.description ?? '').trim(),
      recordStatus: h.recordStatus,
      items: toItemInputs(items),
    });
    setSaving(false);
    if (r.success && r.data) {
      void message.success(t('messages.SAVED'));
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates });
      void queryClient.invalidateQueries({ queryKey: adminKeys.templateItems(r.data.templateId) });
      select({ templateId: String(r.data.templateId) });
      return;
    }
    if (r.status === 400 && r.data) {
      const split = itemFieldErrors(r.data, items);
      setErrors(split.items);
      form.setFields(fieldErrorsToFields(split.fields, t) as never);
    }
    if (r.serverMessage === 'DUPLICATE_NAME') form.setFields([{ name: 'name', errors: [t('messages.DUPLICATE_NAME')] }]);
    alerts.error(translateMessage(t, refusalKey(r)));
  };

  const counts = useMemo(() => {
    const m = new Map<number, number>();
    for (const i of items) m.set(i.categoryId, (m.get(i.categoryId) ?? 0) + 1);
    return m;
  }, [items]);
  const shown = tab === 'all' ? items : items.filter((i) => i.categoryId === Number(tab));

  const listColumns: TableColumnsType<MasterTemplate> = [
    { title: t('admin.template.name'), dataIndex: 'name', key: 'name', render: (_: string, r) => <a data-testid={`template-open-${r.templateId}`}>{seededText(t, 'templates', r)}</a> },
    {
      title: t('admin.template.owner'),
      key: 'owner',
      render: (_: unknown, r) => r.ownerUsername ?? <Typography.Text type="secondary">{t('admin.template.everyCompany')}</Typography.Text>,
    },
    { title: t('admin.template.items'), dataIndex: 'itemCount', key: 'items', width: 80, align: 'right' },
    {
      title: t('admin.template.status'),
      key: 'status',
      width: 100,
      render: (_: unknown, r) => <Tag color={r.recordStatus === 1 ? 'green' : 'default'}>{t(r.recordStatus === 1 ? 'admin.template.enabled' : 'admin.template.disabled')}</Tag>,
    },
    {
      title: t('admin.template.updated'),
      key: 'updated',
      render: (_: unknown, r) => (r.updatedAt ? `${formatInstant(r.updatedAt)}${r.updatedBy ? ` · ${r.updatedBy}` : ''}` : '-'),
    },
  ];

  const itemColumns: TableColumnsType<EditableItem> = [
    { title: '#', key: 'pos', width: 44, render: (_: unknown, i) => items.indexOf(i) + 1 },
    {
      title: t('admin.template.category'),
      key: 'category',
      width: 150,
      render: (_: unknown, i) => (
        <Select<number>
          value={i.categoryId}
          size="small"
          style={{ width: 140 }}
          onChange={(categoryId) => update(i.uid, { categoryId })}
          options={(categories.data ?? []).map((c) => ({ value: c.categoryId, label: categoryName(c.categoryId) }))}
          data-testid={`template-category-${i.uid}`}
        />
      ),
    },
    {
      title: t('admin.template.kind'),
      key: 'kind',
      width: 160,
      render: (_: unknown, i) => (
        <Select<ItemKind>
          value={i.kind}
          size="small"
          style={{ width: 150 }}
          onChange={(kind) => update(i.uid, { kind, value: validItemValue(kind, i.value) ? i.value : defaultValue(kind) })}
          options={ITEM_KINDS.map((k) => ({ value: k, label: t(`admin.template.kinds.${k}`) }))}
          data-testid={`template-kind-${i.uid}`}
        />
      ),
    },
    {
      title: t('admin.template.code'),
      key: 'code',
      width: 90,
      render: (_: unknown, i) => (
        <Input size="small" value={i.code ?? ''} maxLength={4} style={{ width: 70 }} onChange={(e) => update(i.uid, { code: e.target.value.toUpperCase() || null })} data-testid={`template-code-${i.uid}`} />
      ),
    },
    {
      title: t('admin.template.tier'),
      key: 'tier',
      width: 140,
      render: (_: unknown, i) => (
        <Select<string>
          size="small"
          value={i.tier ?? ''}
          style={{ width: 130 }}
          onChange={(tier) => update(i.uid, { tier: tier || null })}
          options={[{ value: '', label: '-' }, ...TIER_KEYS.map((k) => ({ value: k, label: t(`packages.tiers.${k}`) }))]}
          data-testid={`template-tier-${i.uid}`}
        />
      ),
    },
    {
      title: t('admin.template.label'),
      key: 'label',
      width: 240,
      render: (_: unknown, i) => <Input size="small" value={i.label} maxLength={60} onChange={(e) => update(i.uid, { label: e.target.value })} data-testid={`template-label-${i.uid}`} />,
    },
    {
      title: t('admin.template.value'),
      key: 'value',
      width: 260,
      render: (_: unknown, i) => (
        <div data-testid={`template-item-${items.indexOf(i)}`}>
          <ValueEditor item={i} error={errors[i.uid]} onChange={(value) => update(i.uid, { value })} />
          {errors[i.uid] && <span className="grid-cell-error">{t(`validation.${errors[i.uid]}`, { defaultValue: t('validation.pattern') })}</span>}
        </div>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 110,
      render: (_: unknown, i) => (
        <Space size={2}>
          <Tooltip title={t('admin.template.up')}>
            <Button size="small" type="text" icon={<ArrowUpOutlined aria-hidden />} onClick={() => move(i.uid, -1)} aria-label={t('admin.template.up')} />
          </Tooltip>
          <Tooltip title={t('admin.template.down')}>
            <Button size="small" type="text" icon={<ArrowDownOutlined aria-hidden />} onClick={() => move(i.uid, 1)} aria-label={t('admin.template.down')} />
          </Tooltip>
          <Tooltip title={t('admin.template.remove')}>
            <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={() => remove(i.uid)} aria-label={t('admin.template.remove')} data-testid={`template-remove-${i.uid}`} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="master-template">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <div>
          <Typography.Title level={3}>{t('admin.routes.masterTemplate')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('admin.template.intro')}</Typography.Paragraph>
        </div>
        {access.hasRoute(PACKAGE_MANAGE) && (
          <Link to={PACKAGE_MANAGE} data-testid="template-packages-link">
            <Button icon={<UnorderedListOutlined aria-hidden />}>{t('admin.template.packages')}</Button>
          </Link>
        )}
      </Space>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card
            title={t('admin.template.list')}
            extra={
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => select({ new: '1' })} data-testid="template-new">
                {t('admin.template.new')}
              </Button>
            }
          >
            <Table<MasterTemplate>
              rowKey="templateId"
              size="small"
              columns={listColumns}
              dataSource={templates.data ?? []}
              loading={templates.isLoading}
              pagination={false}
              rowClassName={(r) => (r.templateId === selectedId && !creating ? 'ant-table-row-selected' : '')}
              onRow={(r) => ({ onClick: () => select({ templateId: String(r.templateId) }), style: { cursor: 'pointer' } })}
              locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
              data-testid="templates-table"
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={creating ? t('admin.template.new') : selected ? t('admin.template.editTitle', { name: seededText(t, 'templates', selected) }) : t('admin.template.editor')} data-testid="template-editor">
            {!editing ? (
              <Empty description={t('admin.template.pick')} />
            ) : (
              <Form<HeaderValues> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="template-form">
                <Row gutter={16}>
                  <Col span={8}>
                    <Form.Item name="name" label={t('admin.template.name')} rules={rules({ required: true, maxLength: 60 })}>
                      <Input maxLength={60} data-testid="template-name" />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="ownerUserId" label={t('admin.template.owner')}>
                      <Select<number>
                        options={[
                          { value: 0, label: t('admin.template.everyCompany') },
                          ...(companies.data?.items ?? []).map((c) => ({ value: c.userId, label: `${c.username} (${c.fullName})` })),
                        ]}
                        data-testid="template-owner"
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="recordStatus" label={t('admin.template.status')}>
                      <Radio.Group optionType="button" data-testid="template-status">
                        <Radio.Button value={1}>{t('admin.template.enabled')}</Radio.Button>
                        <Radio.Button value={0}>{t('admin.template.disabled')}</Radio.Button>
                      </Radio.Group>
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="description" label={t('admin.template.description')} rules={rules({ maxLength: 300 })}>
                  <Input.TextArea rows={2} maxLength={300} data-testid="template-description" />
                </Form.Item>
                <Tabs
                  activeKey={tab}
                  onChange={setTab}
                  items={[
                    { key: 'all', label: <span data-testid="template-tab-all">{t('admin.template.all', { count: items.length })}</span> },
                    ...(categories.data ?? []).map((c) => ({
                      key: String(c.categoryId),
                      label: <span data-testid={`template-tab-${c.categoryId}`}>{`${categoryName(c.categoryId)} (${counts.get(c.categoryId) ?? 0})`}</span>,
                    })),
                  ]}
                />
                <Table<EditableItem>
                  rowKey="uid"
                  size="small"
                  columns={itemColumns}
                  dataSource={shown}
                  loading={itemsQuery.isFetching}
                  pagination={false}
                  scroll={{ y: 560, x: 'max-content' }}
                  locale={{ emptyText: t('admin.template.noItems') }}
                  data-testid="template-items"
                />
                <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
                  <Button icon={<PlusOutlined aria-hidden />} onClick={add} data-testid="template-add-item">
                    {t('admin.template.addItem')}
                  </Button>
                  <Space>
                    <Button onClick={() => select({})} data-testid="template-cancel">
                      {t('common.cancel')}
                    </Button>
                    <Button type="primary" htmlType="submit" loading={saving} data-testid="template-save">
                      {t('common.save')}
                    </Button>
                  </Space>
                </Space>
              </Form>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
