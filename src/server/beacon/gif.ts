/**
 * The smallest transparent 1×1 GIF89a (43 bytes): header, logical screen 1×1 with a 2-colour table,
 * a graphic control extension marking colour 0 transparent, one 1×1 image, trailer.
 */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
