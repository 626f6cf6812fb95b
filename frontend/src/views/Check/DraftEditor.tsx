import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode } from 'react';
import { pieces, type Mark } from '../../stores/findingsText';
import { padBlock } from './paste';

// The one draft editor: a native <textarea> (so typing, undo, IME, spell
// check and selection stay the browser's) over a mirrored layer that
// draws the findings' marks under the same text at the same place. The
// layer takes no input; hovering a mark is found with elementsFromPoint,
// and the caret entering a mark (or F8 selecting it) shows its card in a
// popover right after the textarea, so Tab reaches the card's buttons.

export interface EditorMark extends Mark {
  /** "contradicted" | "not_covered" | "supported" | "voice". */
  tone: string;
  icon: string;
  label: string;
  dismissed: boolean;
}

export interface EditorHandle {
  focus(): void;
  /** Scrolls a finding's mark into view; select also selects its words. False when it has no mark. */
  reveal(key: string, select: boolean): boolean;
  /** Replaces from..to with text as one undoable edit (Ctrl+Z undoes it). */
  replaceRange(from: number, to: number, text: string, opts?: { keepFocus?: boolean }): void;
  /** Replaces the whole text, undoably. */
  replaceAll(text: string): void;
  /** Puts the caret at cursor (a restored draft's), without taking focus. */
  placeCaret(cursor: number): void;
}

interface Props {
  text: string;
  readOnly: boolean;
  placeholder: string;
  marks: EditorMark[];
  selected?: string;
  onChange: (text: string, cursor: number) => void;
  onCursor: (cursor: number) => void;
  onBlur: () => void;
  /** Markdown for pasted HTML; undefined pastes the plain text instead. */
  convertPaste: (html: string) => Promise<string | undefined>;
  onDropFile: (file: File) => void;
  /** The cards of the findings under the pointer or the caret. */
  renderPopover: (keys: string[], close: () => void) => ReactNode;
  /** The caret went into the marks of keys (not called for a selection). */
  onCaretIn?: (keys: string[]) => void;
}

type Active = { keys: string[]; source: 'hover' | 'caret'; top?: number; bottom?: number; left: number };

const TONE_RANK = ['contradicted', 'not_covered', 'supported'];
const POPOVER_WIDTH = 380;

function classOf(keys: string[], byKey: Map<string, EditorMark>, selected?: string): string {
  const ms = keys.map((k) => byKey.get(k)!).filter(Boolean);
  const claim = ms.filter((m) => m.tone !== 'voice').sort((a, b) => TONE_RANK.indexOf(a.tone) - TONE_RANK.indexOf(b.tone))[0];
  const cls = ['mk'];
  if (claim) cls.push('mk-claim', `mk-${claim.tone}`);
  if (ms.some((m) => m.tone === 'voice')) cls.push('mk-voice');
  if (ms.every((m) => m.dismissed)) cls.push('mk-dismissed');
  if (selected && keys.includes(selected)) cls.push('mk-selected');
  return cls.join(' ');
}

// Where character index at of the mirrored text sits, from the top of the
// mirror's content; the mirror holds the same text nodes as the textarea.
function offsetTopOf(m: HTMLElement, at: number): number | undefined {
  const walk = document.createTreeWalker(m, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const len = n.textContent?.length ?? 0;
    if (seen + len >= at) {
      const r = document.createRange();
      r.setStart(n, Math.min(at - seen, len));
      if (typeof r.getClientRects !== 'function') return undefined; // jsdom
      const rect = r.getClientRects()[0];
      if (!rect) return undefined;
      return rect.top - m.getBoundingClientRect().top + m.scrollTop;
    }
    seen += len;
  }
  return undefined;
}

