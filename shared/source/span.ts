/** A range in the source text as 0-based UTF-16 offsets, end exclusive (the unit of `yaml`'s node.range). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** 1-based line and column, as printed by the CLI. */
export interface LineCol {
  readonly line: number;
  readonly column: number;
}

/** Maps offsets to 1-based line:column (for the CLI) and to 0-based positions (for LSP). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
    }
  }

  /** 0-based line and character for an offset (clamped to the text). */
  position(offset: number): { line: number; character: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo] };
  }

  /** 1-based line and column for an offset. */
  lineCol(offset: number): LineCol {
    const p = this.position(offset);
    return { line: p.line + 1, column: p.character + 1 };
  }

  /** Offset of the start of a 0-based line. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))];
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
