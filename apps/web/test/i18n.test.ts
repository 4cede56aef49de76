import { describe, expect, it } from 'vitest';
import { MESSAGES, VALIDATION_MESSAGES, FUNCTION_NAMES, ROLE_IDS, JOB_MESSAGES_EN, jobMessageEn, AUDIT_ACTIONS_EN } from '@app/domain';
import { jobText } from '../src/features/admin/administration';
import { en } from '../src/i18n/en';
import { cn } from '../src/i18n/cn';
import { bm } from '../src/i18n/bm';
import { i18n, translateMessage } from '../src/i18n';
import { MENU, isGroup } from '../src/navigation/menu';
import { ROUTES } from '../src/app/routeTable';

function flatten(obj: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v as object, key)) out.set(kk, vv);
  }
  return out;
}

const languages = { en: flatten(en), cn: flatten(cn), bm: flatten(bm) };

describe('translations', () => {
  it('every key in en exists in cn and bm and vice versa', () => {
    const enKeys = [...languages.en.keys()].sort();
    expect([...languages.cn.keys()].sort()).toEqual(enKeys);
    expect([...languages.bm.keys()].sort()).toEqual(enKeys);
  });

  it('no translation is empty', () => {
    for (const [lang, map] of Object.entries(languages)) {
      for (const [k, v] of map) expect(v.trim(), `${lang} ${k}`).not.toBe('');
    }
  });

  it('covers every MESSAGES and VALIDATION_MESSAGES key of packages/domain', () => {
    for (const map of Object.values(languages)) {
      for (const k of Object.keys(MESSAGES)) expect(map.has(`messages.${k}`), k).toBe(true);
      for (const k of Object.keys(VALIDATION_MESSAGES)) expect(map.has(`validation.${k}`), k).toBe(true);
      for (const f of FUNCTION_NAMES) expect(map.has(`functions.${f}`), f).toBe(true);
      for (const r of ROLE_IDS) expect(map.has(`roleNames.${r}`)).toBe(true);
    }
  });

  it('English uses the catalogue text verbatim', () => {
    for (const [k, v] of Object.entries(MESSAGES)) expect(languages.en.get(`messages.${k}`)).toBe(v);
    for (const [k, v] of Object.entries(VALIDATION_MESSAGES)) expect(languages.en.get(`validation.${k}`)).toBe(v);
  });

  it('menu labels and route titles exist', () => {
    const leaves = MENU.flatMap((e) => (isGroup(e) ? e.children : [e]));
    const labelKeys = [...MENU.map((e) => e.labelKey), ...leaves.flatMap((l) => [l.labelKey, ...Object.values(l.roleLabelKeys ?? {})])];
    const titleKeys = ROUTES.flatMap((r) => [r.titleKey, ...Object.values(r.roleTitleKeys ?? {})]);
    for (const k of [...labelKeys, ...titleKeys]) expect(languages.en.has(k!), k).toBe(true);
  });

  it('the Bet menu names each screen as its page title does, in every language', () => {
    const bet = MENU.find((e) => e.key === 'bet');
    if (!bet || !isGroup(bet)) throw new Error('no Bet group');
    for (const leaf of bet.children) {
      const route = ROUTES.find((r) => r.path === leaf.path)!;
      for (const [lang, map] of Object.entries(languages)) expect(map.get(leaf.labelKey), `${lang} ${leaf.key}`).toBe(map.get(route.titleKey));
    }
  });

  it('Chinese and Malay differ from English for the spec messages', () => {
    expect(languages.cn.get('messages.PROCEED_LOGOUT_ALERT')).not.toBe(MESSAGES.PROCEED_LOGOUT_ALERT);
    expect(languages.bm.get('messages.USER_UNAUTHORIZED')).not.toBe(MESSAGES.USER_UNAUTHORIZED);
  });

  it('translates server keys and shows unknown keys as sent', async () => {
    await i18n.changeLanguage('cn');
    const t = i18n.t.bind(i18n);
    expect(translateMessage(t, 'PERMISSION_DENIED')).toBe(cn.messages.PERMISSION_DENIED);
    expect(translateMessage(t, 'required')).toBe(cn.validation.required);
    expect(translateMessage(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(translateMessage(t, '')).toBe(cn.messages.INTERNAL_SERVER_ERROR);
    await i18n.changeLanguage('en');
  });

  it('names every audit action in each language, and none the same as the English in Chinese', async () => {
    for (const lang of ['en', 'cn', 'bm'] as const) {
      await i18n.changeLanguage(lang);
      const names = i18n.t('sysadmin.tool.auditActions', { returnObjects: true }) as Record<string, string>;
      for (const code of Object.keys(AUDIT_ACTIONS_EN)) {
        expect(names[code], `${lang} ${code}`).toBeTruthy();
        if (lang === 'cn') expect(names[code], code).not.toBe(AUDIT_ACTIONS_EN[code as keyof typeof AUDIT_ACTIONS_EN]);
      }
    }
    await i18n.changeLanguage('en');
  });

  it("gives the admin tool's job steps in each language with the parameters the English has", async () => {
    const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(JOB_MESSAGES_EN) as (keyof typeof JOB_MESSAGES_EN)[]) {
      for (const lang of ['cn', 'bm'] as const) {
        const text = languages[lang].get(`sysadmin.tool.stepTexts.${key}`);
        expect(text, `${lang} ${key}`).toBeDefined();
        expect(params(text!), `${lang} ${key}`).toEqual(params(JOB_MESSAGES_EN[key]));
      }
    }
    await i18n.changeLanguage('cn');
    const t = i18n.t.bind(i18n);
    const step = { key: 'winnersFound', params: { round: 2, strikes: 7 }, text: jobMessageEn('winnersFound', { round: 2, strikes: 7 }) };
    expect(jobText(t, step)).toBe('第 2 轮：7 个中奖');
    // An error's text (no key) is shown as it was said.
    expect(jobText(t, { text: 'connect ECONNREFUSED' })).toBe('connect ECONNREFUSED');
    await i18n.changeLanguage('en');
    expect(jobText(i18n.t.bind(i18n), step)).toBe('round 2: 7 strike(s)');
  });
});
