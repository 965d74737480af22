/** The app page the server lands on after a social sign-in (`redirect` of the start call; src/web/app/social.ts). */
export { OAUTH_LANDING_PATH } from '../../contracts/pages';
