import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio, Table } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccessOption } from '@app/domain';
import { fieldErrorsToFields, useFieldRules } from '../../ui/validation';
import { rolesKey, saveRole, useActivities, useActivityPermissionSetting, useRoleDetail, type NamedId } from './api';
import { editorOptions } from './accessLetters';
import { roleForm } from './rules';

interface Values {
  name: string;
  description: string;
  activities: Record<string, AccessOption>;
}

const DEFAULT_OPTIONS: AccessOption[] = ['None', 'View', 'Control'];

/** Create or edit a role: name, description and, per function, None / View / Control. */
export function RoleEditorModal({ roleId, open, onClose }: { roleId?: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const activities = useActivities();
  const settings = useActivityPermissionSetting();
  const detail = useRoleDetail(open ? roleId : undefined);
  const options = settings.data?.map((s) => s.option) ?? DEFAULT_OPTIONS;
  const isEdit = roleId !== undefined;

  useEffect(() => {
    if (!open || !activities.data) return;
    if (isEdit && !detail.data) return;
    form.setFieldsValue({
      name: detail.data?.name ?? '',
      description: detail.data?.description ?? '',
      activities: editorOptions(activities.data, isEdit ? detail.data?.activities : []) as Record<string, AccessOption>,
    });
  }, [open, isEdit, activities.data, detail.data, form]);

  const save = async (values: Values) => {
    setSaving(true);
    const r = await saveRole({
      id: roleId,
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      activities: (activities.data ?? []).map((a) => ({
        activityId: a.id,
        option: values.activities?.[String(a.id)] ?? 'None',
      })),
    });
    setSaving(false);
    if (r.success) {
      void message.success(t('roles.saved'));
      void queryClient.invalidateQueries({ queryKey: rolesKey });
      void queryClient.invalidateQueries({ queryKey: ['roleDetail'] });
      onClose();
    } else if (r.status === 400) {
      form.setFields(fieldErrorsToFields(r.data, t) as never);
    }
  };

  const columns = [
    {
      title: t('roles.function'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => t(`functions.${name}`, { defaultValue: name }),
    },
    {
      title: t('roles.access'),
      key: 'access',
      width: 280,
      render: (_: unknown, a: NamedId) => (
        <Form.Item name={['activities', String(a.id)]} noStyle>
          <Radio.Group data-testid={`role-activity-${a.id}`} size="small">
            {options.map((o) => (
              <Radio key={o} value={o} data-testid={`role-activity-${a.id}-${o}`}>
                {t(`roles.options.${o}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={isEdit ? t('roles.editRole') : t('roles.createRole')}
      width={720}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'role-editor-save' }}
      cancelButtonProps={{ 'data-testid': 'role-editor-cancel' }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="role-editor">
        <Form.Item name="name" label={t('roles.name')} rules={rules(roleForm.name)}>
          <Input data-testid="role-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')} rules={rules(roleForm.description)}>
          <Input.TextArea data-testid="role-description" maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Table<NamedId>
          rowKey="id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={activities.data ?? []}
          loading={activities.isLoading || (isEdit && detail.isLoading)}
          scroll={{ y: 360 }}
          data-testid="role-activities"
        />
      </Form>
    </Modal>
  );
}
