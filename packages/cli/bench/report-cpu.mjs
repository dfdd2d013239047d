// Preloaded into each measured process: at exit, writes the CPU time the process used (user and
// system, in microseconds) to the file CTX_BENCH_CPU_FILE names.
import { writeFileSync } from "node:fs";

const file = process.env.CTX_BENCH_CPU_FILE;
if (file !== undefined) {
  process.on("exit", () => writeFileSync(file, JSON.stringify(process.cpuUsage())));
}
