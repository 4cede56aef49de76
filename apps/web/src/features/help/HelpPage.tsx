import { Card, Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const TOPICS = ['login', 'password', 'secondary', 'language', 'session', 'contact'] as const;

export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="help">
      <Typography.Title level={3}>{t('help.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('help.intro')}</Typography.Paragraph>
      <Card>
        <Collapse
          ghost
          defaultActiveKey={[...TOPICS]}
          items={TOPICS.map((k) => ({
            key: k,
            label: <Typography.Text strong>{t(`help.${k}Title`)}</Typography.Text>,
            children: <Typography.Paragraph data-testid={`help-${k}`}>{t(`help.${k}Body`)}</Typography.Paragraph>,
          }))}
        />
      </Card>
    </div>
  );
}
