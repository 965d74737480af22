/**
 * The design tokens the server's own HTML shares with the app: the values of src/web/styles/tokens.css
 * (tests/unit/tokens.test.ts checks they stay equal) for the mails' inline styles and the public pages'
 * stylesheet, which cannot load the app's CSS.
 */
export const TOKENS = {
  ink: '#17172b',
  ink2: '#4a4a68',
  line: '#e3e3ee',
  bg: '#ffffff',
  bg2: '#f6f6fb',
  brand: '#3d3ad6',
  brandStrong: '#2c29b8',
  danger: '#c22c3c',
  dangerSoft: '#fde8ea',
  focus: '#7a78ff',
  fontSans: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
} as const;

/** tokens.css custom property of each token (for the check against the stylesheet). */
export const TOKEN_PROPERTIES: Record<keyof typeof TOKENS, string> = {
  ink: 'c-ink',
  ink2: 'c-ink-2',
  line: 'c-line',
  bg: 'c-bg',
  bg2: 'c-bg-2',
  brand: 'c-brand',
  brandStrong: 'c-brand-strong',
  danger: 'c-danger',
  dangerSoft: 'c-danger-soft',
  focus: 'c-focus',
  fontSans: 'font-sans',
};
