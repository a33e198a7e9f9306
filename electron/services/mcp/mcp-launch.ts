/** What starting one server takes, its secrets decrypted: it stays in main and never reaches a view. */
export interface McpLaunch {
  readonly id: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly transport:
    | {
        readonly kind: "stdio";
        readonly command: string;
        readonly args: readonly string[];
        readonly env: Record<string, string>;
      }
    | {
        readonly kind: "http";
        readonly url: string;
        readonly headers: Record<string, string>;
        /** Where the headers may go: the origin the secrets were saved for. */
        readonly origin: string;
      };
}
