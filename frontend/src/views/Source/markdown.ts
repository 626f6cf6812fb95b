// A document's Markdown as a small tree of our own nodes, parsed with
// marked's lexer (GFM) and never rendered to HTML: every piece of corpus
// text ends up in a Leaf, which the viewer renders as a React text node.
// Raw HTML in the source is a Leaf too, so it shows as the text it is.
import { Lexer, type Token, type Tokens } from 'marked';

/** A piece of text as the reader sees it; id is its order in the document, at the start of its top-level block in the source. */
export interface Leaf {
  kind: 'leaf';
  id: number;
  text: string;
  at: number;
}

export type Inline =
  | Leaf
  | { kind: 'strong' | 'em' | 'del'; children: Inline[] }
  | { kind: 'code'; leaf: Leaf }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'image'; alt: Leaf }
  | { kind: 'br' };

export type Block =
  | { kind: 'heading'; level: number; children: Inline[]; src: Range }
  | { kind: 'paragraph'; children: Inline[]; src: Range }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][]; src: Range }
  | { kind: 'quote'; children: Block[]; src: Range }
  | { kind: 'code'; lang: string; leaf: Leaf; src: Range }
  | { kind: 'table'; align: ('left' | 'center' | 'right' | null)[]; header: Inline[][]; rows: Inline[][][]; src: Range }
  | { kind: 'html'; leaf: Leaf; src: Range }
  | { kind: 'hr'; src: Range };

/** [start, end) offsets in the Markdown source (top-level blocks only; nested ones share their parent's). */
export interface Range {
  start: number;
  end: number;
}

export interface Parsed {
  blocks: Block[];
  leaves: Leaf[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '–', mdash: '—', hellip: '…', copy: '©', reg: '®', trade: '™', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

/** Decodes the character references marked leaves in text (it expects an HTML renderer to). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[ref.toLowerCase()] ?? m;
  });
}

/** Parses markdown; format 'text' keeps plain text as paragraphs with their line breaks. */
export function parseDocument(source: string, format: 'markdown' | 'text' = 'markdown'): Parsed {
  const leaves: Leaf[] = [];
  let at = 0;
  const leaf = (text: string): Leaf => {
    const l: Leaf = { kind: 'leaf', id: leaves.length, text, at };
    leaves.push(l);
    return l;
  };
  if (format === 'text') {
    const atStart = (start: number, text: string) => {
      at = start;
      return leaf(text);
    };
    return { blocks: plainBlocks(source, atStart), leaves };
  }

  const inline = (tokens: Token[] | undefined): Inline[] => {
    const out: Inline[] = [];
    for (const t of tokens ?? []) {
      switch (t.type) {
        case 'strong':
        case 'em':
        case 'del':
          out.push({ kind: t.type, children: inline((t as Tokens.Strong).tokens) });
          break;
        case 'codespan':
          out.push({ kind: 'code', leaf: leaf(decodeEntities((t as Tokens.Codespan).text)) });
          break;
        case 'link':
          out.push({ kind: 'link', href: (t as Tokens.Link).href, children: inline((t as Tokens.Link).tokens) });
          break;
        case 'image':
          out.push({ kind: 'image', alt: leaf((t as Tokens.Image).text) });
          break;
        case 'br':
          out.push({ kind: 'br' });
          break;
        case 'text': {
          const tt = t as Tokens.Text;
          if (tt.tokens?.length) out.push(...inline(tt.tokens));
          else out.push(leaf(decodeEntities(tt.text)));
          break;
        }
        case 'escape':
          out.push(leaf((t as Tokens.Escape).text));
          break;
        default:
          // html tags, checkboxes and anything unknown: shown as their source text
          out.push(leaf('text' in t && typeof t.text === 'string' && t.type !== 'checkbox' ? t.text : t.raw));
      }
    }
    return out;
  };

  const block = (t: Token, src: Range): Block | null => {
    switch (t.type) {
      case 'heading':
        return { kind: 'heading', level: (t as Tokens.Heading).depth, children: inline((t as Tokens.Heading).tokens), src };
      case 'paragraph':
        return { kind: 'paragraph', children: inline((t as Tokens.Paragraph).tokens), src };
      case 'text': // a tight list item's text
        return { kind: 'paragraph', children: inline((t as Tokens.Text).tokens ?? [t]), src };
      case 'list': {
        const l = t as Tokens.List;
        return {
          kind: 'list', ordered: l.ordered, start: typeof l.start === 'number' ? l.start : 1, src,
          items: l.items.map((it) => blocks(it.tokens, src)),
        };
      }
      case 'blockquote':
        return { kind: 'quote', children: blocks((t as Tokens.Blockquote).tokens, src), src };
      case 'code':
        return { kind: 'code', lang: (t as Tokens.Code).lang ?? '', leaf: leaf((t as Tokens.Code).text), src };
      case 'table': {
        const tb = t as Tokens.Table;
        return { kind: 'table', align: tb.align, header: tb.header.map((c) => inline(c.tokens)), rows: tb.rows.map((r) => r.map((c) => inline(c.tokens))), src };
      }
      case 'html':
        return { kind: 'html', leaf: leaf((t as Tokens.HTML).text.replace(/\n+$/, '')), src };
      case 'hr':
        return { kind: 'hr', src };
      case 'space':
      case 'def':
        return null;
      default:
        return t.raw.trim() ? { kind: 'paragraph', children: [leaf(t.raw)], src } : null;
    }
  };
  const blocks = (tokens: Token[], src: Range): Block[] => tokens.map((t) => block(t, src)).filter((b): b is Block => b !== null);

  // Top-level tokens consume the source in order, so their raw lengths give
  // each block's place in it (marked reads every line end as "\n").
  const normalized = source.replace(/\r\n?/g, '\n');
  const tokens = new Lexer({ gfm: true }).lex(normalized);
  const out: Block[] = [];
  let pos = 0;
  for (const t of tokens) {
    const found = normalized.indexOf(t.raw, pos);
    const start = found >= 0 ? found : pos;
    const src = { start, end: start + t.raw.length };
    pos = src.end;
    at = start;
    const b = block(t, src);
    if (b) out.push(b);
  }
  return { blocks: out, leaves };
}

// Plain text: paragraphs at blank lines; the viewer keeps their line breaks.
function plainBlocks(source: string, leaf: (start: number, t: string) => Leaf): Block[] {
  const out: Block[] = [];
  const re = /\S[\s\S]*?(?=\n[ \t]*\n|\s*$)/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    out.push({ kind: 'paragraph', children: [leaf(m.index, m[0])], src: { start: m.index, end: m.index + m[0].length } });
  }
  return out;
}
