/** Google reCAPTCHA v2 (the DESIGN §2 option when QUIRE_CAPTCHA=recaptcha), loaded on demand. */
export interface Grecaptcha {
  render(
    element: HTMLElement,
    params: {
      sitekey: string;
      theme: 'dark' | 'light';
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

export const RECAPTCHA_ONLOAD = '__quireRecaptchaReady';
export const RECAPTCHA_SCRIPT = `https://www.google.com/recaptcha/api.js?render=explicit&onload=${RECAPTCHA_ONLOAD}`;

type RecaptchaWindow = { grecaptcha?: Grecaptcha; [RECAPTCHA_ONLOAD]?: () => void };
interface MinimalDocument {
  createElement(tag: 'script'): { src: string; async: boolean; onerror: (() => void) | null };
  head: { append(node: unknown): void };
}

let loading: Promise<Grecaptcha> | null = null;

/** Loads the script once (explicit rendering) and resolves with the API when Google calls back. */
export function loadRecaptcha(win: RecaptchaWindow, doc: MinimalDocument): Promise<Grecaptcha> {
  if (win.grecaptcha?.render) return Promise.resolve(win.grecaptcha);
  if (loading) return loading;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    win[RECAPTCHA_ONLOAD] = () => (win.grecaptcha ? resolve(win.grecaptcha) : reject(new Error('reCAPTCHA did not load')));
    const script = doc.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA script failed'));
    };
    doc.head.append(script);
  });
  return loading;
}

/** For tests: forget a previous load. */
export function resetRecaptchaLoader(): void {
  loading = null;
}
