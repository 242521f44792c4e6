/**
 * How many SQL statements `text` holds: semicolons count only outside string literals, quoted
 * identifiers, dollar-quoted bodies and comments, and a trailing one ends the last statement.
 * `strait db query` runs exactly one, so a `COMMIT; DELETE …` cannot leave its read-only transaction.
 */
export function countStatements(text: string): number {
  let count = 0;
  let pending = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '/' && next === '*') {
      i = skipBlockComment(text, i);
    } else if (c === "'" || c === '"') {
      // E'…' strings take backslash escapes (E'\'' is one quote): read them as PostgreSQL does.
      const escaped = c === "'" && /(^|[^A-Za-z0-9_$])[eE]$/.test(text.slice(Math.max(0, i - 2), i));
      i = skipQuoted(text, i, c, escaped);
      pending = true;
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? text.length : end + tag[0].length;
      } else i += 1;
      pending = true;
    } else if (c === ';') {
      if (pending) count += 1;
      pending = false;
      i += 1;
    } else {
      if (!/\s/.test(c)) pending = true;
      i += 1;
    }
  }
  return count + (pending ? 1 : 0);
}

/** Past a quoted run that starts at `start`; a doubled quote is an escaped one, and so is a backslashed one in an E string. */
function skipQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    if (backslashEscapes && text[i] === '\\') i += 2;
    else if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return i;
}

/** Past a block comment starting at `start`; they nest in PostgreSQL. */
function skipBlockComment(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return i;
}
