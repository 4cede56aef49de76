// Instants are shown in the business time zone, whatever the zone of the browser: an agent in another
// country reads the same cutoff and order times as the head office. The zone comes with the login data.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

let businessZone: string | null = null;

/** Set from the login data; null (logged out) falls back to the browser's zone. */
export function setBusinessTimeZone(zone: string | null): void {
  businessZone = zone;
}

/** An ISO instant as "YYYY-MM-DD HH:mm" (or with seconds) in the business time zone; '-' when absent. */
export function formatInstant(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return '-';
  const d = businessZone ? dayjs(iso).tz(businessZone) : dayjs(iso);
  return d.format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm');
}

/** Today's date (YYYY-MM-DD) in the business time zone: the default of date filters. */
export function businessToday(): string {
  return (businessZone ? dayjs().tz(businessZone) : dayjs()).format('YYYY-MM-DD');
}
