/** A positive integer query parameter (an id), or undefined when absent or malformed. */
export function positiveIntParam(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}
