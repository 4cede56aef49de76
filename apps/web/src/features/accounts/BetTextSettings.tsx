import { Checkbox, Col, Form, Input, Space, Tooltip } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseCodeOrder, SEEDED_POOLS } from '@app/domain';

/**
 * The account's bet-text settings (DOMAIN "Ordering"): the bet-code order an order's amount fields follow,
 * and the pools a text without a pools line is for. Kept apart from the rest of the form.
 */
export function BetTextSettings({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const orderRule: FormRule = {
    validator: async (_, v: unknown) => {
      if (parseCodeOrder(v) === null) throw new Error(t('validation.pattern'));
    },
  };
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name="betCodeOrder"
          label={t('betSettings.codeOrder')}
          extra={t('betSettings.codeOrderHint')}
          rules={[{ required: true, message: t('validation.required') }, orderRule]}
          normalize={(v: string) => v.toUpperCase().replace(/\s+/g, '')}
        >
          <Input maxLength={64} disabled={disabled} style={{ fontFamily: 'monospace', maxWidth: 260 }} data-testid="account-field-betCodeOrder" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="defaultPools" label={t('betSettings.defaultPools')} extra={t('betSettings.defaultPoolsHint')}>
          <Checkbox.Group disabled={disabled} data-testid="account-field-defaultPools">
            <Space size={4} wrap>
              {SEEDED_POOLS.map((p) => (
                <Tooltip key={p.id} title={p.name}>
                  <Checkbox value={p.id} data-testid={`account-field-defaultPools-${p.id}`}>
                    {p.letter}
                  </Checkbox>
                </Tooltip>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Col>
    </>
  );
}
