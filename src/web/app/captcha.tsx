import type { RenderCaptcha } from '../components/account/CaptchaField';
import { AltchaWidget } from './AltchaWidget';
import { RecaptchaWidget } from './RecaptchaWidget';

/** Mounts the configured captcha widget: ALTCHA (self-hosted, default) or Google reCAPTCHA (sign-up and contact forms). */
export const renderCaptcha: RenderCaptcha = (props) =>
  props.kind === 'altcha' ? <AltchaWidget {...props} /> : <RecaptchaWidget {...props} />;
