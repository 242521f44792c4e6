import { describe, expect, it } from 'vitest';
import { countStatements } from './countStatements.ts';

describe('countStatements', () => {
  it('counts statements separated by semicolons, a trailing one ending the last', () => {
    expect(countStatements('SELECT 1')).toBe(1);
    expect(countStatements('SELECT 1;')).toBe(1);
    expect(countStatements('  SELECT 1 ;  \n')).toBe(1);
    expect(countStatements('COMMIT; DELETE FROM transfers')).toBe(2);
    expect(countStatements('SELECT 1;;SELECT 2')).toBe(2);
    expect(countStatements('')).toBe(0);
  });

  it('ignores semicolons in strings, quoted identifiers, dollar quotes and comments', () => {
    expect(countStatements("SELECT ';' AS a, 'it''s;' AS b")).toBe(1);
    expect(countStatements('SELECT 1 AS ";x"')).toBe(1);
    expect(countStatements('SELECT $$;$$, $tag$ ; $$ ; $tag$')).toBe(1);
    expect(countStatements('SELECT 1 -- ; DELETE\n')).toBe(1);
    expect(countStatements('SELECT /* ; /* nested ; */ ; */ 1')).toBe(1);
    expect(countStatements('-- only a comment; nothing else')).toBe(0);
  });

  it("reads E'…' strings with backslash escapes as PostgreSQL does, so a quote cannot hide a second statement", () => {
    expect(countStatements("SELECT E'\\''; DELETE FROM transfers")).toBe(2);
    expect(countStatements("SELECT E'\\\\'; DELETE FROM transfers")).toBe(2);
    // Outside an E string a backslash is an ordinary character (standard_conforming_strings).
    expect(countStatements("SELECT '\\'; DELETE FROM transfers")).toBe(2);
    expect(countStatements("SELECT some_e'x'")).toBe(1);
  });
});
