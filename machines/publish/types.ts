import type { PublishingMode } from '../../src/contracts/books';

export type { BookProgress } from '../../src/contracts/books';

/**
 * A chosen file as the publishing machines see it. In the app these are the browser's `File`
 * objects (structurally compatible); tests and stories pass plain objects. The machines only read
 * name and size and hand the object on to the upload actor untouched.
 */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
}

/** What the publish modal hands to the upload page. */
export interface PublishRequest {
  files: PickedFile[];
  publishingMode: PublishingMode;
}
