import { readFileSync } from 'node:fs';

/**
 * The time as the money rules see it (escrow release, payout pauses, finance months). Services read it
 * from here rather than from `new Date()`, so tests can move time past a return window.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand: real time plus an offset. */
export class OffsetClock implements Clock {
  constructor(private offsetMs = 0) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * 24 * 60 * 60 * 1000);
  }
}

/**
 * Real time plus an offset in milliseconds read from a file (CLOCK_OFFSET_FILE), for browser tests that run
 * the server in another process and move its clock by writing the file. A missing or unreadable file is no
 * offset. Never configured in production.
 */
export class FileOffsetClock implements Clock {
  constructor(private readonly path: string) {}

  now(): Date {
    let offset = 0;
    try {
      offset = Number(readFileSync(this.path, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
    return new Date(Date.now() + offset);
  }
}
