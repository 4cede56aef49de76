import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateField } from '@app/domain';
import { translateMessage } from '../../i18n';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher';
import { loginForm } from './rules';

export interface LoginFormProps {
  /** Resolves once the server answered; a refusal comes back as `message`. */
  onLogin(username: string, password: string): Promise<void>;
  /** The refusal's catalogue key, shown inline in the reader's language (issue 29 line 12). */
  message?: string | null;
}

type Field = keyof typeof loginForm;

/**
 * The login form in plain elements, without antd: it is the first thing a fresh browser shows, and it must
 * show within a second (issue 28 line 10) while the rest of the app loads behind it. SPEC 5's rules
 * (packages/domain) check the fields; the look follows the app's theme (styles.css, .login-*).
 */
export function LoginForm({ onLogin, message }: LoginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const check = (field: Field, value: string): string | undefined => {
    const key = validateField(value, loginForm[field]);
    return key ? t(`validation.${key}`) : undefined;
  };
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field] !== undefined) setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = { username: check('username', values.username), password: check('password', values.password) };
    setErrors(found);
    if (found.username || found.password || submitting) return;
    setSubmitting(true);
    try {
      await onLogin(values.username.trim(), values.password);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field, label: string, input: React.ReactNode) => (
    <div className={errors[name] ? 'login-field login-field-error' : 'login-field'}>
      <label htmlFor={`login-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <div className="login-field-message" id={`login-${name}-message`} role="alert">
          {errors[name]}
        </div>
      )}
    </div>
  );

  return (
    <div className="login-page">
      <div className="login-card" data-testid="login-card">
        <div className="login-heading">
          <div className="brand-mark">4D</div>
          <div>
            <h1>{t('app.name')}</h1>
            <div className="login-subtitle">{t('login.subtitle')}</div>
          </div>
        </div>
        <LanguageSwitcher size="middle" />
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
          {field(
            'username',
            t('login.username'),
            <input
              id="login-username"
              className="login-input"
              value={values.username}
              onChange={(e) => change('username', e.target.value)}
              autoComplete="username"
              autoFocus
              maxLength={loginForm.username.maxLength}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'login-username-message' : undefined}
              data-testid="login-username"
            />,
          )}
          {field(
            'password',
            t('login.password'),
            <span className="login-password">
              <input
                id="login-password"
                className="login-input"
                type={showPassword ? 'text' : 'password'}
                value={values.password}
                onChange={(e) => change('password', e.target.value)}
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-password-message' : undefined}
                data-testid="login-password"
              />
              <button
                type="button"
                className="login-reveal"
                aria-pressed={showPassword}
                aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
                onClick={() => setShowPassword((s) => !s)}
              >
                <EyeIcon crossed={showPassword} />
              </button>
            </span>,
          )}
          {message && (
            <div className="login-error" role="alert" data-testid="login-error">
              {translateMessage(t, message)}
            </div>
          )}
          <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting} data-testid="login-submit">
            {t('login.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}

/** An eye (crossed out while the password shows): drawn here so the form needs no icon library. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
