// Auto tickets repeat one ticket over coming draws, so their text names one draw at most: the next draw
// (D) or one date. The server refuses anything more with AUTO_TICKET_ONE_DATE on the line; the screen
// says so first, from the preview.
import type { ExpressPreview } from './preview';

export interface AutoTicketCheck {
  /** Line number -> AUTO_TICKET_ONE_DATE. */
  problems: Map<number, string>;
  /** The date the text names (YYYY-MM-DD), when it names one rather than D. */
  date?: string;
}

export function checkAutoTicketText(preview: ExpressPreview): AutoTicketCheck {
  const problems = new Map<number, string>();
  let selector: string | undefined;
  for (const row of preview.rows) {
    const line = row.line;
    if (!line) continue;
    const single = line.draw.kind === 'next' ? line.draw.count === 1 : line.draw.dates.length === 1;
    const s = line.draw.kind === 'next' ? 'D' : line.draw.dates[0];
    if (!single || (selector !== undefined && s !== selector)) {
      problems.set(row.lineNo, 'AUTO_TICKET_ONE_DATE');
      continue;
    }
    selector = s;
  }
  return { problems, date: selector && selector !== 'D' ? selector : undefined };
}
