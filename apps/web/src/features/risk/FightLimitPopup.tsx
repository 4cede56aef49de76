import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { translateMessage } from '../../i18n';
import { positiveIntParam } from '../accounts/params';
import { useAccess } from '../../navigation/useAccess';
import { PlainNumericInput } from '../../ui/NumericInput';
import { formatCents } from '../../ui/text';
import { FightLimitGrid } from './FightLimitGrid';
import { LIMIT_METHODS, settingsOf, useFightLimitEditor, type EatSettings } from './useFightLimitEditor';
import './fightLimitPlain.css';

/**
 * Edit Fight Limit as the account dropdown opens it (`popup=1`, a 1000x800 window of its own, SPEC 9):
 * the same screen as in the shell, drawn with plain elements rather than antd's form, radio and table
 * components. Its 112 cells as antd inputs took one 170-440 ms task to render on this machine's cores,
 * most of the popup's time to show (issue 28 line 10).
 */
export function FightLimitPopup() {
  const { t } = useTranslation();
  const access = useAccess();
  const [params] = useSearchParams();
  const userId = positiveIntParam(params.get('userId'));
  const editor = useFightLimitEditor(userId);
  const canEdit = access.can('Fight Limit', [3]);
  const [settings, setSettings] = useState<EatSettings>({ limitMethod: 1, eatSequence: '*/**' });
  const [fill, setFill] = useState<number>();
  const d = editor.data.data;

  useEffect(() => {
    if (d) setSettings(settingsOf(d));
  }, [d]);

  const amountMode = settings.eatType === 'amount';
  const gridDisabled = !canEdit || !amountMode;
  const choice = <K extends keyof EatSettings>(field: K, value: EatSettings[K], label: string, testId: string) => (
    <label className="plain-radio" key={String(value)}>
      <input type="radio" name={field} checked={settings[field] === value} disabled={!canEdit} onChange={() => setSettings((s) => ({ ...s, [field]: value }))} data-testid={testId} />
      <span>{label}</span>
    </label>
  );

  /** One setting: its name, its choices and its hint (`risk.fight.<field>` and `<field>Hint`). */
  const group = (field: keyof EatSettings, choices: ReactNode[]) => (
    <fieldset>
      <legend>{t(`risk.fight.${field}`)}</legend>
      <div>
        {choices}
        <p className="plain-hint">{t(`risk.fight.${field}Hint`)}</p>
      </div>
    </fieldset>
  );

  const body = (() => {
    if (editor.data.isLoading || editor.pools.isLoading) return <div aria-busy="true">{t('app.loading')}</div>;
    if (editor.data.error || !d)
      return (
        <div className="plain-notice plain-warning" role="alert" data-testid="fight-limit-error">
          {translateMessage(t, editor.data.error?.message ?? 'NO_RECORD_FOUND')}
        </div>
      );
    const pools = editor.pools.data ?? [];
    return (
      <>
        <dl className="plain-card plain-summary" data-testid="fight-limit-summary">
          <div>
            <dt>{t('risk.fight.account')}</dt>
            <dd data-testid="fight-limit-username">{d.username}</dd>
          </div>
          <div>
            <dt>{t('risk.fight.positionTaking')}</dt>
            <dd>{`${d.positionTaking.toFixed(2)}%`}</dd>
          </div>
          <div>
            <dt>{t('risk.fight.maxFightLimit')}</dt>
            <dd data-testid="fight-limit-max">{d.maxFightLimit > 0 ? formatCents(d.maxFightLimit) : t('risk.fight.noBound')}</dd>
          </div>
        </dl>
        <section className="plain-card" data-testid="fight-limit-form">
          <h5>{t('risk.fight.settings')}</h5>
          {group('eatType', [choice('eatType', 'percentage', t('risk.fight.eatTypes.percentage'), 'fight-eatType-percentage'), choice('eatType', 'amount', t('risk.fight.eatTypes.amount'), 'fight-eatType-amount')])}
          {group('limitMethod', LIMIT_METHODS.map((m) => choice('limitMethod', m, t(`risk.fight.limitMethods.${m}`), `fight-limitMethod-${m}`)))}
          {group('eatSequence', [choice('eatSequence', '*/**', '*/**', 'fight-eatSequence-box'), choice('eatSequence', '**/*', '**/*', 'fight-eatSequence-ibox')])}
        </section>
        <section className="plain-card">
          <div className="plain-card-head">
            <h5>{t('risk.fight.limits')}</h5>
            <label className="plain-fill">
              <span>{t('risk.fight.fillAll')}</span>
              <PlainNumericInput className="plain-input" decimals={2} value={fill} onChange={setFill} disabled={gridDisabled} data-testid="fight-fill-amount" />
            </label>
            <button type="button" className="plain-button" disabled={gridDisabled || fill === undefined} onClick={() => editor.fillAll(fill)} data-testid="fight-fill-apply">
              {t('risk.fight.apply')}
            </button>
            <button type="button" className="plain-button" disabled={gridDisabled} onClick={editor.clearAll} data-testid="fight-fill-clear">
              {t('risk.fight.clear')}
            </button>
          </div>
          {!amountMode && (
            <div className="plain-notice plain-info" role="note" data-testid="fight-limit-percentage-hint">
              {t('risk.fight.percentageHint')}
            </div>
          )}
          <p className="plain-hint">{t('risk.fight.unitsHint')}</p>
          <FightLimitGrid pools={pools} codes={editor.codes} grid={editor.grid} errors={editor.errors} disabled={gridDisabled} onCell={editor.setCell} />
        </section>
        <div className="plain-actions">
          <button type="button" className="plain-button" onClick={() => window.close()} data-testid="fight-limit-close">
            {t('common.close')}
          </button>
          {canEdit && (
            <button type="button" className="plain-button plain-primary" disabled={editor.saving} aria-busy={editor.saving} onClick={() => void editor.save(settings)} data-testid="fight-limit-save">
              {t('common.save')}
            </button>
          )}
        </div>
      </>
    );
  })();

  return (
    <div className="plain-popup" data-testid="fight-limit">
      <h4>{d ? t('risk.fight.titleOf', { username: d.username }) : t('risk.routes.fightLimit')}</h4>
      <p className="plain-hint">{t('risk.fight.intro')}</p>
      {body}
    </div>
  );
}
