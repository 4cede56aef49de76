import { useLocation, useNavigate } from 'react-router';
import { useAuth, useAuthActions } from '../../state/AuthContext';
import { LoginForm } from './LoginForm';

/** The login route inside the app (after a logout, or a session that ended): the same form as a fresh load's. */
export default function LoginPage() {
  const { login } = useAuthActions();
  const { loginMessage } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const onLogin = async (username: string, password: string) => {
    const r = await login(username, password);
    // A refusal (wrong password, disabled account, too many attempts, server down) is the inline alert
    // alone (issue 29 line 12): the login state holds its message key, shown in the reader's language.
    if (r.success) {
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    }
  };

  return <LoginForm onLogin={onLogin} message={loginMessage} />;
}
