import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n';
import { seededText } from '../src/i18n/seeded';

// Seeded names in the reader's language by their key; typed names as typed (issue 10, item 20).
describe('seededText', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows a seeded row in the reader\'s language, falling back to the stored words', async () => {
    const standard = { seedKey: 'standard', name: 'Standard', description: 'Official Malaysian payouts' };
    const agent = { seedKey: 'agent', name: 'Agent', description: 'x' };
    await i18n.changeLanguage('cn');
    expect(seededText(i18n.t, 'packages', standard)).toBe('标准');
    expect(seededText(i18n.t, 'roles', agent)).toBe('代理');
    expect(seededText(i18n.t, 'roles', agent, 'description')).toBe('股东至代理：除公司管理外的所有功能。');
    await i18n.changeLanguage('bm');
    expect(seededText(i18n.t, 'packages', standard)).toBe('Piawai');
    expect(seededText(i18n.t, 'templates', { seedKey: 'company', name: 'Company master template' })).toBe('Templat induk syarikat');
    // A key the web does not know yet: the stored words.
    expect(seededText(i18n.t, 'roles', { seedKey: 'auditor', name: 'Auditor' })).toBe('Auditor');
  });

  it('shows a typed (or since edited) name as typed, in every language', async () => {
    await i18n.changeLanguage('cn');
    expect(seededText(i18n.t, 'packages', { seedKey: null, name: 'Standard' })).toBe('Standard');
    expect(seededText(i18n.t, 'roles', { name: 'Night shift', description: 'typed' }, 'description')).toBe('typed');
  });

  it('names the package type nine-lotto in Malay', async () => {
    await i18n.changeLanguage('bm');
    expect(i18n.t('packages.types.3')).toBe('Loto Sembilan');
  });
});
