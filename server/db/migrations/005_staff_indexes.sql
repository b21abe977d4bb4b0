-- Task KPI: a task's first process/completed instants read from the index alone (no heap visits).
CREATE INDEX task_transactions_times_idx ON task_transactions (task_id, status) INCLUDE (created_at);
