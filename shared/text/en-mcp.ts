import { MCP_LIMITS } from "../ipc/mcp.ts";

/**
 * MCP servers' sentences in English: the form's problems and what main says of a server that fails.
 * A stdio server's errors also carry `stderr`, the tail of what it wrote there, shown beside them.
 */
export const mcpTextsEn = {
  MCP_VALUE_TOO_LONG: "This value is too long",
  MCP_VALUE_CHARACTERS: "A value may not hold line breaks",
  MCP_ROW_NAME_INVALID: "Not a valid name: letters, digits and _ for a variable; a header name for a header",
  MCP_HEADER_RESERVED: "The app sets this header itself",
  MCP_ROW_REPEATED: "This name is already used above",
  MCP_COMMAND_REQUIRED: "Command is required",
  MCP_TOO_MANY_ROWS: `At most ${MCP_LIMITS.rows} rows`,
  MCP_URL_INVALID: "The URL must start with http:// or https:// and carry no user name or password",
  MCP_SECRET_OVER_HTTP: "Secret headers are sent only over https, or over http to this machine",
  MCP_SECRET_REQUIRED: "Enter a value for the new secret {{name}}",
  MCP_SECRET_AGAIN: "The URL now points at another origin: enter the secret {{name}} again",

  MCP_SERVER_NOT_FOUND: "This MCP server no longer exists.",
  MCP_SETTINGS_INVALID:
    "The settings file's MCP servers no longer have the shape the app wrote; they are left as they are. Restart the app to restore its settings or start fresh.",
  MCP_TOO_MANY_SERVERS: `At most ${MCP_LIMITS.servers} MCP servers.`,
  MCP_NAME_TAKEN: 'Another MCP server is already named "{{name}}".',
  MCP_SERVER_DISABLED: 'The MCP server "{{server}}" is turned off in Settings.',
  MCP_SECRET_UNREADABLE: 'A secret of the MCP server "{{server}}" cannot be decrypted on this machine; enter it again.',
  MCP_START_FAILED: 'The MCP server "{{server}}" could not be started: {{cause}}',
  MCP_SERVER_EXITED: 'The MCP server "{{server}}" stopped. It is started again the next time it is used.',
  MCP_START_TIMEOUT: 'The MCP server "{{server}}" did not get ready within {{seconds}} s; it was stopped.',
  MCP_CALL_TIMEOUT: 'The tool {{tool}} of the MCP server "{{server}}" did not answer within {{seconds}} s.',
  MCP_CALL_CANCELLED: "The call was stopped.",
  MCP_STOPPED: "The MCP servers are stopped: the app is closing.",
  MCP_ANSWER_TOO_LARGE: 'The MCP server "{{server}}" sent an answer larger than the app reads; it was stopped.',
  MCP_HTTP_STATUS: 'The MCP server "{{server}}" answered HTTP {{status}}.',
  MCP_REDIRECT_REFUSED:
    'The MCP server "{{server}}" redirected to another address; its headers are sent only to the URL they were saved for.',
  MCP_UNREACHABLE: 'Could not reach the MCP server "{{server}}": {{cause}}',
  MCP_SERVER_ERROR: 'The MCP server "{{server}}" refused the request: {{cause}}',
};
