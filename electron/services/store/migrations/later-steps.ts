import { CONVERSATION_COSTS_STEP } from "./conversation-costs-step.ts";
import { LEDGER_DAILY_STEP } from "./ledger-daily-step.ts";
import { SETTLED_SEARCH_STEP } from "./settled-search-step.ts";

/** What each release since changed of the schema, in order; a step once released is never edited. */
export const LATER_STEPS: readonly string[] = [
  // Untitled conversations were stored under the English title "New chat"; untitled is now empty.
  `
  UPDATE conversations SET title = '' WHERE title = 'New chat';
  `,
  // Failures and wait reasons of the app's own are coded sentences the window says in its language.
  `
  ALTER TABLE tasks ADD COLUMN error_text TEXT;
  UPDATE tasks SET wait_reason = NULL;
  `,
  // Prompt presets to start a conversation from; `settings` is JSON (system prompt, model, sampling).
  `
  CREATE TABLE presets (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    settings TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
  // Spend the app's calls do not explain is a ledger row of its own (\`outside\`); price learning keeps
  // what each movement was expected to cost, so a change of price is noticed and calls re-explained.
  `
  ALTER TABLE request_log ADD COLUMN outside INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE price_observations ADD COLUMN expected REAL;
  ALTER TABLE price_observations ADD COLUMN explained INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE price_observations ADD COLUMN charge_id INTEGER;
  ALTER TABLE price_observations ADD COLUMN other_id INTEGER;
  ALTER TABLE price_observations ADD COLUMN model TEXT;
  ALTER TABLE model_prices ADD COLUMN observed_factor REAL;
  CREATE TABLE attribution_cursors (
    profile_id TEXT PRIMARY KEY,
    settled_at INTEGER NOT NULL
  );
  CREATE TABLE price_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    model TEXT NOT NULL,
    unit TEXT NOT NULL,
    size TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL,
    price REAL NOT NULL,
    changed_at INTEGER NOT NULL
  );
  CREATE INDEX price_history_by_model ON price_history(profile_id, model, changed_at);
  `,
  // Answer versions: messages form a tree (a regenerated reply or an edited question is a sibling of the
  // one it replaces); a conversation shows the path to its shown leaf (null: the newest message).
  `
  ALTER TABLE messages ADD COLUMN parent_id TEXT;
  ALTER TABLE conversations ADD COLUMN shown_leaf_id TEXT;
  UPDATE messages SET parent_id = (
    SELECT before.id FROM messages before
    WHERE before.conversation_id = messages.conversation_id AND before.position < messages.position
    ORDER BY before.position DESC LIMIT 1
  );
  CREATE INDEX messages_by_parent ON messages(conversation_id, parent_id);
  `,
  // Files sent with a question (images, and text files sent inline), kept with it; and which models of a
  // profile's server take images (`image_input`: JSON, model code → takes | refuses).
  `
  CREATE TABLE message_attachments (
    id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    mime TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    data BLOB NOT NULL
  );
  CREATE INDEX message_attachments_by_message ON message_attachments(message_id, position);
  ALTER TABLE capabilities ADD COLUMN image_input TEXT;
  `,
  // Compare: one question put to several models. Each answer is a reply row of its own (a sibling of the
  // others); \`columns\` keeps them in the order the models were picked. Model sets name lists of models.
  `
  CREATE TABLE comparisons (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    question_id TEXT NOT NULL,
    columns TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX comparisons_by_conversation ON comparisons(conversation_id, created_at);
  CREATE TABLE model_sets (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    models TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // A cost says where it comes from (\`cost_kind\`: priced, measured, estimated, free, unknown) and, as an
  // estimate, the range that holds it; a call keeps the output its request allowed, which bounds its tokens;
  // a reading keeps how much of its move the key's two counters did not both show; a price listed without a size
  // holds at the sizes a charge confirmed it at.
  `
  ALTER TABLE request_log RENAME COLUMN cost_basis TO cost_kind;
  ALTER TABLE request_log ADD COLUMN cost_low REAL;
  ALTER TABLE request_log ADD COLUMN cost_high REAL;
  ALTER TABLE request_log ADD COLUMN max_tokens INTEGER;
  UPDATE request_log SET cost_low = cost, cost_high = cost WHERE cost_kind IN ('measured', 'free');
  ALTER TABLE balance_samples ADD COLUMN unconfirmed REAL NOT NULL DEFAULT 0;
  CREATE TABLE confirmed_sizes (
    profile_id TEXT NOT NULL,
    model TEXT NOT NULL,
    unit TEXT NOT NULL,
    size TEXT NOT NULL,
    confirmed_at INTEGER NOT NULL,
    PRIMARY KEY (profile_id, model, unit, size)
  );
  `,
  // A reading keeps when the key's day and month reset, so a new day is told from counters that disagree.
  `
  ALTER TABLE balance_samples ADD COLUMN daily_reset_at TEXT;
  ALTER TABLE balance_samples ADD COLUMN monthly_reset_at TEXT;
  `,
  // What a task says beside its state (JSON coded text): a failure that keeps repeating while it is
  // still followed, or results of its answer left out.
  `
  ALTER TABLE tasks ADD COLUMN notice TEXT;
  `,
  // A synchronous image answer's results (JSON), recorded before the first is downloaded: a restart
  // mid-way resumes the rest instead of losing them.
  `
  ALTER TABLE tasks ADD COLUMN results TEXT;
  `,
  // What a profile's server list says of its models (JSON): each one's kind where it gives one, and those
  // that fail on purpose. NULL: a list recorded before these were kept, asked for again.
  `
  ALTER TABLE capabilities ADD COLUMN model_kinds TEXT;
  ALTER TABLE capabilities ADD COLUMN test_models TEXT;
  `,
  // A PDF or Word document attached keeps its file and the text read from it (as sent), with a
  // summary (JSON: characters, pages read of how many, whether cut) a list shows without the text.
  `
  ALTER TABLE message_attachments ADD COLUMN text TEXT;
  ALTER TABLE message_attachments ADD COLUMN document TEXT;
  `,
  // Prompt presets grow into assistants: an avatar, a model set to start in Compare and documents join
  // their settings; a conversation keeps the assistant it was started from (JSON: id, name, avatar).
  // The built-ins are written once, here, so one the user deleted never comes back.
  `
  ALTER TABLE presets RENAME TO assistants;
  UPDATE assistants SET settings = json_set(settings, '$.avatar', '', '$.modelSetId', NULL, '$.documents', json('[]'))
    WHERE json_valid(settings);
  ALTER TABLE conversations ADD COLUMN assistant TEXT;
  INSERT INTO assistants (id, name, settings, created_at, updated_at)
  SELECT column1, column2, json_object('avatar', column3, 'systemPrompt', column5, 'model', '', 'modelSetId', NULL,
      'wireFormat', 'chat-completions', 'temperature', column4, 'topP', 1, 'maxTokens', 2048, 'stream', json('true'),
      'documents', json('[]')), unixepoch() * 1000, unixepoch() * 1000
  FROM (VALUES
    ('built-in-translator', 'Translator', '🌐', 0.3,
     'You are a translator. Translate each message into English; if it is already in English, into Simplified Chinese. '
     || 'Keep the meaning, the tone and the formatting (Markdown, lists, code) exactly. '
     || 'Reply with the translation alone, without notes, unless the user asks about a word or a choice.'),
    ('built-in-code-reviewer', 'Code reviewer', '🔍', 0.2,
     'You are a careful senior code reviewer. For the code or diff you are sent, first say in one sentence what it does. '
     || 'Then list its problems by importance: bugs and security issues first, then behaviour at the edges (empty input, '
     || 'errors, concurrency), then readability and naming. For each, quote the line, say why it matters and show the fix '
     || 'in a short code block. Do not rewrite the whole file and do not invent problems; if the code is good, say so briefly.'),
    ('built-in-summariser', 'Summariser', '📝', 0.3,
     'You summarise. For the text you are sent, reply with its gist in one sentence, then at most five bullet points with '
     || 'the key facts, decisions and figures, then any open questions or actions with who owns them. Keep names and figures '
     || 'as the text gives them and add nothing that is not in it. Reply in the language of the text.')
  );
  `,
  // Once the ledger's four indexes for a year of heavy use; they are built after the start now, where
  // a large ledger takes seconds over them (background-indexes.ts).
  "",
  // The tools a conversation offers its model (JSON: MCP servers, tools allowed for good, the cost cap
  // of a turn); NULL: none.
  `
  ALTER TABLE conversations ADD COLUMN tools TEXT;
  `,
  // Which models of a profile's server take tools (JSON: model code → takes | refuses), from its model
  // list or learnt from a refusal.
  `
  ALTER TABLE capabilities ADD COLUMN tool_input TEXT;
  `,
  // Search over messages' text: a trigram index, which finds any three characters in a row in any
  // script (English and Chinese alike; docs/chat.md), kept by triggers as messages are written,
  // streamed, edited and deleted. It says which messages hold a text, not where (detail none, a
  // quarter of the size): the text itself confirms. The messages already written are indexed after
  // the start, newest first, a few at a time (message-search-backfill.ts): those below
  // `message_search_backlog.below` are not in the index yet, and the triggers leave them to it.
  `
  CREATE VIRTUAL TABLE message_search USING fts5(
    content, content = 'messages', content_rowid = 'rowid', tokenize = 'trigram', detail = 'none'
  );
  CREATE TABLE message_search_backlog (below INTEGER NOT NULL);
  INSERT INTO message_search_backlog SELECT MAX(rowid) + 1 FROM messages HAVING COUNT(*) > 0;
  CREATE TRIGGER message_search_insert AFTER INSERT ON messages
  WHEN NOT EXISTS (SELECT 1 FROM message_search_backlog WHERE new.rowid < below)
  BEGIN
    INSERT INTO message_search (rowid, content) VALUES (new.rowid, new.content);
  END;
  CREATE TRIGGER message_search_delete AFTER DELETE ON messages
  WHEN NOT EXISTS (SELECT 1 FROM message_search_backlog WHERE old.rowid < below)
  BEGIN
    INSERT INTO message_search (message_search, rowid, content) VALUES ('delete', old.rowid, old.content);
  END;
  CREATE TRIGGER message_search_update AFTER UPDATE OF content ON messages
  WHEN old.content IS NOT new.content AND NOT EXISTS (SELECT 1 FROM message_search_backlog WHERE old.rowid < below)
  BEGIN
    INSERT INTO message_search (message_search, rowid, content) VALUES ('delete', old.rowid, old.content);
    INSERT INTO message_search (rowid, content) VALUES (new.rowid, new.content);
  END;
  `,
  // The spend per local day, kept by triggers, so a year's spend reads a few thousand sums
  // (ledger-daily-step.ts); the rows already written are summed after the start.
  LEDGER_DAILY_STEP,
  // Search indexes settled messages only, a settled reply after its done (settled-search-step.ts).
  SETTLED_SEARCH_STEP,
  // Each conversation's cost, kept for the conversation list and dropped as its calls change
  // (conversation-costs-step.ts).
  CONVERSATION_COSTS_STEP,
  // Its only readers, other spend's, have indexes of their own now (background-indexes.ts): on every
  // row it cost each write and 11 % of the ledger's bytes. Dropped in 20 ms at a million rows.
  "DROP INDEX IF EXISTS ledger_waiting;",
];
