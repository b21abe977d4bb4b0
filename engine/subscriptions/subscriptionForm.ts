import { z } from 'zod';
import { texts } from '../texts.ts';
import type { Schedule, Subscription, SubscriptionFormat } from './useSubscriptions.ts';

const t = texts.subscriptions;

/** The dialog's fields; `blocks` only when subscribing (a subscription's tables are not changed afterwards). */
export const subscriptionForm = z
  .object({
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    weekdays: z.array(z.number().int().min(1).max(7)),
    monthDay: z.number({ error: t.monthDayInvalid }).int(t.monthDayInvalid).min(1, t.monthDayInvalid).max(31, t.monthDayInvalid),
    hour: z.number().int().min(0).max(23),
    format: z.enum(['xlsx', 'csv']),
    skipEmpty: z.boolean(),
    blocks: z.array(z.string()),
    recipients: z.array(z.number().int()),
    /** Whether the tables are chosen here (subscribing) rather than kept (changing). */
    choosingTables: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.frequency === 'weekly' && values.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: t.weekdaysRequired });
    if (values.choosingTables && values.blocks.length === 0) ctx.addIssue({ code: 'custom', path: ['blocks'], message: t.tablesRequired });
  });

export type SubscriptionFormValues = z.infer<typeof subscriptionForm>;

/** A new subscription's first values: weekly on Monday at 08:00, Excel, the tables on screen. */
export function newSubscriptionValues(blocks: string[]): SubscriptionFormValues {
  return { frequency: 'weekly', weekdays: [1], monthDay: 1, hour: 8, format: 'xlsx', skipEmpty: false, blocks, recipients: [], choosingTables: true };
}

/** The values of a subscription being changed. */
export function subscriptionValues(subscription: Subscription, selfId: number | undefined): SubscriptionFormValues {
  const { schedule } = subscription;
  return {
    frequency: schedule.frequency,
    weekdays: schedule.weekdays ?? [],
    monthDay: schedule.monthDay ?? 1,
    hour: schedule.hour,
    format: subscription.format,
    skipEmpty: subscription.skipEmpty,
    blocks: subscription.blocks,
    recipients: subscription.recipients.map((person) => person.id).filter((id) => id !== selfId),
    choosingTables: false,
  };
}

/** The schedule the API takes: weekdays only for weekly, the day only for monthly. */
export function toSchedule(values: SubscriptionFormValues): Schedule {
  const { frequency, hour } = values;
  if (frequency === 'weekly') return { frequency, hour, weekdays: [...new Set(values.weekdays)].sort((a, b) => a - b) };
  if (frequency === 'monthly') return { frequency, hour, monthDay: values.monthDay };
  return { frequency, hour };
}

/** What the dialog hands back. */
export interface SubscriptionChoice {
  schedule: Schedule;
  format: SubscriptionFormat;
  skipEmpty: boolean;
  blocks: string[];
  /** Undefined when the field was not shown (not a shared view). */
  recipients: number[] | undefined;
}
