import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result, Typography } from 'antd';
import { i18n } from '../i18n';

interface State {
  error: Error | null;
}

/** An unexpected render error shows this screen with the browser's identifying string (SPEC 1). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    const t = i18n.t.bind(i18n);
    return (
      <div data-testid="error-boundary" style={{ padding: 48 }}>
        <Result
          status="error"
          title={t('app.errorTitle')}
          subTitle={
            <Typography.Text type="secondary" data-testid="error-user-agent">
              {t('app.browser', { agent: navigator.userAgent })}
            </Typography.Text>
          }
          extra={
            <Button type="primary" onClick={() => window.location.assign('/')}>
              {t('app.reload')}
            </Button>
          }
        />
      </div>
    );
  }
}
