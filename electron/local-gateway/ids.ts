import { randomBytes } from "node:crypto";

export const newId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString("hex")}`;
export const newRequestId = () => newId("req_");
