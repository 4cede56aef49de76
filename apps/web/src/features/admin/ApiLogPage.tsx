import { ApiLogView } from './ApiLogView';

/** /api-log: every call made by an API account. */
export default function ApiLogPage() {
  return <ApiLogView direction="in" />;
}
