export function createDatabase(adminUrl: string, prefix?: string): Promise<string>;
