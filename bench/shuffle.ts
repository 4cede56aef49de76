/**
 * `list` in an order fixed by `seed` (mulberry32 driving Fisher-Yates): each user of a bench its own order,
 * the same every run, as users reading their screens at once would ask.
 */
export function shuffledBy<T>(seed: number, list: readonly T[]): T[] {
  const order = [...list];
  let x = seed >>> 0;
  const next = () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let z = Math.imul(x ^ (x >>> 15), 1 | x);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
