// How long each statement of a settlement took, for bench:settle (SETTLE_STEPS=1) to show where the time
// goes; with it unset nothing is measured or kept.
const on = process.env.SETTLE_STEPS === '1';

/** The steps measured since the last takeStepTimes, in order. */
const times: { step: string; ms: number }[] = [];

export async function timedStep<T>(step: string, work: () => Promise<T>): Promise<T> {
  if (!on) return work();
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    times.push({ step, ms: performance.now() - t0 });
  }
}

/** The steps measured so far (summed per step name, in first-seen order), and forgets them. */
export function takeStepTimes(): { step: string; ms: number }[] {
  const out = new Map<string, number>();
  for (const t of times) out.set(t.step, (out.get(t.step) ?? 0) + t.ms);
  times.length = 0;
  return [...out].map(([step, ms]) => ({ step, ms }));
}
