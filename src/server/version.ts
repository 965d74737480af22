import { version } from '../../package.json';

/** The product version (package.json), inlined by the bundler. */
export const VERSION: string = version;
