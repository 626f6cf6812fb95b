// Pure text helpers for the Check view: a quote marked inside its chunk.
// Everything stays text; React renders it.

export interface Segment {
  text: string;
  mark: boolean;
}

const QUOTES: Record<string, string> = { '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"', '′': "'", '″': '"' };

// normalize collapses whitespace and straightens quote marks, keeping for
// each output character the index of the input character it came from.
function normalize(s: string): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  let space = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (/\s/.test(ch)) {
      if (!space && text.length > 0) {
        text += ' ';
        at.push(i);
      }
      space = true;
      continue;
    }
    space = false;
    text += QUOTES[ch] ?? ch;
    at.push(i);
  }
  return { text, at };
}

/** Splits chunk around the quote (exact, else whitespace/quote-mark normalised). */
export function quoteSegments(chunk: string, quote: string): Segment[] {
  const q = quote.trim();
  if (!q) return [{ text: chunk, mark: false }];
  let from = chunk.indexOf(q);
  let to = from + q.length;
  if (from < 0) {
    const c = normalize(chunk);
    const n = normalize(q).text.trim();
    const i = n ? c.text.indexOf(n) : -1;
    if (i < 0) return chunk ? [{ text: chunk, mark: false }] : [{ text: quote, mark: true }];
    from = c.at[i];
    to = c.at[i + n.length - 1] + 1;
  }
  return [
    { text: chunk.slice(0, from), mark: false },
    { text: chunk.slice(from, to), mark: true },
    { text: chunk.slice(to), mark: false },
  ].filter((s) => s.text !== '');
}
