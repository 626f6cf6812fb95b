// Pure text helpers for findings in the editor: keeping their ranges on the
// right words while the writer edits, and cutting the draft into pieces
// for the highlight layer. Offsets are UTF-16 indexes (JS strings).

export interface Range {
  from: number;
  to: number;
}

export interface Edit {
  at: number;
  removed: number;
  inserted: number;
}

/** The one edit turning prev into next: their common prefix and suffix stay; undefined when equal. */
export function editBetween(prev: string, next: string): Edit | undefined {
  if (prev === next) return undefined;
  const min = Math.min(prev.length, next.length);
  let at = 0;
  while (at < min && prev.charCodeAt(at) === next.charCodeAt(at)) at++;
  let endPrev = prev.length;
  let endNext = next.length;
  while (endPrev > at && endNext > at && prev.charCodeAt(endPrev - 1) === next.charCodeAt(endNext - 1)) {
    endPrev--;
    endNext--;
  }
  return { at, removed: endPrev - at, inserted: endNext - at };
}

/**
 * Moves ranges over prev to next: ranges before the edit stay, ranges after
 * it shift, and a range the edit touches is dropped, since its words are
 * no longer the ones checked. Every range kept covers the same text as
 * before.
 */
export function mapRanges<K extends string>(ranges: Partial<Record<K, Range>>, prev: string, next: string): Partial<Record<K, Range>> {
  const e = editBetween(prev, next);
  if (!e) return ranges;
  const end = e.at + e.removed;
  const delta = e.inserted - e.removed;
  const out: Partial<Record<K, Range>> = {};
  for (const key of Object.keys(ranges) as K[]) {
    const r = ranges[key];
    if (!r) continue;
    if (r.to <= e.at) out[key] = r;
    else if (r.from >= end) out[key] = { from: r.from + delta, to: r.to + delta };
  }
  return out;
}

export interface Mark extends Range {
  key: string;
}

export interface Piece {
  text: string;
  from: number;
  /** Keys of the marks covering this piece, in the order marks were given. */
  keys: string[];
  /** Keys of the marks that end with this piece (where their icon goes). */
  ends: string[];
}

/** Cuts text at every mark boundary; overlapping marks share the pieces they both cover. */
export function pieces(text: string, marks: Mark[]): Piece[] {
  const valid = marks
    .map((m, order) => ({ ...m, from: Math.max(0, Math.min(m.from, text.length)), to: Math.max(0, Math.min(m.to, text.length)), order }))
    .filter((m) => m.to > m.from);
  const cuts = new Set<number>([0, text.length]);
  for (const m of valid) {
    cuts.add(m.from);
    cuts.add(m.to);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const starts = new Map<number, typeof valid>();
  for (const m of valid) starts.set(m.from, [...(starts.get(m.from) ?? []), m]);
  const out: Piece[] = [];
  let active: typeof valid = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    active = active.filter((m) => m.to > a).concat(starts.get(a) ?? []);
    active.sort((x, y) => x.order - y.order);
    out.push({ text: text.slice(a, b), from: a, keys: active.map((m) => m.key), ends: active.filter((m) => m.to === b).map((m) => m.key) });
  }
  if (out.length === 0) out.push({ text, from: 0, keys: [], ends: [] });
  return out;
}

/** UTF-8 byte offsets (as Go reports them) to UTF-16 indexes of text. */
export function byteIndex(text: string): (byte: number) => number {
  const at: number[] = [];
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (let k = 0; k < n; k++) at[bytes + k] = i;
    bytes += n;
    if (cp >= 0x10000) i++;
  }
  at[bytes] = text.length;
  return (b) => (b <= 0 ? 0 : b >= bytes ? text.length : at[b]);
}
