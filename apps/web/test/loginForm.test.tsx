import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../src/i18n';
import { LoginForm } from '../src/features/auth/LoginForm';

const renderForm = (onLogin = vi.fn(async () => {}), message: string | null = null) =>
  render(
    <I18nextProvider i18n={i18n}>
      <LoginForm onLogin={onLogin} message={message} />
    </I18nextProvider>,
  );

afterEach(cleanup);

describe('the login form drawn without antd (issue 28 line 10)', () => {
  it('names each empty field with SPEC 5 message and makes no call', async () => {
    const onLogin = vi.fn(async () => {});
    renderForm(onLogin);
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByTestId('login-username').getAttribute('aria-invalid')).toBe('true');
    expect(onLogin).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'demoagent' } });
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
  });

  it('sends the trimmed username and the password as typed, and shows a refusal inline', async () => {
    const onLogin = vi.fn(async () => {});
    renderForm(onLogin, 'INVALID_CREDENTIALS');
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: ' demoagent ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: ' Demo12345' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith('demoagent', ' Demo12345'));
    expect(screen.getByTestId('login-error').textContent).toBe('Invalid username or password.');
  });

  it('shows the password on request and hides it again', () => {
    renderForm();
    const password = screen.getByTestId('login-password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });
});
