// Pure text helpers for the Check view: quotes marked inside their chunk and
// the draft cut into claim spans. Everything stays text; React renders it.

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

/** Maps UTF-8 byte offsets (as Go reports them) to string indexes. */
export function byteOffsets(text: string): (byte: number) => number {
  const starts: number[] = [];
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    starts[bytes] = i;
    const cp = text.codePointAt(i)!;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (cp >= 0x10000) i++;
    for (let k = 1; k < n; k++) starts[bytes + k] = i + 1 - (cp >= 0x10000 ? 1 : 0);
    bytes += n;
  }
  starts[bytes] = text.length;
  return (b) => (b <= 0 ? 0 : b >= bytes ? text.length : (starts[b] ?? text.length));
}

export interface Span {
  index: number;
  start: number;
  end: number;
}

export interface DraftPiece {
  text: string;
  claims: number[]; // claim indexes covering this piece; empty for plain text
}

/** Cuts the draft into plain pieces and claim pieces (offsets in bytes). */
export function draftPieces(draft: string, spans: Span[]): DraftPiece[] {
  const toIndex = byteOffsets(draft);
  const ranges = spans
    .map((s) => ({ index: s.index, start: toIndex(s.start), end: toIndex(s.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: DraftPiece[] = [];
  let pos = 0;
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (r.start < pos) {
      // overlaps the previous claim piece: it shares that highlight
      if (last && last.claims.length > 0) last.claims.push(r.index);
      continue;
    }
    if (r.start > pos) out.push({ text: draft.slice(pos, r.start), claims: [] });
    out.push({ text: draft.slice(r.start, r.end), claims: [r.index] });
    pos = r.end;
  }
  if (pos < draft.length) out.push({ text: draft.slice(pos), claims: [] });
  return out;
}
