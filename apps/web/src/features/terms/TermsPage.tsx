import { useState } from 'react';
import { Button, Card, Checkbox, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { agreeTermsAndConditions } from '../../api/account';
import { useAuthActions } from '../../state/AuthContext';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';

const CLAUSES = ['age', 'responsibility', 'accuracy', 'cutoff', 'law'] as const;

/** Terms and conditions: bettors must be 18 or over; Agree, Disagree and do-not-show-again. */
export default function TermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clearPendingTNC, logout } = useAuthActions();
  const [doNotShowAgain, setDoNotShowAgain] = useState(false);
  const [busy, setBusy] = useState(false);

  const agree = async () => {
    setBusy(true);
    const r = await agreeTermsAndConditions(doNotShowAgain);
    setBusy(false);
    if (r.success) {
      clearPendingTNC();
      navigate('/dashboard', { replace: true });
    }
  };

  const disagree = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    navigate('/login', { replace: true });
  };

  return (
    <div className="terms-page">
      <Card
        className="terms-card"
        title={t('terms.title')}
        extra={<LanguageSwitcher />}
        data-testid="terms"
        actions={[
          <Button key="disagree" onClick={() => void disagree()} disabled={busy} data-testid="tnc-disagree">
            {t('terms.disagree')}
          </Button>,
          <Button key="agree" type="primary" onClick={() => void agree()} loading={busy} data-testid="tnc-agree">
            {t('terms.agree')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('terms.intro')}</Typography.Paragraph>
        <ol className="terms-list">
          {CLAUSES.map((c) => (
            <li key={c} data-testid={`tnc-${c}`}>
              <Typography.Text strong={c === 'age'}>{t(`terms.${c}`)}</Typography.Text>
            </li>
          ))}
        </ol>
        <Space>
          <Checkbox
            checked={doNotShowAgain}
            onChange={(e) => setDoNotShowAgain(e.target.checked)}
            data-testid="tnc-dont-show"
          >
            {t('terms.doNotShowAgain')}
          </Checkbox>
        </Space>
      </Card>
    </div>
  );
}
