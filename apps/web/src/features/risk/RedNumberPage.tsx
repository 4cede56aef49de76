import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Modal, Popover, Row, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MAX_UNITS, centsToUnits, unitsToCents } from '../../ui/money';
import { translateMessage } from '../../i18n';
import { useAccess } from '../../navigation/useAccess';
import { NumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { deleteRedNumber, riskKeys, saveRedNumber, usePermutationTypes, usePools, useRedNumbers, type RedNumber } from './api';
import { NumberQueuePanel } from './NumberQueuePanel';
import { coveredNumbers, matchingType, RED_NUMBER_PATTERN, typeFits } from './redNumber';
import './risk.css';
import { formatInstant } from '../../ui/time';

const FIGHT_LIMIT = '/manage-fight-limit';

interface Values {
  number: string;
  type?: number;
  poolId: number;
  limitAmount?: number;
}

function Permutations({ numbers, testId }: { numbers: string[]; testId?: string }) {
  return (
    <div className="permutation-list" data-testid={testId}>
      {numbers.map((n) => (
        <Tag key={n} style={{ fontFamily: 'ui-monospace, monospace', marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
    </div>
  );
}

/** /admin-setting/rednumber: red numbers (a lower limit for a number or its permutation group) and the number queue. */
export default function RedNumberPage() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const alerts = useAlerts();
  const access = useAccess();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'queue' ? 'queue' : 'list';
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [poolFilter, setPoolFilter] = useState(0);
  const types = usePermutationTypes();
  const pools = usePools();
  const reds = useRedNumbers(applied, poolFilter || undefined);
  const [editing, setEditing] = useState<RedNumber | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const number = Form.useWatch('number', form) ?? '';
  const typeId = Form.useWatch('type', form);
  const canCreate = access.can('Red Number', [2, 3]);
  const canDelete = access.can('Red Number', [4]);
  const typeList = useMemo(() => types.data ?? [], [types.data]);
  const type = typeList.find((x) => x.id === typeId);
  const covered = typeId && RED_NUMBER_PATTERN.test(number) && typeFits(number, type) ? coveredNumbers(number, typeId) : [];

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing === 'new'
        ? { number: '', type: undefined, poolId: 0, limitAmount: undefined }
        : { number: editing.number, type: editing.type, poolId: editing.poolId ?? 0, limitAmount: centsToUnits(editing.limitAmount) },
    );
  }, [editing, form]);

  const typeName = (id: number) => {
    const x = typeList.find((p) => p.id === id);
    return t(`risk.red.types.${id}`, { defaultValue: x?.name ?? String(id) });
  };
  const poolName = (id: number | null) => {
    if (id === null) return t('risk.red.allPools');
    const p = pools.data?.find((x) => x.poolId === id);
    return p ? `${p.letter} · ${t(`admin.pools.${id}`, { defaultValue: p.name })}` : String(id);
  };

  const onNumber = (digits: string) => {
    // Suggest the type that matches the number's permutation group (1234 -> 24P); normal stays normal.
    const current = typeList.find((x) => x.id === form.getFieldValue('type'));
    if (RED_NUMBER_PATTERN.test(digits) && (!current || !typeFits(digits, current))) {
      const m = matchingType(digits, typeList);
      if (m) form.setFieldValue('type', m.id);
    }
  };

  const save = async (v: Values) => {
    if (v.type === undefined) return;
    setSaving(true);
    const r = await saveRedNumber({
      id: editing && editing !== 'new' ? editing.id : undefined,
      number: v.number,
      type: v.type,
      poolId: v.poolId || null,
      limitAmount: unitsToCents(v.limitAmount) ?? 0,
    });
    setSaving(false);
    if (r.success && r.data) {
      void message.success(t('messages.SAVED'));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: riskKeys.redAll });
      return;
    }
    if (r.status === 400 && r.data) form.setFields(fieldErrorsToFields(r.data, t) as never);
    if (r.serverMessage === 'DUPLICATED_NUMBER') form.setFields([{ name: 'number', errors: [t('messages.DUPLICATED_NUMBER')] }]);
    alerts.error(translateMessage(t, r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message));
  };

  const remove = (red: RedNumber) =>
    alerts.confirm(t('risk.red.confirmDelete', { number: red.number, type: typeName(red.type) }), () => {
      void (async () => {
        const r = await deleteRedNumber(red.id);
        if (r.success) {
          void message.success(t('risk.red.deleted', { number: red.number }));
          void queryClient.invalidateQueries({ queryKey: riskKeys.redAll });
        } else {
          alerts.errorKey(r.message);
        }
      })();
    });

  const columns: TableColumnsType<RedNumber> = [
    { title: t('risk.red.number'), dataIndex: 'number', key: 'number', width: 110, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('risk.red.type'), dataIndex: 'type', key: 'type', width: 100, render: (v: number) => <Tag color={v === 1 ? 'default' : 'red'}>{typeName(v)}</Tag> },
    { title: t('risk.red.pool'), dataIndex: 'poolId', key: 'pool', render: (v: number | null) => poolName(v) },
    { title: t('risk.red.limit'), dataIndex: 'limitAmount', key: 'limit', align: 'right', width: 140, render: (v: number) => <span className="num">{formatCents(v)}</span> },
    {
      title: t('risk.red.permutations'),
      key: 'permutations',
      render: (_: unknown, r) =>
        r.permutations.length > 1 ? (
          <Popover content={<div style={{ maxWidth: 420 }}><Permutations numbers={r.permutations} /></div>} title={t('risk.red.covers', { count: r.permutations.length })}>
            <Button size="small" type="link" data-testid={`red-number-permutations-${r.id}`}>
              {t('risk.red.coversShort', { count: r.permutations.length })}
            </Button>
          </Popover>
        ) : (
          <Typography.Text type="secondary">{t('risk.red.onlyItself')}</Typography.Text>
        ),
    },
    { title: t('risk.red.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, render: (v: string) => formatInstant(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 190,
      render: (_: unknown, r) => (
        <Space>
          {canCreate && (
            <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(r)} data-testid={`red-number-edit-${r.id}`}>
              {t('common.edit')}
            </Button>
          )}
          {canDelete && (
            <Button size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={() => remove(r)} data-testid={`red-number-delete-${r.id}`}>
              {t('risk.red.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const typeError = typeId && RED_NUMBER_PATTERN.test(number) && !typeFits(number, type);

  const list = (
    <Card
      title={t('risk.red.list')}
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')} data-testid="red-number-new">
            {t('risk.red.new')}
          </Button>
        )
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          value={search}
          placeholder={t('risk.red.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onSearch={(v) => setApplied(v.replace(/\D/g, '').slice(0, 6))}
          style={{ width: 240 }}
          data-testid="red-number-search"
        />
        <Select<number>
          style={{ width: 220 }}
          value={poolFilter}
          onChange={setPoolFilter}
          options={[{ value: 0, label: t('admin.schedule.allPools') }, ...(pools.data ?? []).map((p) => ({ value: p.poolId, label: poolName(p.poolId) }))]}
          data-testid="red-number-pool"
        />
      </Space>
      <Table<RedNumber>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={reds.data ?? []}
        loading={reds.isFetching}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        expandable={{
          rowExpandable: (r) => r.permutations.length > 1,
          expandedRowRender: (r) => <Permutations numbers={r.permutations} testId={`red-number-covered-${r.id}`} />,
        }}
        locale={{ emptyText: t('risk.red.empty') }}
        data-testid="red-number-table"
      />
    </Card>
  );

  return (
    <div data-testid="red-number">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={3}>{t('risk.routes.redNumber')}</Typography.Title>
        {access.hasRoute(FIGHT_LIMIT) && (
          <Link to={FIGHT_LIMIT} data-testid="red-number-fight-limit">
            <Button>{t('risk.routes.fightLimit')}</Button>
          </Link>
        )}
      </Space>
      <Typography.Paragraph type="secondary">{t('risk.red.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'queue' ? { tab: 'queue' } : {}, { replace: true })}
        items={[
          { key: 'list', label: <span data-testid="red-number-tab-list">{t('risk.red.tab')}</span>, children: list },
          { key: 'queue', label: <span data-testid="red-number-tab-queue">{t('risk.queue.title')}</span>, children: <Card><NumberQueuePanel pools={pools.data ?? []} /></Card> },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('risk.red.new') : editing ? t('risk.red.editTitle', { number: editing.number }) : ''}
        width={640}
        onCancel={() => setEditing(null)}
        forceRender
        footer={
          <Space>
            <Button onClick={() => setEditing(null)} data-testid="red-number-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="red-number-save">
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="red-number-form">
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="number"
                label={t('risk.red.number')}
                rules={[...rules({ required: true }), { pattern: RED_NUMBER_PATTERN, message: t('risk.red.fourDigits') }]}
                getValueFromEvent={(e: React.ChangeEvent<HTMLInputElement>) => {
                  const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
                  onNumber(digits);
                  return digits;
                }}
              >
                <Input maxLength={4} inputMode="numeric" style={{ fontFamily: 'ui-monospace, monospace' }} data-testid="red-number-number" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="type"
                label={t('risk.red.type')}
                rules={rules({ required: true })}
                validateStatus={typeError ? 'error' : undefined}
                help={typeError ? t('risk.red.typeMismatch', { number, count: coveredNumbers(number, 5).length, type: type ? typeName(type.id) : '' }) : undefined}
              >
                <Select<number>
                  options={typeList.map((x) => ({ value: x.id, label: `${typeName(x.id)}${x.permutations > 1 ? ` (${t('risk.red.nNumbers', { count: x.permutations })})` : ''}` }))}
                  data-testid="red-number-type"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="poolId" label={t('risk.red.pool')}>
                <Select<number>
                  options={[{ value: 0, label: t('risk.red.allPools') }, ...(pools.data ?? []).map((p) => ({ value: p.poolId, label: poolName(p.poolId) }))]}
                  data-testid="red-number-pool-field"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="limitAmount" label={t('risk.red.limit')} rules={rules({ required: true, min: 0, max: MAX_UNITS })} extra={t('risk.red.limitHint')}>
                <NumericInput decimals={2} data-testid="red-number-limit" />
              </Form.Item>
            </Col>
          </Row>
          <div data-testid="red-number-preview">
            <Typography.Text strong>{covered.length ? t('risk.red.covers', { count: covered.length }) : t('risk.red.previewHint')}</Typography.Text>
            {covered.length > 0 && (
              <div style={{ marginTop: 8 }}>
                <Permutations numbers={covered} testId="red-number-preview-list" />
              </div>
            )}
          </div>
        </Form>
      </Modal>
    </div>
  );
}
