/** A piece of a quote; marked pieces are the values that differ. */
export interface QuotePart {
  text: string;
  marked: boolean;
}

/**
 * Splits quote around every occurrence of values (case aside), longest
 * value first where two overlap, so "30 days" is marked whole.
 */
export function splitQuote(quote: string, values: string[]): QuotePart[] {
  const lower = quote.toLowerCase();
  const taken: [number, number][] = [];
  const wanted = [...new Set(values.filter((v) => v.trim() !== ''))].sort((a, b) => b.length - a.length);
  for (const v of wanted) {
    const needle = v.toLowerCase();
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
      const end = at + needle.length;
      if (!taken.some(([s, e]) => at < e && end > s)) taken.push([at, end]);
    }
  }
  taken.sort((x, y) => x[0] - y[0]);
  const parts: QuotePart[] = [];
  let pos = 0;
  for (const [s, e] of taken) {
    if (s > pos) parts.push({ text: quote.slice(pos, s), marked: false });
    parts.push({ text: quote.slice(s, e), marked: true });
    pos = e;
  }
  if (pos < quote.length) parts.push({ text: quote.slice(pos), marked: false });
  return parts;
}
