export interface PgCluster {
  /** postgres://quire@127.0.0.1:PORT/postgres */
  url: string;
  dir: string;
  port: number;
  bin: string;
}
export function findPgBin(): string;
export function startCluster(): Promise<PgCluster>;
export function stopCluster(dir: string, bin?: string): Promise<void>;
