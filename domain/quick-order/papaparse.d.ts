/**
 * The part of papaparse quick order uses: parsing a string. The project's TypeScript
 * configuration points `papaparse` here (tsconfig.base.json `paths`) instead of
 * @types/papaparse, whose declarations pull Node's types (for its Node stream API) into
 * every project that imports it: the browser's, the worker's and domain/'s.
 */
export interface ParseConfig {
  /** Empty: guessed from `delimitersToGuess`. */
  readonly delimiter?: string;
  readonly delimitersToGuess?: readonly string[];
  readonly newline?: '' | '\r' | '\n' | '\r\n';
  readonly quoteChar?: string;
  readonly escapeChar?: string;
  /** `greedy`: lines of only blanks are skipped too. */
  readonly skipEmptyLines?: boolean | 'greedy';
}

export interface ParseError {
  readonly type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
  readonly code: string;
  readonly message: string;
  readonly row?: number;
}

export interface ParseResult<T> {
  readonly data: T[];
  readonly errors: ParseError[];
  readonly meta: {
    readonly delimiter: string;
    readonly linebreak: string;
    readonly aborted: boolean;
    readonly truncated: boolean;
    readonly cursor: number;
  };
}

declare const Papa: {
  /** Without `header`, each row is an array of its cells. */
  parse<T = string[]>(input: string, config?: ParseConfig): ParseResult<T>;
};

export default Papa;
