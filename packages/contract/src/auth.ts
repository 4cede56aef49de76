import { z } from 'zod';
import { text } from './fields';

export const loginBody = z.object({
  username: text(50).trim().min(1),
  password: text(200).min(1),
});

/** The logged-in user (SPEC 3 "Session and app data"). */
export const loginUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  userRoleId: z.number().int(),
  accessString: z.string(),
  mainAccount: z.boolean(),
  skipTNC: z.boolean(),
  /** Function names temporarily disabled for this user: their menu items are hidden. */
  disabledFunctions: z.array(z.string()),
  /** Random id of this login (not the session id); tabs compare it to adopt another tab's login. */
  loginGuid: z.string(),
  /** Minutes a verified secondary password stays valid (system setting secondaryPasswordCheckTime). */
  secondaryPasswordCheckTime: z.number().int(),
  /** When this session's secondary password check expires (ISO, UTC), if it was verified. */
  secondaryVerifiedUntil: z.string().nullable(),
  /** The business time zone (IANA name): draw dates, cutoffs and every time the app shows are in it. */
  businessTimeZone: z.string(),
  /** The account the login acts for: itself, or a sub-account's main account (its credit, its tickets). */
  actingUserId: z.number().int(),
  /** What the login may void (the acting account's flags within its rights): its own tickets, its downline's. */
  voidRights: z.object({ own: z.boolean(), downline: z.boolean() }),
});
export type LoginUser = z.infer<typeof loginUser>;

export const changePasswordQuery = z.object({
  newPassword: text(200).min(1),
  oldPassword: text(200).min(1),
  /** Our extension: 'true' changes the secondary password instead of the login password. */
  isSecondary: z.enum(['true', 'false']).optional(),
});

export const verifySecondaryPasswordQuery = z.object({ secondaryPassword: text(200).min(1) });
export const verifySecondaryPasswordData = z.object({ validUntil: z.string() });

export const agreeTermsBody = z.object({ doNotShowAgain: z.boolean().default(false) });
