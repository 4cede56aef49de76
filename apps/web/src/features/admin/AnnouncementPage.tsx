import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Radio, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_LIMITS } from '@app/domain';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { useCompanies } from './api';
import { deleteAnnouncement, saveAnnouncement, sysKeys, useAnnouncements, type Announcement } from './administration';
import './admin.css';

interface Values {
  title: string;
  message: string;
  titleCn?: string;
  messageCn?: string;
  titleBm?: string;
  messageBm?: string;
  target: 'all' | 'chosen';
  companyIds: number[];
}

/**
 * /admin-setting/annoucenment-setting: the super admin's announcements (title, message, created date),
 * for every company or chosen ones, with optional Chinese and Malay texts; deleted after SPEC 8's confirm.
 * Title and message are bounded as SPEC 9's notification dialog (34 and 400 characters).
 */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const list = useAnnouncements();
  const companies = useCompanies();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form);

  const open = (a: Announcement | 'new') => {
    setEditing(a);
    form.resetFields();
    if (a !== 'new') {
      form.setFieldsValue({
        title: a.title,
        message: a.message,
        titleCn: a.titleCn ?? '',
        messageCn: a.messageCn ?? '',
        titleBm: a.titleBm ?? '',
        messageBm: a.messageBm ?? '',
        target: a.allCompanies ? 'all' : 'chosen',
        companyIds: a.companies.map((c) => c.id),
      });
    } else form.setFieldsValue({ target: 'all', companyIds: [] });
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: sysKeys.announcements });
    void queryClient.invalidateQueries({ queryKey: sysKeys.mine });
  };

  const submit = async (v: Values) => {
    setSaving(true);
    const r = await saveAnnouncement({
      id: editing && editing !== 'new' ? editing.id : undefined,
      title: v.title,
      message: v.message,
      titleCn: v.titleCn || null,
      messageCn: v.messageCn || null,
      titleBm: v.titleBm || null,
      messageBm: v.messageBm || null,
      allCompanies: v.target === 'all',
      companyIds: v.target === 'all' ? [] : v.companyIds,
    });
    setSaving(false);
    if (r.success) {
      setEditing(null);
      refresh();
      void message.success(t('sysadmin.announcement.saved'));
    } else if (r.status === 400 && r.data) form.setFields(fieldErrorsToFields(r.data, t) as never);
    else alerts.errorKey(r.serverMessage || r.message);
  };

  const remove = (a: Announcement) =>
    alerts.confirm(t('sysadmin.announcement.deleteConfirm'), () => {
      void deleteAnnouncement(a.id).then((r) => {
        if (r.success) {
          refresh();
          void message.success(t('sysadmin.announcement.deleted'));
        } else alerts.errorKey(r.message);
      });
    });

  const columns: TableColumnsType<Announcement> = [
    {
      title: t('sysadmin.announcement.title'),
      key: 'title',
      render: (_: unknown, a) => (
        <div>
          <Typography.Text strong>{a.title}</Typography.Text>
          <div className="setting-meaning">{a.message}</div>
          <Space size={4} style={{ marginTop: 4 }}>
            {a.titleCn && <Tag>中文</Tag>}
            {a.titleBm && <Tag>BM</Tag>}
          </Space>
        </div>
      ),
    },
    {
      title: t('sysadmin.announcement.target'),
      key: 'target',
      width: 220,
      render: (_: unknown, a) =>
        a.allCompanies ? <Tag color="blue">{t('sysadmin.announcement.allCompanies')}</Tag> : a.companies.map((c) => <Tag key={c.id}>{c.username}</Tag>),
    },
    { title: t('sysadmin.announcement.createdDate'), key: 'created', width: 150, render: (_: unknown, a) => <span className="num">{formatInstant(a.createdAt)}</span> },
    { title: t('sysadmin.announcement.createdBy'), dataIndex: 'createdBy', width: 120 },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, a) => (
        <Space>
          <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => open(a)} aria-label={t('sysadmin.announcement.edit')} data-testid={`announcement-edit-${a.id}`} />
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={() => remove(a)} aria-label={t('sysadmin.announcement.remove')} data-testid={`announcement-delete-${a.id}`} />
        </Space>
      ),
    },
  ];

  const text = (name: keyof Values, label: string, max: number, required = false, area = false) => (
    <Form.Item name={name} label={label} rules={rules({ required, maxLength: max })}>
      {area ? <Input.TextArea rows={3} showCount maxLength={max} data-testid={`announcement-${name}`} /> : <Input showCount maxLength={max} data-testid={`announcement-${name}`} />}
    </Form.Item>
  );

  return (
    <div data-testid="announcement-setting">
      <Typography.Title level={3}>{t('sysadmin.routes.announcement')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sysadmin.announcement.intro')}</Typography.Paragraph>
      <Card>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open('new')} style={{ marginBottom: 12 }} data-testid="announcement-add">
          {t('sysadmin.announcement.add')}
        </Button>
        <Table<Announcement>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isLoading}
          locale={{ emptyText: t('sysadmin.announcement.none') }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          data-testid="announcement-table"
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('sysadmin.announcement.add') : t('sysadmin.announcement.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        width={640}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'announcement-save' } as never}
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          {text('title', t('sysadmin.announcement.title'), ALERT_LIMITS.title, true)}
          {text('message', t('sysadmin.announcement.message'), ALERT_LIMITS.message, true, true)}
          <Form.Item name="target" label={t('sysadmin.announcement.target')}>
            <Radio.Group data-testid="announcement-target">
              <Radio value="all">{t('sysadmin.announcement.allCompanies')}</Radio>
              <Radio value="chosen">{t('sysadmin.announcement.chosenCompanies')}</Radio>
            </Radio.Group>
          </Form.Item>
          {target === 'chosen' && (
            <Form.Item name="companyIds" label={t('sysadmin.announcement.companies')} rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }]}>
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                loading={companies.isLoading}
                options={(companies.data?.items ?? []).map((c) => ({ value: c.userId, label: c.username }))}
                data-testid="announcement-companies"
              />
            </Form.Item>
          )}
          <Typography.Text strong>{t('sysadmin.announcement.translations')}</Typography.Text>
          {text('titleCn', t('sysadmin.announcement.titleCn'), ALERT_LIMITS.title)}
          {text('messageCn', t('sysadmin.announcement.messageCn'), ALERT_LIMITS.message, false, true)}
          {text('titleBm', t('sysadmin.announcement.titleBm'), ALERT_LIMITS.title)}
          {text('messageBm', t('sysadmin.announcement.messageBm'), ALERT_LIMITS.message, false, true)}
        </Form>
      </Modal>
    </div>
  );
}
