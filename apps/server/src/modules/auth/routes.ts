import {
  agreeTermsBody,
  changePasswordQuery,
  envelope,
  loginBody,
  loginUser,
  verifySecondaryPasswordData,
  verifySecondaryPasswordQuery,
} from '@app/contract';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { endSession, SESSION_COOKIE } from '../../platform/session';
import * as auth from './service';

const tags = ['Account'];

export function authRoutes(app: HttpApp, deps: Deps) {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.config.cookieSecure,
  };
  // A login that came over HTTPS (directly, or through a proxy of TRUST_PROXY saying so) gets a Secure
  // cookie even without COOKIE_SECURE: the session id then never travels in clear text.
  const cookieFor = (protocol: string) => ({ ...cookieOptions, secure: cookieOptions.secure || protocol === 'https' });

  app.post(
    '/api/Account/Login',
    { config: { access: allow.public() }, schema: { tags, body: loginBody, response: { 200: envelope(loginUser) } } },
    async (req, reply) => {
      // A new session id at every login: an id planted before login is never promoted.
      if (req.auth) await endSession(deps.db, deps.clock, req.auth.sessionId, 'relogin');
      const result = await auth.login(deps, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] });
      reply.setCookie(SESSION_COOKIE, result.token, cookieFor(req.protocol));
      return ok(result.user);
    },
  );

  app.post('/api/Account/Logout', { config: { access: allow.public() }, schema: { tags } }, async (req, reply) => {
    if (req.auth) await endSession(deps.db, deps.clock, req.auth.sessionId, 'logout');
    reply.clearCookie(SESSION_COOKIE, cookieFor(req.protocol));
    return ok(null);
  });

  app.get(
    '/api/Account/IsLoggedIn',
    { config: { access: allow.public() }, schema: { tags, response: { 200: envelope(loginUser.nullable()) } } },
    async (req) => {
      // Not logged in is an answer here, not an error: the app asks at start-up.
      if (!req.auth) return { success: false, message: 'USER_UNAUTHORIZED', data: null, code: 401 };
      return ok(await auth.toLoginUser(deps, req.auth));
    },
  );

  app.post(
    '/api/Account/ChangePassword',
    { config: { access: allow.session() }, schema: { tags, querystring: changePasswordQuery } },
    async (req) => {
      await auth.changePassword(deps, requireAuth(req), {
        oldPassword: req.query.oldPassword,
        newPassword: req.query.newPassword,
        secondary: req.query.isSecondary === 'true',
        ip: req.ip,
      });
      return ok(null, 'SAVED');
    },
  );

  app.post(
    '/api/Account/AgreeTermsAndConditions',
    { config: { access: allow.beforeTerms() }, schema: { tags, body: agreeTermsBody.optional() } },
    async (req) => {
      await auth.agreeTerms(deps, requireAuth(req), req.body?.doNotShowAgain ?? false);
      return ok(null);
    },
  );

  app.post(
    '/api/Configuration/VerifySecondaryPassword',
    {
      config: { access: allow.session() },
      schema: {
        tags: ['Configuration'],
        querystring: verifySecondaryPasswordQuery,
        response: { 200: envelope(verifySecondaryPasswordData) },
      },
    },
    async (req) => ok(await auth.verifySecondaryPassword(deps, requireAuth(req), req.query.secondaryPassword, req.ip)),
  );
}

