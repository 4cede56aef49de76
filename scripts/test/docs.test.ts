// The project's documents stand alone (issue 10 item 10): a clone of the repository holds every document the
// README and the code cite, and every citation points at something that exists.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const sourceDirs = ['apps', 'packages', 'e2e', 'bench', 'docs', 'scripts', '.ci'];
const skip = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|md|sql|json|sh)$/.test(name) || name === 'run') out.push(path);
  }
  return out;
}

const self = join(import.meta.dirname, 'docs.test.ts');
const files = [join(root, 'README.md'), ...sourceDirs.flatMap((d) => walk(join(root, d)))].filter((f) => f !== self);
const read = (path: string) => readFileSync(path, 'utf8');
const headings = (doc: string) =>
  read(join(root, 'docs', doc))
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .map((l) => l.replace(/^#+\s*/, ''));

describe('the project documents', () => {
  it('no file points outside the repository for the product rules', () => {
    const outside = files.filter((f) => /\.\.\/shared\b/.test(read(f))).map((f) => relative(root, f));
    expect(outside).toEqual([]);
  });

  it('every document the README links exists', () => {
    const links = [...read(join(root, 'README.md')).matchAll(/\]\((docs\/[^)#]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(() => statSync(join(root, link)), link).not.toThrow();
  });

  it('every "SPEC n" a file cites is a section of docs/SPEC.md', () => {
    const sections = new Set(headings('SPEC.md').map((h) => h.match(/^(\d+)\./)?.[1]).filter(Boolean));
    const missing: string[] = [];
    for (const file of files) {
      for (const m of read(file).matchAll(/\bSPEC(?:\.md)?(?: sections?)? (\d+)(?: and (\d+))?/g)) {
        for (const n of [m[1], m[2]]) if (n && !sections.has(n)) missing.push(`${relative(root, file)}: SPEC ${n}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every DOMAIN.md "heading" a file cites is a heading of docs/DOMAIN.md', () => {
    const known = headings('DOMAIN.md');
    const missing: string[] = [];
    for (const file of files) {
      for (const m of read(file).matchAll(/DOMAIN\.md(?:'s)? ((?:"[^"\n]+"(?:,\s*|\s+and\s+)?)+)/g)) {
        for (const q of m[1].matchAll(/"([^"\n]+)"/g)) {
          if (!known.some((h) => h.startsWith(q[1]))) missing.push(`${relative(root, file)}: DOMAIN.md "${q[1]}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
