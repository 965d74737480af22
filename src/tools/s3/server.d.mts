export declare const S3_TEST_CREDENTIALS: Readonly<{ accessKeyId: string; secretAccessKey: string }>;
export declare function startS3Server(directory: string, port?: number): Promise<{ url: string; stop: () => Promise<void> }>;
