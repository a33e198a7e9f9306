import { z } from "zod";
import { AppInfoSchema } from "./app-info.ts";
import { BudgetRequestSchema, BudgetSnapshotSchema } from "./budget.ts";
import {
  ConnectionTestSchema,
  ProfileIdSchema,
  ProfileInputSchema,
  ProfilesStateSchema,
  ProfileViewSchema,
} from "./profiles.ts";
import { StreamEventSchema, StreamIdSchema } from "./streams.ts";

const NoInput = z.undefined();

/** Every invoke channel between the window and main: its payload and its answer. */
export const INVOKE_CHANNELS = {
  "app.info": { input: NoInput, output: AppInfoSchema },
  "profiles.list": { input: NoInput, output: ProfilesStateSchema },
  "profiles.save": { input: ProfileInputSchema, output: ProfileViewSchema },
  "profiles.remove": { input: ProfileIdSchema, output: ProfilesStateSchema },
  "profiles.select": { input: ProfileIdSchema, output: ProfilesStateSchema },
  "profiles.test": { input: ProfileIdSchema, output: ConnectionTestSchema },
  "budget.get": { input: BudgetRequestSchema, output: BudgetSnapshotSchema },
  "streams.cancel": { input: StreamIdSchema, output: z.object({ cancelled: z.boolean() }) },
} as const;

/** Every event main pushes to windows. */
export const EVENT_CHANNELS = {
  "profiles.changed": ProfilesStateSchema,
  "stream.event": StreamEventSchema,
} as const;

export type InvokeChannel = keyof typeof INVOKE_CHANNELS;
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof INVOKE_CHANNELS)[C]["input"]>;
export type InvokeOutput<C extends InvokeChannel> = z.output<(typeof INVOKE_CHANNELS)[C]["output"]>;
export type EventChannel = keyof typeof EVENT_CHANNELS;
export type EventPayload<E extends EventChannel> = z.output<(typeof EVENT_CHANNELS)[E]>;

export const isInvokeChannel = (channel: string): channel is InvokeChannel => Object.hasOwn(INVOKE_CHANNELS, channel);
