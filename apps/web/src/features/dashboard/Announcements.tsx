import { Alert, Card, List, Space, Tag, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../ui/time';
import { readAnnouncements, sysKeys, useMyAnnouncements, type MyAnnouncement } from '../admin/administration';

/** An announcement's text in the screen's language, the English when it has none. */
export function localised(a: MyAnnouncement, language: string): { title: string; message: string } {
  if (language === 'cn' && a.titleCn && a.messageCn) return { title: a.titleCn, message: a.messageCn };
  if (language === 'bm' && a.titleBm && a.messageBm) return { title: a.titleBm, message: a.messageBm };
  return { title: a.title, message: a.message };
}

/**
 * The banner of the shell: each announcement this login has not read, until it is closed (read state on
 * the server, per login).
 */
export function AnnouncementBanner() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useMyAnnouncements();
  const unread = (mine.data ?? []).filter((a) => !a.read);
  if (!unread.length) return null;
  const markRead = async (id: number) => {
    const r = await readAnnouncements([id]);
    if (r.success && r.data) queryClient.setQueryData(sysKeys.mine, r.data);
  };
  return (
    <div className="announcement-banner" data-testid="announcement-banner">
      {unread.slice(0, 3).map((a) => {
        const text = localised(a, i18n.language);
        return (
          <Alert
            key={a.id}
            type="info"
            showIcon
            icon={<NotificationOutlined aria-hidden />}
            style={{ marginBottom: 8 }}
            title={<strong>{text.title}</strong>}
            description={text.message}
            closable={{ closeIcon: <span data-testid={`announcement-read-${a.id}`}>{t('sysadmin.announcement.markRead')}</span> }}
            onClose={() => void markRead(a.id)}
          />
        );
      })}
    </div>
  );
}

/** The dashboard's list: every announcement the account is shown, newest first, unread marked. */
export function AnnouncementList() {
  const { t, i18n } = useTranslation();
  const mine = useMyAnnouncements();
  return (
    <Card title={t('sysadmin.announcement.dashboardTitle')} size="small" data-testid="dashboard-announcements">
      <List
        size="small"
        loading={mine.isLoading}
        dataSource={mine.data ?? []}
        locale={{ emptyText: t('sysadmin.announcement.none') }}
        renderItem={(a) => {
          const text = localised(a, i18n.language);
          return (
            <List.Item>
              <List.Item.Meta
                title={
                  <Space>
                    <span>{text.title}</span>
                    {!a.read && <Tag color="red">{t('sysadmin.announcement.unread')}</Tag>}
                  </Space>
                }
                description={
                  <>
                    <div>{text.message}</div>
                    <Typography.Text type="secondary" className="num">
                      {formatInstant(a.createdAt)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
