import { ApiLogView } from './ApiLogView';

/** /api-request-log: every call the system makes out. */
export default function ApiRequestLogPage() {
  return <ApiLogView direction="out" />;
}
