/**
 * The offline corpus web search answers from: ModelDesk's own help pages, served by the gateway
 * at `/help/<slug>` so every cited link opens.
 */
export interface HelpPage {
  readonly slug: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
}

export const HELP_PAGES: readonly HelpPage[] = [
  {
    slug: "getting-started",
    title: "Getting started with ModelDesk",
    paragraphs: [
      "ModelDesk is a desktop client for the Model Gateway: one API key gives access to chat, web search, image and video models.",
      "On first start the app creates the profile Local gateway (offline), which talks to a gateway embedded in the app, so every pane can be tried without an account.",
      "To use a real gateway, open Settings, add a profile with the gateway's base URL and your API key, and select it in the profile switcher.",
    ],
  },
  {
    slug: "api-keys",
    title: "API keys and profiles",
    paragraphs: [
      "An API key is created in the gateway console. It identifies a tenant, and each key can have its own daily and monthly budget and its own rate limits.",
      "ModelDesk keeps keys in the main process only. They are encrypted with the operating system keychain and the window never receives them; Settings shows only the last four characters.",
      "A key can be sent as Authorization: Bearer or as x-api-key. Choose the form in the profile; both are accepted on every endpoint.",
    ],
  },
  {
    slug: "budgets",
    title: "Balance and budgets",
    paragraphs: [
      "The balance is the tenant's top-up balance plus its gift balance, in yuan (CNY). Every accepted generation is charged against it.",
      "A key may have a daily and a monthly budget. The Budget pane shows what was used, what remains and a countdown to the next reset.",
      "When a budget or the balance is exhausted the gateway refuses new work with HTTP 402, code BUDGET_EXCEEDED or INSUFFICIENT_BALANCE, until it resets or is topped up.",
    ],
  },
  {
    slug: "rate-limits",
    title: "Rate limits",
    paragraphs: [
      "Each key has a limit of requests per minute (RPM, default 60) and tokens per minute (TPM, default 100,000).",
      "Responses carry X-RateLimit-Limit and X-RateLimit-Remaining. A request over the limit gets HTTP 429 with code RATE_LIMIT and a Retry-After header in seconds.",
      "Video generation has its own limits: 5 requests per minute, 100 per day and 2 tasks running at once per key. ModelDesk queues extra videos locally until a slot frees.",
    ],
  },
  {
    slug: "streaming",
    title: "Streaming chat replies",
    paragraphs: [
      "Chat replies stream as Server-Sent Events. The chat-completions format sends data lines and ends with data: [DONE]; the messages format sends named events from message_start to message_stop.",
      "Press Stop or Esc to end a reply at once; the partial answer is kept. If the connection drops, the reply is marked Interrupted and can be retried.",
      "Temperature ranges from 0 to 2 in the chat-completions format and from 0 to 1 in the messages format; top_p ranges from 0 to 1.",
    ],
  },
  {
    slug: "images",
    title: "Generating images",
    paragraphs: [
      "Image generation takes a prompt, a size such as 1024x1024 and a number of images. Small models answer at once; most run as asynchronous tasks that take 10 to 30 seconds.",
      "Generated images are downloaded into the gallery as soon as they are ready, because the gateway's links expire after the retention period.",
      "Ask for b64_json to receive the image data inline instead of a link.",
    ],
  },
  {
    slug: "videos",
    title: "Generating videos",
    paragraphs: [
      "Video generation always runs as a task and takes one to five minutes. Sizes are 1280x720, 720x1280 and 1920x1080; durations are 5 or 8 seconds.",
      "Drop an image on the Reference image zone to turn it into a video: the request switches to image-to-video and the clip starts from that picture.",
      "Finished videos are saved in the gallery, where they play in place and keep their prompt, model, size and duration.",
    ],
  },
  {
    slug: "tasks",
    title: "Asynchronous tasks",
    paragraphs: [
      "A task moves from queued to processing to completed, or ends as failed, cancelled or expired. Progress rises from 0 to 100.",
      "ModelDesk records every task before waiting for it, polls every few seconds with a growing interval, and resumes polling after a restart, so a paid job is never lost or submitted twice.",
      "Queued and processing tasks can be cancelled; a completed or failed task cannot. Results expire after the retention period and the task then reports expired.",
    ],
  },
  {
    slug: "errors",
    title: "Errors and request IDs",
    paragraphs: [
      "Every error carries a code, a message and a request_id. Quote the request ID when you contact support; it finds the request in the console logs.",
      "INVALID_PARAMS (400) names the field at fault. UNAUTHORIZED (401) means the key is missing or wrong; FORBIDDEN (403) that the key may not use that model; MODEL_NOT_FOUND (404) that the model is unknown or offline.",
      "UPSTREAM_ERROR (502) and GATEWAY_TIMEOUT (504) come from the model provider and are worth retrying later.",
    ],
  },
  {
    slug: "web-search",
    title: "Web search with citations",
    paragraphs: [
      "Turn on Search the web to answer from search results. The answer marks its sources with numbers in brackets, like [1], and lists them under Sources.",
      "Each source has a title, a link and a snippet. In the offline profile the sources are these help pages, served by the local gateway.",
    ],
  },
];
