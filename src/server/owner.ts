import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * Which process made something: an upload's part file (its name) or a conversion tool (a variable
 * in its environment). Several processes may share one data folder (web servers, `npm run worker`,
 * even on other machines), so "left behind by a process that is gone" must be decided per owner, never
 * by "not mine". A process is named by its pid and its start time (a reused pid has another), within
 * its pid space — the host name and the PID namespace — since the pid of another machine or container
 * means nothing here.
 */
export interface Owner {
  /** Hash of the host name and the PID namespace. */
  space: string;
  pid: number;
  /** Start time in clock ticks after boot (/proc/<pid>/stat, field 22). */
  start: number;
}

const hash = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);

function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/** Fields of /proc/<pid>/stat after the command name: [0] state … [19] start time (undefined: no such process). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

export const SELF: Owner = {
  space: hash(`${os.hostname()}\0${pidNamespace()}`, 8),
  pid: process.pid,
  start: Number(statFields(process.pid)?.[19] ?? 0),
};

/** `<space>-<pid>-<start>`: safe in file names and environment values. */
export const ownerName = (owner: Owner) => `${owner.space}-${owner.pid}-${owner.start}`;

export function parseOwner(name: string): Owner | undefined {
  const m = /^([0-9a-f]{8})-(\d{1,10})-(\d{1,20})$/.exec(name);
  return m ? { space: m[1] as string, pid: Number(m[2]), start: Number(m[3]) } : undefined;
}

/**
 * Whether the owner still runs: true or false in this pid space, undefined for another one (another
 * machine or container: cannot tell). A zombie counts as gone.
 */
export function ownerAlive(owner: Owner): boolean | undefined {
  if (owner.space !== SELF.space) return undefined;
  const fields = statFields(owner.pid);
  return fields !== undefined && fields[0] !== 'Z' && Number(fields[19]) === owner.start;
}

/** A short tag of a data folder, so tools and files of one installation are told from another's. */
export const dataDirTag = (dataDir: string) => hash(dataDir, 12);
