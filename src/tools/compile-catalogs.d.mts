import type { Messages } from '@lingui/core';

export declare const LINGUI_CONFIG: string;
/** Compiles `{localesDir}/{lang}/messages.po` into `{outDir}/{lang}/messages.json`; the compiled messages by language. */
export declare function compileCatalogs(localesDir?: string, outDir?: string): Promise<Record<string, Messages>>;
