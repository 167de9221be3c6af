import { REPORT_REASONS, REPORT_STATUSES } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';
import { VendorSchema } from '../vendors/vendors.entities.js';

const now = () => new Date();

export const ReportSchema = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: {
    id: p.integer().primary().autoincrement(),
    reporter: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    vendor: () => p.manyToOne(VendorSchema).deleteRule('cascade').index(),
    reason: p.enum([...REPORT_REASONS]),
    description: p.string().length(1000),
    status: p.enum([...REPORT_STATUSES]).default('pending'),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type Report = InferEntity<typeof ReportSchema>;
