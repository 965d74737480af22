import { beforeEach, describe, expect, it } from 'vitest';
import { type Grecaptcha, loadRecaptcha, RECAPTCHA_ONLOAD, RECAPTCHA_SCRIPT, resetRecaptchaLoader } from '../../../src/web/app/recaptcha';

function fakeDoc() {
  const scripts: { src: string; async: boolean; onerror: (() => void) | null }[] = [];
  return {
    scripts,
    createElement: () => {
      const s = { src: '', async: false, onerror: null as (() => void) | null };
      return s;
    },
    head: { append: (node: unknown) => scripts.push(node as (typeof scripts)[number]) },
  };
}

describe('reCAPTCHA loader', () => {
  beforeEach(() => resetRecaptchaLoader());

  it('inserts the explicit-render script once and resolves when Google calls back', async () => {
    const win: Record<string, unknown> = {};
    const doc = fakeDoc();
    const first = loadRecaptcha(win, doc);
    const second = loadRecaptcha(win, doc);
    expect(doc.scripts).toHaveLength(1);
    expect(doc.scripts[0]?.src).toBe(RECAPTCHA_SCRIPT);
    expect(RECAPTCHA_SCRIPT).toContain('render=explicit');
    const api = { render: () => 1, reset: () => {} } satisfies Grecaptcha;
    win.grecaptcha = api;
    (win[RECAPTCHA_ONLOAD] as () => void)();
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });

  it('rejects when the script cannot load, and tries again next time', async () => {
    const win: Record<string, unknown> = {};
    const doc = fakeDoc();
    const attempt = loadRecaptcha(win, doc);
    doc.scripts[0]?.onerror?.();
    await expect(attempt).rejects.toThrow('reCAPTCHA script failed');
    void loadRecaptcha(win, doc);
    expect(doc.scripts).toHaveLength(2);
  });
});
