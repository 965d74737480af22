/**
 * A throwaway S3-compatible server for tests and benches (issue 19): s3rver (npm) on loopback, keeping
 * its objects in a folder. Buckets are made by the caller (CreateBucket), one per test app.
 * The access key and secret are s3rver's fixed pair; the server listens on 127.0.0.1 only.
 */
import S3rver from 's3rver';

export const S3_TEST_CREDENTIALS = Object.freeze({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

/** Starts the server on a free port (or `port`); answers its URL and a stop function. */
export async function startS3Server(directory, port = 0) {
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, allowMismatchedSignatures: false });
  const { port: bound } = await server.run();
  return { url: `http://127.0.0.1:${bound}`, stop: () => server.close() };
}
