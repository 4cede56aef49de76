import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Input, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkSetting, SETTING_GROUPS, settingDef } from '@app/domain';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrors, saveSettings, sysKeys, useSettings, type SystemSetting } from './administration';
import './admin.css';

/**
 * /admin-setting/system-setting: every system setting with its meaning, a typed editor (number with its
 * bounds, time, on/off, URL, result-site JSON), its default and who changed it last. Checked here as the
 * server checks it (packages/domain systemSettings); the server's refusal names each bad key.
 */
export default function SystemSettingPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (settings.data) setEdits(Object.fromEntries(settings.data.map((s) => [s.key, s.value])));
  }, [settings.data]);

  const changed = useMemo(() => (settings.data ?? []).filter((s) => edits[s.key] !== undefined && edits[s.key] !== s.value), [settings.data, edits]);

  const set = (key: string, value: string) => {
    setEdits((e) => ({ ...e, [key]: value }));
    const def = settingDef(key);
    const problem = def ? checkSetting(def, value) : null;
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return problem ? { ...rest, [key]: problem } : rest;
    });
  };

  const save = async () => {
    if (Object.keys(errors).length) return;
    setSaving(true);
    const r = await saveSettings(changed.map((s) => ({ key: s.key, value: edits[s.key] })));
    setSaving(false);
    if (r.success && r.data) {
      queryClient.setQueryData(sysKeys.settings, r.data);
      void message.success(t('sysadmin.settings.saved'));
      return;
    }
    const fields = fieldErrors(r);
    if (fields) setErrors(fields);
    else alerts.errorKey(r.serverMessage || r.message);
  };

  const unit = (s: SystemSetting) => (s.unit ? t(`sysadmin.settings.units.${s.unit}`, { defaultValue: s.unit }) : '');

  const editor = (s: SystemSetting) => {
    const v = edits[s.key] ?? '';
    const status = errors[s.key] ? 'error' : undefined;
    const testId = `setting-${s.key}`;
    switch (s.kind) {
      case 'boolean':
        return <Switch checked={v === 'true'} onChange={(on) => set(s.key, on ? 'true' : 'false')} checkedChildren={t('sysadmin.settings.on')} unCheckedChildren={t('sysadmin.settings.off')} data-testid={testId} />;
      case 'flag':
        return <Switch checked={v === '1'} onChange={(on) => set(s.key, on ? '1' : '0')} checkedChildren="1" unCheckedChildren="0" data-testid={testId} />;
      case 'sites':
        return (
          <Input.TextArea
            value={v}
            status={status}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t('sysadmin.settings.empty')}
            onChange={(e) => set(s.key, e.target.value)}
            className="setting-json"
            data-testid={testId}
          />
        );
      case 'folder':
        return <Input value={v} status={status} placeholder={t('sysadmin.settings.folderDefault')} maxLength={400} onChange={(e) => set(s.key, e.target.value)} data-testid={testId} />;
      case 'url':
        return <Input value={v} status={status} placeholder="https://" onChange={(e) => set(s.key, e.target.value)} data-testid={testId} />;
      case 'time':
        return <Input value={v} status={status} placeholder="HH:MM" maxLength={5} style={{ width: 110 }} onChange={(e) => set(s.key, e.target.value)} data-testid={testId} />;
      default:
        return <Input value={v} status={status} inputMode="decimal" suffix={s.unit ? unit(s) : undefined} style={{ width: 180 }} onChange={(e) => set(s.key, e.target.value)} data-testid={testId} />;
    }
  };

  const columns: TableColumnsType<SystemSetting> = [
    {
      title: t('sysadmin.settings.meaning'),
      key: 'meaning',
      render: (_: unknown, s) => (
        <div>
          <Typography.Text strong code>
            {s.key}
          </Typography.Text>
          <div className="setting-meaning">{t(`sysadmin.settings.meanings.${s.key}`, { defaultValue: '' })}</div>
          {settingDef(s.key)?.storedOnly && (
            <Tag color="default" data-testid={`setting-stored-only-${s.key}`}>
              {t('sysadmin.settings.storedOnly')}
            </Tag>
          )}
          {s.kind === 'sites' && <Typography.Text type="secondary" className="setting-help">{t('sysadmin.settings.sitesHelp')}</Typography.Text>}
        </div>
      ),
    },
    {
      title: t('sysadmin.settings.value'),
      key: 'value',
      width: 380,
      render: (_: unknown, s) => (
        <div>
          {editor(s)}
          {errors[s.key] && (
            <div className="setting-error" data-testid={`setting-error-${s.key}`}>
              {t(`validation.${errors[s.key]}`)}
            </div>
          )}
          <Typography.Text type="secondary" className="setting-help">
            {s.min !== null && s.max !== null && `${t('sysadmin.settings.bounds', { min: s.min, max: s.max })} ${unit(s)} · `}
            {t('sysadmin.settings.default', { value: s.defaultValue === '' || s.defaultValue === null ? t('sysadmin.settings.empty') : s.defaultValue })}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('sysadmin.settings.updated'),
      key: 'updated',
      width: 170,
      render: (_: unknown, s) => (s.updatedAt ? <span className="num">{`${formatInstant(s.updatedAt)} ${s.updatedBy ?? ''}`}</span> : '-'),
    },
  ];

  return (
    <div data-testid="system-setting">
      <Typography.Title level={3}>{t('sysadmin.routes.systemSetting')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sysadmin.settings.intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<SaveOutlined aria-hidden />} disabled={!changed.length || Object.keys(errors).length > 0} loading={saving} onClick={() => void save()} data-testid="settings-save">
          {t('sysadmin.settings.saveAll')}
        </Button>
        {changed.length > 0 && <Tag color="orange">{t('sysadmin.settings.changed', { count: changed.length })}</Tag>}
      </Space>
      {SETTING_GROUPS.map((g) => {
        const list = (settings.data ?? []).filter((s) => s.group === g);
        if (!list.length && !settings.isLoading) return null;
        return (
          <Card key={g} title={t(`sysadmin.settings.groups.${g}`)} size="small" style={{ marginBottom: 16 }}>
            <Table<SystemSetting> rowKey="key" size="small" columns={columns} dataSource={list} loading={settings.isLoading} pagination={false} data-testid={`settings-${g}`} />
          </Card>
        );
      })}
    </div>
  );
}
