import { Fragment, type ReactNode } from 'react';
import type { Marks } from './highlight';
import type { Block, Inline, Leaf, Parsed, Range } from './markdown';

interface Ctx {
  marks: Marks | null;
  firstMark: number;
}

// Text is only ever a React text node; a marked part is wrapped in <mark>.
function LeafText({ leaf, ctx }: { leaf: Leaf; ctx: Ctx }) {
  const m = ctx.marks?.get(leaf.id);
  if (!m) return <>{leaf.text}</>;
  return (
    <>
      {leaf.text.slice(0, m[0])}
      <mark className="source-mark" data-testid="source-mark" data-first={leaf.id === ctx.firstMark ? '' : undefined}>
        {leaf.text.slice(m[0], m[1])}
      </mark>
      {leaf.text.slice(m[1])}
    </>
  );
}

function Inlines({ nodes, ctx }: { nodes: Inline[]; ctx: Ctx }): ReactNode {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'leaf':
        return <LeafText key={i} leaf={n} ctx={ctx} />;
      case 'strong':
        return <strong key={i}><Inlines nodes={n.children} ctx={ctx} /></strong>;
      case 'em':
        return <em key={i}><Inlines nodes={n.children} ctx={ctx} /></em>;
      case 'del':
        return <del key={i}><Inlines nodes={n.children} ctx={ctx} /></del>;
      case 'code':
        return <code key={i}><LeafText leaf={n.leaf} ctx={ctx} /></code>;
      case 'link':
        // Never a live link: the webview must not navigate away. The
        // target is in the tooltip; the page's own URL has its button.
        return (
          <span key={i} className="source-link" title={n.href}>
            <Inlines nodes={n.children} ctx={ctx} />
          </span>
        );
      case 'image':
        return (
          <span key={i} className="source-image" title="Image (not shown)">
            [image: <LeafText leaf={n.alt} ctx={ctx} />]
          </span>
        );
      case 'br':
        return <br key={i} />;
    }
    return null;
  });
}

function overlaps(a: Range, b?: Range) {
  return !!b && a.start < b.end && b.start < a.end;
}

function BlockView({ b, ctx, plain }: { b: Block; ctx: Ctx; plain: boolean }): ReactNode {
  const kids = (bs: Block[]) => bs.map((c, i) => <BlockView key={i} b={c} ctx={ctx} plain={plain} />);
  switch (b.kind) {
    case 'heading': {
      const H = `h${Math.min(Math.max(b.level, 1), 6)}` as 'h1';
      return <H><Inlines nodes={b.children} ctx={ctx} /></H>;
    }
    case 'paragraph':
      return <p className={plain ? 'source-plain' : undefined}><Inlines nodes={b.children} ctx={ctx} /></p>;
    case 'list': {
      const items = b.items.map((it, i) => <li key={i}>{kids(it)}</li>);
      return b.ordered ? <ol start={b.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return <blockquote>{kids(b.children)}</blockquote>;
    case 'code':
      return (
        <pre data-lang={b.lang || undefined}>
          <code><LeafText leaf={b.leaf} ctx={ctx} /></code>
        </pre>
      );
    case 'html':
      return (
        <pre className="source-html" title="HTML in the source, shown as text">
          <LeafText leaf={b.leaf} ctx={ctx} />
        </pre>
      );
    case 'table':
      return (
        <div className="source-table">
          <table>
            <thead>
              <tr>
                {b.header.map((c, i) => (
                  <th key={i} scope="col" style={b.align[i] ? { textAlign: b.align[i] ?? undefined } : undefined}>
                    <Inlines nodes={c} ctx={ctx} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((r, ri) => (
                <tr key={ri}>
                  {r.map((c, i) => (
                    <td key={i} style={b.align[i] ? { textAlign: b.align[i] ?? undefined } : undefined}>
                      <Inlines nodes={c} ctx={ctx} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'hr':
      return <hr />;
  }
  return null;
}

/** Whether chunk covers some but not all of the document's blocks: only then is it worth outlining. */
export function chunkIsPart(doc: Parsed, chunk?: Range): boolean {
  const inside = doc.blocks.filter((b) => overlaps(b.src, chunk)).length;
  return inside > 0 && inside < doc.blocks.length;
}

/**
 * A parsed document as React elements; marks come from the viewer, and the
 * top-level blocks of chunk (the indexed passage) share one outlined group.
 */
export function MarkdownView({ doc, marks, chunk, plain = false }: { doc: Parsed; marks: Marks | null; chunk?: Range; plain?: boolean }) {
  const firstMark = marks && marks.size > 0 ? Math.min(...marks.keys()) : -1;
  const ctx: Ctx = { marks, firstMark };
  const groups: { inChunk: boolean; blocks: Block[] }[] = [];
  for (const b of doc.blocks) {
    const inChunk = overlaps(b.src, chunk);
    const last = groups[groups.length - 1];
    if (last && last.inChunk === inChunk) last.blocks.push(b);
    else groups.push({ inChunk, blocks: [b] });
  }
  let n = 0;
  const view = (bs: Block[]) => bs.map((b) => <BlockView key={n++} b={b} ctx={ctx} plain={plain} />);
  return (
    <>
      {groups.map((g, i) =>
        g.inChunk ? (
          <div key={`c${i}`} className="source-chunk" data-testid="source-chunk">
            {view(g.blocks)}
          </div>
        ) : (
          <Fragment key={`g${i}`}>{view(g.blocks)}</Fragment>
        ),
      )}
    </>
  );
}
