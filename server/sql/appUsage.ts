/**
 * App usage figures (the master service's "use time"): one definition each, shared by every call
 * that shows them. `app_usage` holds the seconds one client spent in the mobile app on one UTC day.
 */

/** Hours from seconds, two decimals: app user time in hours = seconds / 3600. */
export const hoursSql = (seconds: string) => `round((${seconds})::numeric / 3600, 2)`;

/** A client as the usage rows name it. */
export const usageUserJson = (u: string) =>
  `json_build_object('_id', ${u}.id, 'name', ${u}.name, 'lastName', ${u}.last_name, 'email', ${u}.email)`;

/** Per-user time on day `$dayRef`: rows { user, time, hours }, most time first. */
export const userDayTimeSql = (dayRef: string) =>
  `SELECT coalesce(json_agg(json_build_object(
            'user', ${usageUserJson('u')}, 'time', a.seconds, 'hours', ${hoursSql('a.seconds')})
          ORDER BY a.seconds DESC, u.name, u.last_name, u.id), '[]'::json) AS data
     FROM app_usage a JOIN clients u ON u.id = a.client_id
    WHERE a.date = ${dayRef}::date`;

/**
 * Every day from `$fromRef` to `$toRef` (days without usage included, as zeros):
 * total seconds, count of users with usage, average hours per user = total / count / 3600.
 */
export const dayGroupSql = (fromRef: string, toRef: string) =>
  `WITH days AS (
     SELECT d::date AS day FROM generate_series(${fromRef}::date, ${toRef}::date, interval '1 day') AS d),
   used AS (
     SELECT a.date, sum(a.seconds) AS total, count(*) AS count
       FROM app_usage a
      WHERE a.date BETWEEN ${fromRef}::date AND ${toRef}::date
      GROUP BY a.date)
   SELECT coalesce(json_agg(json_build_object(
            '_id', to_char(days.day, 'YYYY-MM-DD'),
            'total', coalesce(used.total, 0),
            'count', coalesce(used.count, 0),
            'totalHours', ${hoursSql('coalesce(used.total, 0)')},
            'average', CASE WHEN coalesce(used.count, 0) = 0 THEN 0
                            ELSE ${hoursSql('used.total::numeric / used.count')} END)
          ORDER BY days.day), '[]'::json) AS data
     FROM days LEFT JOIN used ON used.date = days.day`;

/**
 * App info of client `u` (null without a masterID): lifetime totals of its usage rows up to
 * `$todayRef` and the last 30 days ending on it.
 */
export const appInfoJson = (u: string, todayRef: string) =>
  `CASE WHEN ${u}.master_id IS NULL THEN NULL ELSE (
     SELECT json_build_object(
              'masterID', ${u}.master_id,
              'user', ${usageUserJson(u)},
              'totalTime', coalesce(sum(a.seconds), 0),
              'totalHours', ${hoursSql('coalesce(sum(a.seconds), 0)')},
              'daysUsed', count(a.date),
              'averageHours', CASE WHEN count(a.date) = 0 THEN 0
                                   ELSE ${hoursSql('sum(a.seconds)::numeric / count(a.date)')} END,
              'firstUse', to_char(min(a.date), 'YYYY-MM-DD'),
              'lastUse', to_char(max(a.date), 'YYYY-MM-DD'),
              'last30DaysTime', coalesce(sum(a.seconds) FILTER (WHERE a.date > ${todayRef}::date - 30), 0),
              'last30DaysUsed', count(a.date) FILTER (WHERE a.date > ${todayRef}::date - 30))
       FROM app_usage a
      WHERE a.client_id = ${u}.id AND a.date <= ${todayRef}::date) END`;
