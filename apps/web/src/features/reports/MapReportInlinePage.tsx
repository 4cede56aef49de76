import { MapView } from './MapReportPage';

/** /report/map-report-without-modal: a number's tickets open in its row. */
export default function MapReportInlinePage() {
  return <MapView modal={false} />;
}
