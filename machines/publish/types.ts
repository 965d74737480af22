import type { DocumentStatus, PublishingMode } from '../../src/contracts/books';

/**
 * A chosen file as the publishing machines see it. In the app these are the browser's `File`
 * objects (structurally compatible); tests and stories pass plain objects. The machines only read
 * name and size and hand the object on to the upload actor untouched.
 */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
}

/** What the upload page shows of a book while it converts (read from the upload answer and `book/get`). */
export interface BookProgress {
  id: string;
  /** SPEC §4: DONE is ready, ERROR failed, anything else converting. */
  status: DocumentStatus | string;
  /** document.error_code of a failed conversion. */
  errorCode: string | null;
  pagesDone: number;
  pagesTotal: number;
  /** image.small once the first page is rendered. */
  thumbnail: string | null;
}

/** What the publish modal hands to the upload page. */
export interface PublishRequest {
  files: PickedFile[];
  publishingMode: PublishingMode;
}