export const DraftEditor = forwardRef<EditorHandle, Props>(function DraftEditor(props, ref) {
  const { text, readOnly, placeholder, marks, selected, onChange, onCursor, onBlur, convertPaste, onDropFile, renderPopover, onCaretIn } = props;
  const wrap = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pressing = useRef(false); // a pointer is down in the popover: the textarea's blur is not leaving
  const [active, setActive] = useState<Active>();
  const [dragging, setDragging] = useState(false);

  const byKey = useMemo(() => new Map(marks.map((m) => [m.key, m])), [marks]);
  const parts = useMemo(() => pieces(text, marks), [text, marks]);

  const syncScroll = () => {
    if (area.current && mirror.current) {
      mirror.current.scrollTop = area.current.scrollTop;
      mirror.current.scrollLeft = area.current.scrollLeft;
    }
  };

  // Where a popover for a mark fragment goes: under it, or over it in the
  // lower part of the editor; inside the editor's width.
  const place = useCallback((rect: DOMRect): Omit<Active, 'keys' | 'source'> => {
    const c = wrap.current!.getBoundingClientRect();
    const left = Math.max(0, Math.min(rect.left - c.left, c.width - POPOVER_WIDTH));
    if (rect.bottom - c.top > c.height * 0.6) return { bottom: c.bottom - rect.top + 6, left };
    return { top: rect.bottom - c.top + 6, left };
  }, []);

  const fragmentOf = (key: string): DOMRect | undefined => {
    const el = mirror.current?.querySelector(`[data-keys~="${key}"]`);
    return el?.getClientRects()[0];
  };

  const close = useCallback(() => setActive(undefined), []);

  // The caret inside a mark (or a selection of exactly its words) shows it.
  const caretCheck = useCallback(() => {
    const ta = area.current;
    if (!ta || document.activeElement !== ta) return;
    const s = ta.selectionStart;
    const e = ta.selectionEnd;
    const hit = marks.filter((m) => (s === e ? m.from <= s && s < m.to : m.from === s && m.to === e));
    if (s === e && hit.length > 0) onCaretIn?.(hit.map((m) => m.key));
    setActive((prev) => {
      if (prev?.source === 'hover') return prev;
      if (hit.length === 0) return undefined;
      const keys = hit.map((m) => m.key);
      if (prev && prev.keys.join() === keys.join()) return prev;
      const rect = fragmentOf(keys[keys.length - 1]);
      return rect ? { keys, source: 'caret', ...place(rect) } : undefined;
    });
  }, [marks, place, onCaretIn]);

  const hover = (x: number, y: number) => {
    if (typeof document.elementsFromPoint !== 'function') return;
    const el = document.elementsFromPoint(x, y).find((n): n is HTMLElement => n instanceof HTMLElement && !!n.dataset.keys && !!mirror.current?.contains(n));
    if (!el) {
      if (active?.source === 'hover' && !hideTimer.current) hideTimer.current = setTimeout(() => ((hideTimer.current = undefined), close()), 250);
      return;
    }
    clearTimeout(hideTimer.current);
    hideTimer.current = undefined;
    const keys = el.dataset.keys!.split(' ');
    if (active?.source === 'hover' && active.keys.join() === keys.join()) return;
    const rect = [...el.getClientRects()].find((r) => y >= r.top && y <= r.bottom && x >= r.left - 2 && x <= r.right + 2) ?? el.getClientRects()[0];
    setActive({ keys, source: 'hover', ...place(rect) });
  };

  // A popover whose findings lost their marks (dismissed, edited) closes.
  useEffect(() => {
    if (active && !active.keys.every((k) => byKey.has(k))) {
      const inside = pop.current?.contains(document.activeElement);
      setActive(undefined);
      if (inside) area.current?.focus();
    }
  }, [active, byKey]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // A caret moved by script (or by keys React does not see) still counts:
  // browsers fire selectionchange at the textarea or at the document.
  const onSelection = useRef<() => void>(() => {});
  onSelection.current = () => {
    const ta = area.current;
    if (!ta || document.activeElement !== ta) return;
    onCursor(ta.selectionStart);
    caretCheck();
  };
  useEffect(() => {
    const ta = area.current;
    const fire = () => onSelection.current();
    ta?.addEventListener('selectionchange', fire);
    document.addEventListener('selectionchange', fire);
    return () => {
      ta?.removeEventListener('selectionchange', fire);
      document.removeEventListener('selectionchange', fire);
    };
  }, []);

  // One undoable edit: execCommand keeps the browser's undo history; where
  // it is missing (tests) the new value goes through onChange.
  const replaceRange = (from: number, to: number, next: string, opts?: { keepFocus?: boolean }) => {
    const ta = area.current;
    if (!ta) return;
    const back = opts?.keepFocus ? (document.activeElement as HTMLElement | null) : null;
    const expected = ta.value.slice(0, from) + next + ta.value.slice(to);
    ta.focus({ preventScroll: true });
    ta.setSelectionRange(from, to);
    try {
      if (typeof document.execCommand === 'function') document.execCommand(next === '' ? 'delete' : 'insertText', false, next);
    } catch {
      // fall through to onChange
    }
    if (ta.value !== expected) onChange(expected, from + next.length);
    if (back && back !== ta && back.isConnected) back.focus({ preventScroll: true });
  };

  useImperativeHandle(ref, () => ({
    focus: () => area.current?.focus(),
    reveal(key, select) {
      const ta = area.current;
      const m = byKey.get(key);
      if (!ta || !m) return false;
      if (select) {
        ta.focus({ preventScroll: true });
        ta.setSelectionRange(m.from, m.to);
      }
      const el = mirror.current?.querySelector<HTMLElement>(`[data-keys~="${key}"]`);
      if (el) {
        const top = el.offsetTop;
        if (top < ta.scrollTop || top > ta.scrollTop + ta.clientHeight - 40) ta.scrollTop = Math.max(0, top - ta.clientHeight / 3);
        syncScroll();
      }
      wrap.current?.scrollIntoView?.({ block: 'nearest' });
      if (select) {
        const rect = fragmentOf(key);
        const keys = marks.filter((x) => x.from === m.from && x.to === m.to).map((x) => x.key);
        setActive(rect ? { keys, source: 'caret', ...place(rect) } : undefined);
      }
      return true;
    },
    replaceRange,
    placeCaret(cursor) {
      const ta = area.current;
      if (!ta) return;
      const c = Math.max(0, Math.min(cursor, ta.value.length));
      ta.setSelectionRange(c, c);
      const top = mirror.current ? offsetTopOf(mirror.current, c) : undefined;
      if (top !== undefined && (top < ta.scrollTop || top > ta.scrollTop + ta.clientHeight - 40)) {
        ta.scrollTop = Math.max(0, top - ta.clientHeight / 3);
        syncScroll();
      }
    },
    replaceAll(next) {
      const ta = area.current;
      if (!ta) return;
      replaceRange(0, ta.value.length, next);
      ta.setSelectionRange(0, 0);
      ta.scrollTop = 0;
      syncScroll();
    },
  }));

  const paste = async (e: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const html = e.clipboardData?.getData('text/html');
    if (!html) return; // plain text: the browser pastes it
    e.preventDefault();
    const plain = e.clipboardData.getData('text/plain');
    const ta = e.currentTarget;
    const from = ta.selectionStart;
    const to = ta.selectionEnd;
    const md = (await convertPaste(html)) ?? plain;
    const current = ta.value;
    const insert = padBlock(current.slice(0, from), md, current.slice(to));
    replaceRange(from, to, insert);
  };

  const hasFiles = (e: React.DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

  return (
    <div
      ref={wrap}
      className={`editor${dragging ? ' editor-drop' : ''}`}
      onDragEnter={(e) => {
        if (hasFiles(e)) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragOver={(e) => {
        if (hasFiles(e)) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDragLeave={(e) => {
        if (!wrap.current?.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        setDragging(false);
        const file = e.dataTransfer?.files?.[0];
        if (!file) return;
        e.preventDefault();
        onDropFile(file);
      }}
    >
      <div ref={mirror} className="editor-mirror editor-text" aria-hidden="true" data-testid="draft-marks">
        {parts.map((p) =>
          p.keys.length === 0 ? (
            <span key={p.from}>{p.text}</span>
          ) : (
            <mark key={p.from} className={classOf(p.keys, byKey, selected)} data-keys={p.keys.join(' ')} aria-label={p.keys.map((k) => byKey.get(k)?.label).join('; ')}>
              {p.text}
              {p.ends.map((k) => (
                <span key={k} className={`mk-icon mk-icon-${byKey.get(k)?.tone}`} data-icon={byKey.get(k)?.icon} />
              ))}
            </mark>
          ),
        )}
        {text.endsWith('\n') || text === '' ? '\u200b' : ''}
      </div>
      <textarea
        id="draft"
        ref={area}
        className="editor-input editor-text"
        placeholder={placeholder}
        value={text}
        readOnly={readOnly}
        spellCheck
        aria-describedby="draft-help"
        onChange={(e) => onChange(e.target.value, e.target.selectionStart)}
        onSelect={(e) => {
          onCursor(e.currentTarget.selectionStart);
          caretCheck();
        }}
        onFocus={caretCheck}
        onScroll={() => {
          syncScroll();
          if (active) setActive(undefined);
        }}
        onMouseMove={(e) => hover(e.clientX, e.clientY)}
        onMouseLeave={() => {
          if (active?.source === 'hover') hideTimer.current = setTimeout(() => ((hideTimer.current = undefined), close()), 250);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && active) {
            e.preventDefault();
            close();
          }
        }}
        onBlur={(e) => {
          onBlur();
          if (pressing.current) return; // into the popover: WebKit may not focus a clicked button
          if (active?.source === 'caret' && !pop.current?.contains(e.relatedTarget as Node | null)) close();
        }}
        onPaste={(e) => void paste(e)}
      />
      {dragging && (
        <div className="editor-drop-hint" aria-hidden="true">
          Drop to open the file as the draft
        </div>
      )}
      {active && (
        <div
          ref={pop}
          className="finding-popover"
          role="group"
          aria-label="Finding in the draft"
          data-testid="finding-popover"
          style={{ left: active.left, top: active.top, bottom: active.bottom, width: POPOVER_WIDTH }}
          onPointerDown={() => {
            pressing.current = true;
            setTimeout(() => (pressing.current = false), 0);
          }}
          onMouseEnter={() => {
            clearTimeout(hideTimer.current);
            hideTimer.current = undefined;
          }}
          onMouseLeave={() => {
            if (active.source === 'hover' && !pop.current?.contains(document.activeElement)) hideTimer.current = setTimeout(() => ((hideTimer.current = undefined), close()), 250);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
              area.current?.focus();
            }
          }}
          onBlur={(e) => {
            if (!pop.current?.contains(e.relatedTarget as Node | null) && e.relatedTarget !== area.current) close();
          }}
        >
          {renderPopover(active.keys, close)}
        </div>
      )}
    </div>
  );
});
