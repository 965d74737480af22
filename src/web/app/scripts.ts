import type { ScriptConsent } from '../../contracts/account-constants';

/** The attribute that marks the scripts this module added (one per name). */
export const SCRIPT_ATTRIBUTE = 'data-quire-script';

/**
 * Adds the script at `url` to the page; resolves when it has loaded, rejects when it fails. Aborting
 * removes it (if it has not run yet, it never will).
 */
export function loadScript(doc: Document, name: ScriptConsent, url: string, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    unloadScript(doc, name);
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.setAttribute(SCRIPT_ATTRIBUTE, name);
    const onAbort = () => {
      script.remove();
      reject(new DOMException('aborted', 'AbortError'));
    };
    script.addEventListener('load', () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    script.addEventListener('error', () => {
      signal?.removeEventListener('abort', onAbort);
      script.remove();
      reject(new Error(`${name}: the script did not load`));
    });
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    doc.head.append(script);
  });
}

/** Removes the script this module added for `name`. */
export function unloadScript(doc: Document, name: ScriptConsent): void {
  for (const el of doc.querySelectorAll(`script[${SCRIPT_ATTRIBUTE}="${name}"]`)) el.remove();
}
