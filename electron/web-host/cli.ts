import { enableCompileCache } from "node:module";

// Most of the host's start is Node loading its few hundred modules: stripping their types and
// compiling them. The compile cache (in the system's temporary folder, or NODE_COMPILE_CACHE) keeps
// both for the next start; it must be on before they load, hence the dynamic import.
enableCompileCache();
await import("./run-web-host.ts");
