/**
 * The one definition of a housekeeping task's times:
 * - startedAt = the first `process` transaction; finishedAt = the first `completed` one
 * - minutesToStart = startedAt − task.date_start (planned start), in minutes
 * - minutesToFinish = finishedAt − startedAt, in minutes
 * A missing transaction gives null (the task is left out of that average).
 */
export const taskTimesSql = (t: string) => `
  SELECT tt_x.started_at AS "startedAt", tt_x.finished_at AS "finishedAt",
         extract(epoch FROM tt_x.started_at - ${t}.date_start) / 60 AS "minutesToStart",
         extract(epoch FROM tt_x.finished_at - tt_x.started_at) / 60 AS "minutesToFinish"
    FROM (SELECT min(tt.created_at) FILTER (WHERE tt.status = 'process') AS started_at,
                 min(tt.created_at) FILTER (WHERE tt.status = 'completed') AS finished_at
            FROM task_transactions tt WHERE tt.task_id = ${t}.id) tt_x`;
