import { Button, Modal, Space, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  QuestionCircleFilled,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALERT_LIMITS } from '@app/domain';
import { useAppActions, useAppState } from '../state/AppStateContext';
import type { AlertType } from '../state/appReducer';
import { truncate } from './text';

const ICONS: Record<AlertType, React.ReactNode> = {
  error: <CloseCircleFilled aria-hidden style={{ color: '#ff4d4f' }} />,
  success: <CheckCircleFilled aria-hidden style={{ color: '#52c41a' }} />,
  info: <InfoCircleFilled aria-hidden style={{ color: '#1677ff' }} />,
  warning: <ExclamationCircleFilled aria-hidden style={{ color: '#faad14' }} />,
  confirm: <QuestionCircleFilled aria-hidden style={{ color: '#faad14' }} />,
};

/** The one notification dialog (SPEC 9): 320px wide, title up to 34 characters, message 400 (confirm 500). */
export function AlertHost() {
  const { t } = useTranslation();
  const { alert } = useAppState();
  const { closeAlert } = useAppActions();
  if (!alert) return null;

  const isConfirm = alert.type === 'confirm';
  const title = truncate(alert.title ?? t(`alert.${alert.type}`), ALERT_LIMITS.title);
  const message = truncate(alert.message, isConfirm ? ALERT_LIMITS.confirm : ALERT_LIMITS.message);
  const ok = () => {
    closeAlert();
    alert.onOk?.();
  };
  const cancel = () => {
    closeAlert();
    if (isConfirm) alert.onCancel?.();
    else alert.onOk?.();
  };

  return (
    <Modal
      open
      width={ALERT_LIMITS.width}
      centered
      closable={false}
      mask={{ closable: false }}
      onCancel={cancel}
      zIndex={2000}
      title={
        <Space data-testid="alert-title">
          {ICONS[alert.type]}
          <span>{title}</span>
        </Space>
      }
      footer={
        <Space>
          {isConfirm && (
            <Button data-testid="alert-cancel" onClick={cancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="primary" danger={alert.type === 'error'} data-testid="alert-ok" onClick={ok} autoFocus>
            {t('common.ok')}
          </Button>
        </Space>
      }
      data-testid="alert-modal"
    >
      <Typography.Paragraph data-testid="alert-message" data-alert-type={alert.type} style={{ marginBottom: 0 }}>
        {message}
      </Typography.Paragraph>
    </Modal>
  );
}
