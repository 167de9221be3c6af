import { type EntityProperty, type Platform, Type } from '@mikro-orm/core';
import { BaseSqlitePlatform } from '@mikro-orm/knex';

/**
 * An amount of money in kobo, a JS number. PostgreSQL stores it as `bigint`: a 32-bit `integer` ends at
 * ₦21,474,836.47, less than one big checkout. SQLite's `integer` is already 64-bit, so it stays `integer`
 * there (no table rebuilds). pg answers bigint as a string; this turns it back into a number, exact up to
 * ₦90 trillion (Number.MAX_SAFE_INTEGER kobo).
 */
export class KoboType extends Type<number, number | string> {
  override convertToDatabaseValue(value: number): number {
    return value;
  }

  override convertToJSValue(value: number | string): number {
    return value === null || value === undefined ? value : Number(value);
  }

  override compareAsType(): string {
    return 'number';
  }

  override getColumnType(_prop: EntityProperty, platform: Platform): string {
    return platform instanceof BaseSqlitePlatform ? 'integer' : 'bigint';
  }
}
