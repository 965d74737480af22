import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SkinColour, SkinStyle } from '../../../contracts/library';

/** Names of a skin's toolbar styles and colours (issue 16), shared by the list and the editor. */
export const STYLE_LABELS: Record<SkinStyle, MessageDescriptor> = {
  solid: msg({ id: 'library.skin.style.solid', message: 'Solid toolbar' }),
  translucent: msg({ id: 'library.skin.style.translucent', message: 'Translucent toolbar' }),
  minimal: msg({ id: 'library.skin.style.minimal', message: 'Minimal (icons only)' }),
};

export const COLOUR_LABELS: Record<SkinColour, MessageDescriptor> = {
  toolbar: msg({ id: 'library.skin.colour.toolbar', message: 'Toolbar' }),
  text: msg({ id: 'library.skin.colour.text', message: 'Text and icons' }),
  accent: msg({ id: 'library.skin.colour.accent', message: 'Accent' }),
  background: msg({ id: 'library.skin.colour.background', message: 'Background around the pages' }),
};
