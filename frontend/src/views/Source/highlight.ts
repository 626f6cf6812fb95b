// Finds a quoted passage in the rendered text of a document, ignoring
// white space (and, failing that, Markdown markup characters and case),
// and says which part of each text leaf to mark.
import type { Leaf } from './markdown';

/** Per leaf id, the [start, end) of its text inside the quote. */
export type Marks = Map<number, [number, number]>;

const SPACE = /\s/;
const MARKUP = /[\s*_`|\\~>#]/;

interface Stream {
  text: string;
  leaf: number[]; // per code unit of text: the leaf it came from
  off: number[]; // …and its offset there
}

function stream(leaves: Leaf[], drop: RegExp, fold: boolean): Stream {
  let text = '';
  const leaf: number[] = [];
  const off: number[] = [];
  for (const l of leaves) {
    for (let i = 0; i < l.text.length; i++) {
      const c = l.text[i];
      if (drop.test(c)) continue;
      const n = fold ? c.toLowerCase() : c;
      for (let k = 0; k < n.length; k++) {
        leaf.push(l.id);
        off.push(i);
      }
      text += n;
    }
  }
  return { text, leaf, off };
}

function squeeze(s: string, drop: RegExp, fold: boolean): string {
  let out = '';
  for (const c of s) if (!drop.test(c)) out += fold ? c.toLowerCase() : c;
  return out;
}

/**
 * Marks the first occurrence of quote, or the first one that starts in a
 * block inside prefer (the indexed chunk it came from); null when the
 * quote is not in the text.
 */
export function findQuote(leaves: Leaf[], quote: string, prefer?: { start: number; end: number }): Marks | null {
  for (const [drop, fold] of [[SPACE, false], [MARKUP, true]] as const) {
    const q = squeeze(quote, drop, fold);
    if (!q) return null;
    const s = stream(leaves, drop, fold);
    const byId = new Map(leaves.map((l) => [l.id, l]));
    let chosen = -1;
    for (let i = s.text.indexOf(q); i >= 0; i = s.text.indexOf(q, i + 1)) {
      if (chosen < 0) chosen = i;
      const at = byId.get(s.leaf[i])?.at ?? -1;
      if (!prefer || (at >= prefer.start && at < prefer.end)) {
        chosen = i;
        break;
      }
    }
    if (chosen >= 0) return marks(leaves, s, chosen, chosen + q.length - 1);
  }
  return null;
}

function marks(leaves: Leaf[], s: Stream, first: number, last: number): Marks {
  const from = s.leaf[first];
  const to = s.leaf[last];
  const out: Marks = new Map();
  for (const l of leaves) {
    if (l.id < from || l.id > to) continue;
    const start = l.id === from ? s.off[first] : 0;
    const end = l.id === to ? s.off[last] + 1 : l.text.length;
    // a surrogate pair is marked whole
    const fix = end < l.text.length && /[\ud800-\udbff]/.test(l.text[end - 1]) ? end + 1 : end;
    if (fix > start) out.set(l.id, [start, fix]);
  }
  return out;
}
