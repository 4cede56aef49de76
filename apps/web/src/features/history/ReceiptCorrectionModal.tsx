import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Skeleton, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '../../ui/useAlerts';
import { historyKeys, updateReceiptString, useReceiptCorrection } from './api';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** Receipt correction (super admin): the receipt by the ticket's XID, editable while its draws are open. */
export function ReceiptCorrectionModal({ xid, onClose }: { xid: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const view = useReceiptCorrection(xid);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const v = view.data;

  useEffect(() => {
    if (v) setText(v.receipt);
  }, [v]);

  const save = async () => {
    if (!xid || saving) return;
    if (text.trim() === '') {
      alerts.errorKey('EMPTY_RECEIPT_STRING');
      return;
    }
    setSaving(true);
    const r = await updateReceiptString(xid, text);
    setSaving(false);
    if (r.success) {
      void message.success(t('messages.SAVED'));
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      onClose();
    }
  };

  return (
    <Modal
      open={!!xid}
      title={t('history.correctReceipt')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} data-testid="receipt-correction-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={saving} disabled={!v?.editable || saving} data-testid="receipt-correction-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <div data-testid="receipt-correction">
        {view.isLoading || !v ? (
          <Skeleton active />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Descriptions size="small" column={2}>
              <Descriptions.Item label={t('history.ticketNo')}>{v.ticketNo}</Descriptions.Item>
              <Descriptions.Item label={t('history.account')}>{v.username}</Descriptions.Item>
              <Descriptions.Item label="XID" span={2}>
                <span style={{ fontFamily: MONO }}>{v.xid}</span>
              </Descriptions.Item>
            </Descriptions>
            {!v.editable && <Alert type="info" showIcon title={t('history.receiptLocked')} data-testid="receipt-correction-locked" />}
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 8, maxRows: 20 }}
              disabled={!v.editable}
              spellCheck={false}
              style={{ fontFamily: MONO }}
              data-testid="receipt-correction-text"
            />
          </Space>
        )}
      </div>
    </Modal>
  );
}
