import { parsePoFile } from '@lingui/format-po';

/** A PO catalog's msgid → msgstr (the header and obsolete `#~` entries left out), read with Lingui's own PO reader. */
export function parsePo(text) {
  return new Map(
    parsePoFile(text)
      .items.filter((item) => !item.obsolete)
      .map((item) => [item.msgid, item.msgstr[0] ?? '']),
  );
}
