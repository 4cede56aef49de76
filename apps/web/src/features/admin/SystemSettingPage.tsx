import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Input, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SaveOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkSetting, SETTING_GROUPS, settingDef, type SettingGroup } from '@app/domain';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { fieldErrors, saveSettings, sysKeys, useSettings, type SystemSetting } from './administration';
import './admin.css';

/**
 * /admin-setting/system-setting: the system settings grouped by area (packages/domain SETTING_GROUPS),
 * each with its name and meaning in the reader's language, a typed editor (number with its bounds, time,
 * yes/no, URL, result-site JSON), its default and who changed it last. A filter box finds a setting by its
 * name, meaning or key; each area has its own Save, which sends only that area's changed settings (the
 * server takes any subset). Checked here as the server checks it; the server's refusal names each bad key.
 */
export default function SystemSettingPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<SettingGroup | null>(null);
  const [filter, setFilter] = useState('');

  // The stored values, once: a later read (another area saved) keeps what is being edited elsewhere.
  useEffect(() => {
    if (settings.data) setEdits((e) => ({ ...Object.fromEntries(settings.data.map((s) => [s.key, s.value])), ...e }));
  }, [settings.data]);

  const name = (key: string) => t(`words.settings.names.${key}`, { defaultValue: key });
  const meaning = (key: string) => t(`sysadmin.settings.meanings.${key}`, { defaultValue: '' });
  const groupName = (g: string) => t(`words.settings.groups.${g}`, { defaultValue: g });
  const changedIn = (list: SystemSetting[]) => list.filter((s) => edits[s.key] !== undefined && edits[s.key] !== s.value);

  // The filter: a setting's name, meaning or key, or its area's name, in the reader's language.
  const q = filter.trim().toLowerCase();
  const shown = (settings.data ?? []).filter((s) => !q || [name(s.key), meaning(s.key), s.key, groupName(s.group)].some((x) => x.toLowerCase().includes(q)));

  const set = (key: string, value: string) => {
    setEdits((e) => ({ ...e, [key]: value }));
    const def = settingDef(key);
    const problem = def ? checkSetting(def, value) : null;
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return problem ? { ...rest, [key]: problem } : rest;
    });
  };

  const save = async (g: SettingGroup) => {
    const list = (settings.data ?? []).filter((s) => s.group === g);
    const changed = changedIn(list);
    if (!changed.length || list.some((s) => errors[s.key])) return;
    setSaving(g);
    const r = await saveSettings(changed.map((s) => ({ key: s.key, value: edits[s.key] })));
    setSaving(null);
    if (r.success && r.data) {
      queryClient.setQueryData(sysKeys.settings, r.data);
      // This area's fields as stored (normalised: 9:30 reads 09:30); the other areas as being edited.
      const stored = new Map(r.data.map((s) => [s.key, s.value]));
      setEdits((e) => ({ ...e, ...Object.fromEntries(list.map((s) => [s.key, stored.get(s.key) ?? s.value])) }));
      void message.success(t('words.settings.saved', { group: groupName(g) }));
      return;
    }
    const fields = fieldErrors(r);
    if (fields) setErrors((e) => ({ ...e, ...fields }));
    else alerts.errorKey(r.serverMessage || r.message);
  };

  const unit = (s: SystemSetting) => (s.unit ? t(`sysadmin.settings.units.${s.unit}`, { defaultValue: s.unit }) : '');
  // A default as the editor shows it: yes/no for a switch, "not set" for nothing.
  const shownValue = (s: SystemSetting, v: string | null) => {
    if (v === '' || v === null) return t('sysadmin.settings.empty');
    if (s.kind === 'boolean') return v === 'true' ? t('common.yes') : t('common.no');
    if (s.kind === 'flag') return v === '1' ? t('common.yes') : t('common.no');
    return s.unit ? `${v} ${unit(s)}` : v;
  };

  const editor = (s: SystemSetting) => {
    const v = edits[s.key] ?? '';
    const status = errors[s.key] ? 'error' : undefined;
    const testId = `setting-${s.key}`;
    const label = name(s.key);
    switch (s.kind) {
      case 'boolean':
        return <Switch checked={v === 'true'} onChange={(on) => set(s.key, on ? 'true' : 'false')} checkedChildren={t('common.yes')} unCheckedChildren={t('common.no')} aria-label={label} data-testid={testId} />;
      case 'flag':
        return <Switch checked={v === '1'} onChange={(on) => set(s.key, on ? '1' : '0')} checkedChildren={t('common.yes')} unCheckedChildren={t('common.no')} aria-label={label} data-testid={testId} />;
      case 'sites':
        return (
          <Input.TextArea
            value={v}
            status={status}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t('sysadmin.settings.empty')}
            onChange={(e) => set(s.key, e.target.value)}
            className="setting-json"
            aria-label={label}
            data-testid={testId}
          />
        );
      case 'folder':
        return <Input value={v} status={status} placeholder={t('sysadmin.settings.folderDefault')} maxLength={400} onChange={(e) => set(s.key, e.target.value)} aria-label={label} data-testid={testId} />;
      case 'url':
        return <Input value={v} status={status} placeholder="https://" onChange={(e) => set(s.key, e.target.value)} aria-label={label} data-testid={testId} />;
      case 'time':
        return <Input value={v} status={status} placeholder="HH:MM" maxLength={5} style={{ width: 110 }} onChange={(e) => set(s.key, e.target.value)} aria-label={label} data-testid={testId} />;
      default:
        return <Input value={v} status={status} inputMode="decimal" suffix={s.unit ? unit(s) : undefined} style={{ width: 180 }} onChange={(e) => set(s.key, e.target.value)} aria-label={label} data-testid={testId} />;
    }
  };

  const columns: TableColumnsType<SystemSetting> = [
    {
      title: t('sysadmin.settings.meaning'),
      key: 'meaning',
      render: (_: unknown, s) => (
        <div data-testid={`setting-row-${s.key}`}>
          <Typography.Text strong data-testid={`setting-name-${s.key}`}>
            {name(s.key)}
          </Typography.Text>{' '}
          <span className="audit-code">{s.key}</span>
          <div className="setting-meaning">{meaning(s.key)}</div>
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
          <Typography.Text type="secondary" className="setting-help" data-testid={`setting-default-${s.key}`}>
            {s.min !== null && s.max !== null && `${t('sysadmin.settings.bounds', { min: s.min, max: s.max })} ${unit(s)} · `}
            {t('sysadmin.settings.default', { value: shownValue(s, s.defaultValue) })}
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

  const groups = SETTING_GROUPS.map((g) => ({ g, all: (settings.data ?? []).filter((s) => s.group === g), list: shown.filter((s) => s.group === g) }));
  return (
    <div data-testid="system-setting">
      <Typography.Title level={3}>{t('sysadmin.routes.systemSetting')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sysadmin.settings.intro')}</Typography.Paragraph>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('words.settings.search')}
        aria-label={t('words.settings.search')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ maxWidth: 420, marginBottom: 16 }}
        data-testid="settings-search"
      />
      {!settings.isLoading && filter.trim() !== '' && shown.length === 0 && <Empty description={t('words.settings.noMatch', { text: filter.trim() })} data-testid="settings-no-match" />}
      {groups.map(({ g, all, list }) => {
        if (!list.length && (!settings.isLoading || filter)) return null;
        const changed = changedIn(all);
        const bad = all.some((s) => errors[s.key]);
        return (
          <Card
            key={g}
            title={groupName(g)}
            size="small"
            style={{ marginBottom: 16 }}
            data-testid={`settings-group-${g}`}
            extra={
              <span className="settings-group-save">
                {changed.length > 0 && <Tag color="orange">{t('sysadmin.settings.changed', { count: changed.length })}</Tag>}
                <Button
                  type="primary"
                  size="small"
                  icon={<SaveOutlined aria-hidden />}
                  disabled={!changed.length || bad || (saving !== null && saving !== g)}
                  loading={saving === g}
                  onClick={() => void save(g)}
                  data-testid={`settings-save-${g}`}
                >
                  {t('words.settings.save', { group: groupName(g) })}
                </Button>
              </span>
            }
          >
            <Table<SystemSetting> rowKey="key" size="small" columns={columns} dataSource={list} loading={settings.isLoading} pagination={false} data-testid={`settings-${g}`} />
          </Card>
        );
      })}
    </div>
  );
}
