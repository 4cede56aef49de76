import { useState } from 'react';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '@app/contract';
import { apiCall } from '../../api/client';
import { API } from '../../api/endpoints';
import { translateMessage } from '../../i18n';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';

interface Values {
  accepted: boolean;
  remoteTicketNo?: string;
}

/**
 * A lot in doubt resolved by hand (Posting/ResolveInvoice, super admin; decision 0035): having asked the
 * remote by other means, the admin says it holds the ticket (with its number) or not (the amount returns to
 * undistributed). Asked again in a confirm; the server's refusal is shown translated.
 */
export function ResolveInvoiceDialog({ invoice, onClose, onDone }: { invoice: InvoiceRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const accepted = Form.useWatch('accepted', form) ?? true;
  const [busy, setBusy] = useState(false);
  const vars = { invoiceId: invoice.invoiceId, remote: invoice.remoteName, amount: formatCents(invoice.total) };
  const submit = (v: Values) => {
    const ticketNo = v.accepted ? v.remoteTicketNo?.trim() : undefined;
    const question = v.accepted ? t('posting.resolve.confirmAccepted', { ...vars, ticketNo }) : t('posting.resolve.confirmRefused', vars);
    alerts.confirm(question, () => {
      void (async () => {
        setBusy(true);
        const r = await apiCall<InvoiceRow>(API.Posting.ResolveInvoice, {
          json: { invoiceId: invoice.invoiceId, accepted: v.accepted, remoteTicketNo: ticketNo },
          handleErrors: true,
        });
        setBusy(false);
        if (r.success) {
          void message.success(t('posting.resolve.saved', { invoiceId: invoice.invoiceId }));
          onDone();
          onClose();
          return;
        }
        // A 400 names the field; anything else is the server's refusal (not in doubt, draw settled, ...).
        const field = r.status === 400 && r.data && typeof r.data === 'object' ? (r.data as unknown as Record<string, string>).remoteTicketNo : undefined;
        if (field) form.setFields([{ name: 'remoteTicketNo', errors: [translateMessage(t, field)] }]);
        else alerts.errorKey(r.serverMessage || r.message);
      })();
    });
  };
  return (
    <Modal
      open
      title={t('posting.resolve.title', vars)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'resolve-save' } as Record<string, string>) }}
    >
      <Typography.Paragraph>{t('posting.resolve.intro', vars)}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={{ accepted: true }} onFinish={submit}>
        <Form.Item name="accepted">
          <Radio.Group>
            <Radio value={true} data-testid="resolve-accepted">{t('posting.resolve.accepted')}</Radio>
            <Radio value={false} data-testid="resolve-refused">{t('posting.resolve.refused')}</Radio>
          </Radio.Group>
        </Form.Item>
        {accepted && (
          <Form.Item name="remoteTicketNo" label={t('posting.remoteTicketNo')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input maxLength={50} data-testid="resolve-ticket" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
