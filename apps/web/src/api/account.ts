import type { LoginUser } from '@app/contract';
import { apiCall } from './client';
import { API } from './endpoints';

// Session calls shared by the shell, the login state and several features.

export const login = (username: string, password: string) =>
  apiCall<LoginUser>(API.Account.Login, { form: { username, password }, anonymous: true });

export const logout = () => apiCall<unknown>(API.Account.Logout, { form: {}, anonymous: true });

/** Never a 401: an anonymous visitor gets success false, so startup shows no alert. */
export const isLoggedIn = () => apiCall<LoginUser>(API.Account.IsLoggedIn, { anonymous: true });

export const changePassword = (oldPassword: string, newPassword: string, isSecondary = false) =>
  apiCall<unknown>(API.Account.ChangePassword, {
    query: { newPassword, oldPassword, isSecondary: isSecondary ? 'true' : undefined },
    ownErrors: true,
  });

export const agreeTermsAndConditions = (doNotShowAgain: boolean) =>
  apiCall<unknown>(API.Account.AgreeTermsAndConditions, { json: { doNotShowAgain } });

export const verifySecondaryPassword = (secondaryPassword: string) =>
  apiCall<{ validUntil: string }>(API.Configuration.VerifySecondaryPassword, {
    query: { secondaryPassword },
    ownErrors: true,
  });
