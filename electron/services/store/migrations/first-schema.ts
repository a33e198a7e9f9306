/** The schema as the first releases built it, one step per release. */
export const FIRST_SCHEMA: readonly string[] = [
  `
  CREATE TABLE balance_samples (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    sampled_at INTEGER NOT NULL,
    balance REAL NOT NULL,
    daily_used REAL,
    monthly_used REAL
  );
  CREATE INDEX balance_samples_by_profile ON balance_samples(profile_id, sampled_at);
  CREATE TABLE request_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER,
    request_id TEXT,
    duration_ms INTEGER NOT NULL,
    error TEXT
  );
  CREATE INDEX request_log_by_profile ON request_log(profile_id, started_at);
  `,
  `
  CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    settings TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER
  );
  CREATE INDEX conversations_by_update ON conversations(deleted_at, updated_at);
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT,
    meta TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX messages_by_conversation ON messages(conversation_id, position);
  `,
  `
  CREATE TABLE tasks (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    model TEXT NOT NULL,
    prompt TEXT NOT NULL,
    params TEXT NOT NULL,
    status TEXT NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0,
    remote_id TEXT,
    request_id TEXT,
    wait_reason TEXT,
    error_code TEXT,
    error_message TEXT,
    created_at INTEGER NOT NULL,
    submitted_at INTEGER,
    updated_at INTEGER NOT NULL,
    finished_at INTEGER,
    next_poll_at INTEGER,
    poll_interval_ms INTEGER,
    wait_started_at INTEGER,
    dismissed INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX tasks_by_profile ON tasks(profile_id, created_at);
  CREATE INDEX tasks_by_status ON tasks(status);
  CREATE TABLE media (
    id TEXT PRIMARY KEY,
    task_id TEXT,
    profile_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    file_name TEXT NOT NULL,
    mime TEXT NOT NULL,
    prompt TEXT NOT NULL,
    model TEXT NOT NULL,
    size TEXT,
    duration INTEGER,
    remote_url TEXT,
    request_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX media_by_profile_kind ON media(profile_id, kind, created_at);
  `,
  `
  CREATE TABLE capabilities (
    profile_id TEXT PRIMARY KEY,
    models TEXT,
    features TEXT NOT NULL,
    checked_at INTEGER
  );
  `,
  `
  ALTER TABLE request_log ADD COLUMN kind TEXT NOT NULL DEFAULT 'other';
  ALTER TABLE request_log ADD COLUMN model TEXT;
  ALTER TABLE request_log ADD COLUMN error_code TEXT;
  ALTER TABLE request_log ADD COLUMN input_tokens INTEGER;
  ALTER TABLE request_log ADD COLUMN output_tokens INTEGER;
  ALTER TABLE request_log ADD COLUMN units REAL;
  ALTER TABLE request_log ADD COLUMN size TEXT;
  ALTER TABLE request_log ADD COLUMN chargeable INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE request_log ADD COLUMN settled_at INTEGER;
  ALTER TABLE request_log ADD COLUMN attributed INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE request_log ADD COLUMN cost REAL;
  ALTER TABLE request_log ADD COLUMN cost_basis TEXT NOT NULL DEFAULT 'unknown';
  ALTER TABLE request_log ADD COLUMN refund REAL;
  ALTER TABLE request_log ADD COLUMN refund_from INTEGER;
  ALTER TABLE request_log ADD COLUMN refund_to INTEGER;
  ALTER TABLE request_log ADD COLUMN refund_pending INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE request_log ADD COLUMN conversation_id TEXT;
  ALTER TABLE request_log ADD COLUMN message_id TEXT;
  ALTER TABLE request_log ADD COLUMN task_id TEXT;
  UPDATE request_log SET kind = CASE
    WHEN path IN ('/v1/chat/completions', '/v1/messages') THEN 'chat'
    WHEN path = '/v1/search/completions' THEN 'search'
    WHEN path = '/v1/images/generations' THEN 'image'
    WHEN path = '/v1/video/generations' THEN 'video'
    WHEN path = '/v1/balance' THEN 'balance'
    WHEN path = '/v1/models' THEN 'models'
    WHEN path LIKE '%/cancel' THEN 'cancel'
    WHEN path LIKE '/v1/tasks/%' OR path LIKE '/v1/video/generations/%' THEN 'poll'
    ELSE 'other' END;
  CREATE INDEX ledger_by_profile_kind ON request_log(profile_id, kind, started_at);
  CREATE INDEX ledger_by_profile_model ON request_log(profile_id, model, started_at);
  CREATE INDEX ledger_by_request_id ON request_log(request_id);
  CREATE INDEX ledger_by_message ON request_log(message_id);
  CREATE INDEX ledger_by_task ON request_log(task_id);
  CREATE INDEX ledger_by_conversation ON request_log(conversation_id);
  CREATE INDEX ledger_waiting ON request_log(profile_id, attributed, refund_pending);
  ALTER TABLE balance_samples ADD COLUMN sent_at INTEGER;
  CREATE TABLE price_observations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    observed_at INTEGER NOT NULL,
    amount REAL NOT NULL,
    calls TEXT NOT NULL
  );
  CREATE INDEX price_observations_by_profile ON price_observations(profile_id, observed_at);
  CREATE TABLE model_prices (
    profile_id TEXT NOT NULL,
    model TEXT NOT NULL,
    unit TEXT NOT NULL,
    size TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL,
    price REAL NOT NULL,
    observations INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (profile_id, model, unit, size, source)
  );
  `,
  `
  CREATE TABLE budget_alert_settings (
    profile_id TEXT PRIMARY KEY,
    settings TEXT NOT NULL
  );
  CREATE TABLE budget_alerts_fired (
    profile_id TEXT NOT NULL,
    metric TEXT NOT NULL,
    threshold REAL NOT NULL,
    period TEXT NOT NULL,
    value REAL NOT NULL,
    budget_limit REAL,
    fired_at INTEGER NOT NULL,
    PRIMARY KEY (profile_id, metric, threshold, period)
  );
  `,
  `
  CREATE INDEX ledger_open ON request_log(profile_id) WHERE chargeable = 1 AND (attributed = 0 OR refund_pending = 1);
  CREATE INDEX ledger_unpriced ON request_log(profile_id) WHERE chargeable = 1 AND cost_basis = 'unknown';
  CREATE INDEX price_observations_by_time ON price_observations(observed_at);
  `,
  `
  CREATE TABLE task_durations (
    model TEXT NOT NULL,
    size TEXT NOT NULL,
    completed INTEGER NOT NULL,
    mean_ms REAL NOT NULL,
    m2 REAL NOT NULL,
    PRIMARY KEY (model, size)
  );
  `,
];
