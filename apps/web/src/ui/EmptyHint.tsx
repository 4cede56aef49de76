import { Button, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { useAccess } from '../navigation/useAccess';

export interface EmptyHintAction {
  label: string;
  /** The screen where one acts (with its query); the button shows only when that screen exists for the viewer. */
  to: string;
}

/**
 * What an empty list shows (issue 29 line 10): a sentence saying why it is empty and what to do next, and
 * where it makes sense a button to the screen where one acts. Given to a table as `locale={{ emptyText }}`.
 */
export function EmptyHint({ text, action, testId }: { text: string; action?: EmptyHintAction; testId?: string }) {
  const navigate = useNavigate();
  const access = useAccess();
  const path = action?.to.split('?')[0];
  const canGo = action && path !== undefined && access.hasRoute(path);
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="empty-hint-text">{text}</span>} data-testid={testId}>
      {canGo && (
        <Button type="primary" onClick={() => navigate(action.to)} data-testid={testId ? `${testId}-action` : undefined}>
          {action.label}
        </Button>
      )}
    </Empty>
  );
}
