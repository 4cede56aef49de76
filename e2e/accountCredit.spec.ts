import { expect, test } from '@playwright/test';
import { agreeTermsIfShown, DEMO_PASSWORD, login, logoutThroughConfirm, setLanguage, shot } from './support';

test.describe.configure({ mode: 'serial' });

test("an agent's Home names its level as Accounts does, in every language", async ({ page }) => {
  await login(page, 'demoagent', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  await expect(page.getByTestId('dashboard-role')).toHaveText('Agent');
  await shot(page, 'dashboard-agent-en');
  await setLanguage(page, 'cn');
  await expect(page.getByTestId('dashboard-role')).toHaveText('代理');
  await shot(page, 'dashboard-agent-cn');
  await setLanguage(page, 'bm');
  await expect(page.getByTestId('dashboard-role')).toHaveText('Ejen');
  await shot(page, 'dashboard-agent-bm');
  await setLanguage(page, 'en');
  await logoutThroughConfirm(page);
});
