/** Minimal PO reader: msgid → msgstr (multi-line strings joined, header skipped). */
export function parsePo(text) {
  const out = new Map();
  const re = /^msgid ((?:".*"\s*)+)^msgstr ((?:".*"\s*)+)/gm;
  const join = (block) => [...block.matchAll(/"(.*)"/g)].map((m) => m[1]).join('');
  for (const m of text.matchAll(re)) {
    const id = join(m[1]);
    if (id) out.set(id, join(m[2]).replace(/\\"/g, '"'));
  }
  return out;
}
