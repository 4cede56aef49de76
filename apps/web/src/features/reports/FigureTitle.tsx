import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

// A figure's column title (DOMAIN "Reports: one name, one sign"): its one name, and for a figure whose side
// could be doubted the side it is read from, as a tooltip (`reports.figureSides`), in the reader's language.
const SIDED = new Set(['memberWinLoss', 'ownWinLoss', 'commissionSpread', 'payoutSpread', 'result', 'payableToUpline', 'stakeholderResult']);

export function FigureTitle({ figure, label }: { figure: string; label?: string }) {
  const { t } = useTranslation();
  const name = label ?? t(`reports.figures.${figure}`);
  if (!SIDED.has(figure)) return <>{name}</>;
  return (
    <Tooltip title={t(`reports.figureSides.${figure}`)}>
      <span className="report-figure-sided" data-figure-side={figure} style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {name}
      </span>
    </Tooltip>
  );
}
