import { expect, test, type Page } from '@playwright/test';
import { ADMIN, agreeTermsIfShown, DEMO_PASSWORD, login, logoutThroughConfirm, setLanguage, shot } from './support';

// Results (issue 11): an admin enters a result and cannot release it; a second admin (demoit) releases;
// the company reads it. The demo schedules Wednesday, Saturday and Sunday draws; the last one before
// today has closed.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

function lastClosedDrawDate(): string {
  const d = new Date();
  for (let i = 1; i <= 7; i++) {
    const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - i));
    if ([0, 3, 6].includes(day.getUTCDay())) return day.toISOString().slice(0, 10);
  }
  throw new Error('no draw day in the last week');
}
const DATE = lastClosedDrawDate();
const MAGNUM = 1;

const FIRST = ['1234', '5678', '9012'];
const SPECIALS = Array.from({ length: 10 }, (_, i) => String(1001 + i));
const CONSOLATIONS = Array.from({ length: 10 }, (_, i) => String(2001 + i));

async function openResults(page: Page) {
  await page.goto(`/result?drawDate=${DATE}`);
  await expect(page.getByTestId(`result-card-${MAGNUM}`)).toBeVisible({ timeout: 30_000 });
}

test('an admin enters a result, the check names a wrong slot, and it cannot release its own entry', async ({ page }) => {
  await login(page, ADMIN.username, ADMIN.password);
  await agreeTermsIfShown(page);
  await openResults(page);
  const slot = (name: string) => page.getByTestId(`slot-${MAGNUM}-${name}`);
  // By keyboard: a complete number moves on to the next slot (issue 29 line 8).
  await slot('first').click();
  await page.keyboard.type(FIRST.join(''));
  await expect(slot('first')).toHaveValue(FIRST[0]);
  await expect(slot('second')).toHaveValue(FIRST[1]);
  await expect(slot('third')).toHaveValue(FIRST[2]);
  await expect(slot('starter1')).toBeFocused();
  // A whole result pasted as operators publish it (labels, 13 specials with ---- blanks, 10 consolations)
  // fills every slot. The 10th consolation repeats the 1st prize: the check names that slot.
  const published = [
    `1st Prize ${FIRST[0]}`,
    `2nd Prize ${FIRST[1]}`,
    `3rd Prize ${FIRST[2]}`,
    'Special',
    [...SPECIALS.slice(0, 4), '----', ...SPECIALS.slice(4, 8), '----', '----', ...SPECIALS.slice(8)].join(' '),
    'Consolation',
    [...CONSOLATIONS.slice(0, 9), FIRST[0]].join('\n'),
  ].join('\n');
  await slot('starter1').evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, published);
  await expect(slot('starter5')).toHaveValue(SPECIALS[4]);
  await expect(slot('starter10')).toHaveValue(SPECIALS[9]);
  await expect(slot('consolation9')).toHaveValue(CONSOLATIONS[8]);
  await expect(slot('consolation10')).toHaveValue(FIRST[0]);
  // A number longer than its slot is refused with a message, not cut to its first 4 digits.
  await slot('consolation9').fill('12345678');
  await expect(page.getByTestId(`result-error-${MAGNUM}-consolation9`)).toContainText('Too long: this slot takes 4 digits');
  await expect(slot('consolation9')).toHaveValue(CONSOLATIONS[8]);
  await slot('consolation9').fill('');
  await slot('consolation9').fill(CONSOLATIONS[8]);
  await expect(page.getByTestId(`result-error-${MAGNUM}-consolation9`)).toHaveCount(0);
  await page.getByTestId(`result-check-${MAGNUM}`).click();
  // The message is listed under the slots: it covers no other slot.
  await expect(page.getByTestId(`result-error-${MAGNUM}-consolation10`)).toHaveText('Consolation 10: Duplicated Number');
  await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveCount(0);
  await shot(page, 'results-check-en');
  await slot('consolation10').fill(CONSOLATIONS[9]);
  await page.getByTestId(`result-save-${MAGNUM}`).click();
  await expect(page.getByTestId(`result-status-${MAGNUM}`)).toHaveText('Entered');
  await expect(page.getByTestId(`result-release-${MAGNUM}`)).toBeDisabled();
  await page.getByTestId(`result-release-why-${MAGNUM}`).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'another admin must release it' })).toBeVisible();
  await shot(page, 'results-entered-en');
  await setLanguage(page, 'cn');
  await expect(page.getByTestId(`result-status-${MAGNUM}`)).toHaveText('已输入');
  await shot(page, 'results-entered-cn');
  await setLanguage(page, 'bm');
  await expect(page.getByTestId(`result-status-${MAGNUM}`)).toHaveText('Dimasukkan');
  await shot(page, 'results-entered-bm');
  await setLanguage(page, 'en');
  await logoutThroughConfirm(page);
});

test('a second admin releases it; the company reads the released numbers', async ({ page }) => {
  await login(page, 'demoit', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  await openResults(page);
  await expect(page.getByTestId(`result-meta-${MAGNUM}`)).toContainText('entered by admin');
  await page.getByTestId(`result-release-${MAGNUM}`).click();
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId(`result-status-${MAGNUM}`)).toHaveText('Released');
  await page.getByText(/History \(\d+\)/).first().click();
  await shot(page, 'results-released-en');
  await logoutThroughConfirm(page);

  await login(page, 'democo', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  await openResults(page);
  await expect(page.getByTestId(`result-status-${MAGNUM}`)).toHaveText('Released');
  await expect(page.getByTestId(`slot-${MAGNUM}-first`)).toHaveText(FIRST[0]);
  await expect(page.getByTestId(`result-save-${MAGNUM}`)).toHaveCount(0);
  await shot(page, 'results-company-en');
});
